import Glibc

/// Starts a detached POSIX thread running `body`. Cheaper than Foundation's `Thread` (no run loop,
/// no thread dictionary), which matters because every launch starts one I/O thread.
enum DetachedThread {
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    static func start(stackSize: Int = 256 * 1024, _ body: @escaping () -> Void) throws {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(&thread, &attributes, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        if rc != 0 {
            Unmanaged<Box>.fromOpaque(context).release()
            throw CleanSlateError(.spawnFailed, errno: rc, "could not start the I/O thread")
        }
    }
}
