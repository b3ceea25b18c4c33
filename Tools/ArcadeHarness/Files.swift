import Glibc

/// Seconds on the monotonic clock.
public func monotonicNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}

/// The whole contents of a (small) file, or nil.
public func readFile(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &buffer, buffer.count)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        result += buffer[0..<count]
    }
    return result
}

/// The contents of a (small) text file, or nil.
public func readText(_ path: String) -> String? {
    readFile(path).map { String(decoding: $0, as: UTF8.self) }
}

public func fileExists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
}

/// Names in a directory (without `.` and `..`), sorted.
public func listDirectory(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
        }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

/// A fresh private directory under /tmp.
public func makeTemporaryDirectory(_ prefix: String) -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: \(String(cString: strerror(errno)))") }
    return String(cString: made)
}

/// Removes a directory tree (only what the caller created).
public func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        for name in listDirectory(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// Drops a file's pages from the page cache (written out first), so that the next start of the
/// program reads it from disk, as an installed program is read after a reboot. How its pages
/// came into the cache changes what a start keeps resident: on ext4 a binary just copied with
/// cp or install can be held in large folios and mapped whole, more of it resident than when
/// the same bytes are read from disk. Whether the kernel took the advice (pages a running
/// process maps stay).
@discardableResult
public func dropFromPageCache(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    _ = fdatasync(fd)
    return posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0
}
