import Glibc
import _CleanSlateCShim

/// The one thread that does the I/O of every launch (except those with an output handler, which
/// may block and get a thread of their own): an epoll set over their output descriptors and keeper
/// sockets, plus an eventfd that terminate() uses to hand it requests. It also resumes the awaited
/// writes that wait for room in an app's input (``wakeWhenWritable(_:_:)``). So a test process running a
/// hundred apps at once has one I/O thread, not a hundred.
///
/// It is started on the first launch and lives as long as the process. Each descriptor is
/// registered with the launch it belongs to; a launch's own methods (`ioReadable`, `ioCommands`,
/// `ioEnd`) do the work, on this thread or, while a test thread waits on the launch, on that thread
/// (see `LaunchedProcess+ServedWaits.swift`): the launch lends its descriptors to the waiting thread
/// (``lend(_:of:)``), which serves them itself, and gives them back (``giveBack(_:of:)``). The
/// launch's `ioLock` makes sure only one of the two touches its I/O state at a time.
final class IOReactor: @unchecked Sendable {
    /// The reactor of this process.
    static let shared = IOReactor()

    private let lock = Monitor()
    private var epoll: Int32 = -1
    private var wakeup: Int32 = -1
    private var started = false
    // Guarded by `lock`.
    private var launches: [Int32: LaunchedProcess] = [:]
    private var requests: [LaunchedProcess] = []
    /// Awaited writes waiting for room in an app's input, by the duplicate of the input watched.
    private var writers: [Int32: SuspendedWait] = [:]

    /// Serves `process`'s I/O from now on.
    func add(_ process: LaunchedProcess) throws {
        try startIfNeeded()
        try lock.withLock {
            for fd in process.ioDescriptors {
                if cs_epoll_add(epoll, fd) != 0 {
                    let code = errno
                    for added in process.ioDescriptors where launches[added] === process {
                        _ = cs_epoll_remove(epoll, added)
                        launches[added] = nil
                    }
                    throw CleanSlateError(.spawnFailed, errno: code, "epoll_ctl failed for the output of \(process.executable)")
                }
                launches[fd] = process
            }
        }
    }

    /// Asks the reactor to look at `process`'s requests (stop, hang up) soon.
    func wake(_ process: LaunchedProcess) {
        lock.withLock { requests.append(process) }
        var one: UInt64 = 1
        _ = Glibc.write(wakeup, &one, 8)
    }

    private func startIfNeeded() throws {
        try lock.withLock {
            if started { return }
            epoll = cs_epoll_create()
            guard epoll >= 0 else { throw CleanSlateError(.spawnFailed, errno: errno, "epoll_create1 failed for the I/O thread") }
            wakeup = cs_eventfd()
            guard wakeup >= 0 else { throw CleanSlateError(.spawnFailed, errno: errno, "eventfd failed for the I/O thread") }
            _ = cs_epoll_add(epoll, wakeup)
            try DetachedThread.start(stackSize: 512 * 1024) { [self] in run() }
            started = true
        }
    }

    private func run() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LaunchedProcess.readSize, alignment: 16)
        var ready = [Int32](repeating: -1, count: 64)
        // The launches this batch changed: their waiters are woken once, after the whole batch.
        var touched: [LaunchedProcess] = []
        while true {
            let count = cs_epoll_wait(epoll, &ready, Int32(ready.count))
            if count < 0 { continue }  // EINTR
            defer {
                for process in touched { process.publishChanges() }
                touched.removeAll(keepingCapacity: true)
            }
            for index in 0..<Int(count) {
                let fd = ready[index]
                if fd == wakeup {
                    var value: UInt64 = 0
                    _ = Glibc.read(wakeup, &value, 8)
                    for process in lock.withLock({ () -> [LaunchedProcess] in defer { requests.removeAll() }; return requests }) {
                        process.reactorCommands()
                        touched.append(process)
                    }
                    continue
                }
                if let writer = lock.withLock({ () -> SuspendedWait? in
                    defer { if writers[fd] != nil { _ = cs_epoll_remove(epoll, fd); writers[fd] = nil } }
                    return writers[fd]
                }) {
                    writer.wake()
                    continue
                }
                // A descriptor of a launch that ended earlier in this batch is skipped.
                guard let process = lock.withLock({ launches[fd] }) else { continue }
                process.reactorReadable(fd, buffer: buffer)
                if !touched.contains(where: { $0 === process }) { touched.append(process) }
                // (`launches` no longer maps this launch's descriptors once it has ended.)
            }
        }
    }

    /// Resumes `wait` once the app's input `fd` has room: watches a duplicate of it, which it
    /// returns; the writer hands it to ``forgetWritable(_:)`` when its wait is over.
    func wakeWhenWritable(_ fd: Int32, _ wait: SuspendedWait) throws -> Int32 {
        try startIfNeeded()
        let copy = try Descriptors.duplicate(fd, "the input of an awaited write")
        let code = lock.withLock { () -> Int32 in
            guard cs_epoll_add_writable(epoll, copy) == 0 else { return errno }
            writers[copy] = wait
            return 0
        }
        guard code == 0 else {
            SystemCall.close(copy)
            throw CleanSlateError(.ioFailed, errno: code, "epoll_ctl failed for the input of an awaited write")
        }
        return copy
    }

    /// How many awaited writes wait for room now (for tests).
    var writerCount: Int { lock.withLock { writers.count } }

    /// Stops watching a duplicate made by ``wakeWhenWritable(_:_:)`` and closes it.
    func forgetWritable(_ copy: Int32) {
        lock.withLock {
            if writers.removeValue(forKey: copy) != nil { _ = cs_epoll_remove(epoll, copy) }
        }
        SystemCall.close(copy)
    }

    /// Stops waiting on `process`'s descriptors among `fds` (before they are closed or handed back).
    /// A lent descriptor is out of the epoll set already (the removal then fails harmlessly) and is
    /// forgotten all the same. A number now registered to another launch is left alone.
    func forget(_ fds: [Int32], of process: LaunchedProcess) {
        lock.withLock {
            for fd in fds where launches[fd] === process {
                _ = cs_epoll_remove(epoll, fd)
                launches[fd] = nil
            }
        }
    }

    /// Whether `fd` is registered to `process` (for tests: a launch's numbers are forgotten when
    /// its I/O ends, those it no longer owns included).
    func isRegistered(_ fd: Int32, to process: LaunchedProcess) -> Bool {
        lock.withLock { launches[fd] === process }
    }

    /// Stops waiting on the descriptors of `process` among `fds` while a test thread serves them;
    /// they stay registered to it, so ``forget(_:)`` and ``giveBack(_:of:)`` still know them.
    func lend(_ fds: [Int32], of process: LaunchedProcess) {
        lock.withLock {
            for fd in fds where launches[fd] === process { _ = cs_epoll_remove(epoll, fd) }
        }
    }

    /// Waits on lent descriptors again (those of `process` not forgotten meanwhile). The set is
    /// level-triggered: input that came after the lending thread last looked is seen at once.
    func giveBack(_ fds: [Int32], of process: LaunchedProcess) {
        lock.withLock {
            for fd in fds where launches[fd] === process { _ = cs_epoll_add(epoll, fd) }
        }
    }
}
