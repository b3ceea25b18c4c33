import Glibc

/// Run `body` on a new detached thread; false if the thread could not start.
///
/// The thread receives no signal but the ones a fault raises in it (SIGSEGV, SIGBUS…):
/// every other signal stays with the main thread, whose wait for input its handlers must
/// wake, and ncurses' handlers (SIGTSTP, SIGWINCH) never run beside the drawing. A fault's
/// handler must still restore the terminal, wherever it happens. `stackSize` 0 keeps the
/// system's default.
func startBackgroundThread(stackSize: Int = 0, _ body: @escaping @Sendable () -> Void) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }

    // The new thread inherits the mask in force when it is created.
    var signals = sigset_t()
    sigfillset(&signals)
    for fault in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS] { sigdelset(&signals, fault) }
    var previous = sigset_t()
    pthread_sigmask(SIG_SETMASK, &signals, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }

    let work = Unmanaged.passRetained(BackgroundWork(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(&thread, &attributes, { context in
        Unmanaged<BackgroundWork>.fromOpaque(context!).takeRetainedValue().body()
        return nil
    }, work)
    if result != 0 {
        Unmanaged<BackgroundWork>.fromOpaque(work).release()
        return false
    }
    return true
}

/// What a background thread runs, handed to `pthread_create` as its context.
private final class BackgroundWork: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}
