import Glibc

/// Thin wrappers around raw libc calls: retry on `EINTR`, turn `-1`/`errno` into a typed
/// ``CleanSlateError`` that names the call and the thing it acted on.
package enum SystemCall {
    /// The text of an `errno` value.
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Runs `body` until it does not fail with `EINTR`; on `-1` throws an error naming `call` and `subject`.
    @discardableResult
    static func retrying<T: BinaryInteger>(
        _ call: String, _ subject: String, code: CleanSlateError.Code = .ioFailed, _ body: () -> T
    ) throws -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let error = errno
            if error == EINTR { continue }
            throw CleanSlateError(code, errno: error, "\(call) failed for \(subject)")
        }
    }

    /// Runs `body` until it does not fail with `EINTR`; returns the result or `-errno` style failure.
    static func retryingResult<T: BinaryInteger>(_ body: () -> T) -> Result<T, Errno> {
        while true {
            let result = body()
            if result != -1 { return .success(result) }
            let error = errno
            if error == EINTR { continue }
            return .failure(Errno(rawValue: error))
        }
    }

    /// ``retryingResult(_:)`` for a call site that reads `errno` itself (the command-line front
    /// end's): the result, or -1 with `errno` set to the failure that was not EINTR.
    package static func retryingInterrupted(_ body: () -> Int32) -> Int32 {
        switch retryingResult(body) {
        case let .success(result): return result
        case let .failure(error):
            errno = error.rawValue
            return -1
        }
    }

    /// Sleeps for `duration` (nanosleep, resumed with what is left after `EINTR`). For deliberate
    /// pauses such as ``Faults/typingDelay``, never in place of waiting for an event.
    static func pause(for duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR { request = remaining }
    }

    /// Closes a descriptor, ignoring errors (after `close` fails the descriptor is gone on Linux anyway).
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}

/// A raw `errno` value as an `Error`, for internal plumbing before it becomes a ``CleanSlateError``.
struct Errno: Error, Equatable {
    let rawValue: Int32
}
