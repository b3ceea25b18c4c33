import Foundation
import Testing

/// Threads of the end-to-end tests' own, which their tasks run on (`EndToEnd`'s trait).
///
/// Beside the unit tests, the test runner's few threads are busy with a long queue of them:
/// a waiting end-to-end test put back in that queue after each poll ran again only when the
/// queue drained, seconds later, and missed what lasts a few seconds (a deck loading). On
/// threads of their own the end-to-end tests run beside the unit tests, the machine's cores
/// shared out by the system.
final class EndToEndExecutor: TaskExecutor, @unchecked Sendable {
    /// More threads than cores: the store's process tests block theirs (reading pipes) while
    /// their writers run, and the other tests' waits must still be polled meanwhile.
    static let shared = EndToEndExecutor(threads: 8)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "end-to-end \(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs a suite's tests (its children inherit the preference) on `EndToEndExecutor`'s threads.
struct RunsOnEndToEndThreads: SuiteTrait, TestScoping {
    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        try await withTaskExecutorPreference(EndToEndExecutor.shared) { try await function() }
    }
}

extension Trait where Self == RunsOnEndToEndThreads {
    /// The suite's tests run on threads of their own, not the test runner's.
    static var runsOnEndToEndThreads: Self { RunsOnEndToEndThreads() }
}
