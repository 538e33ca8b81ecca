import Glibc

/// The front end's retry of a system call that a signal interrupted.
enum InterruptedCall {
    /// `body` (a call that returns -1 and sets `errno` on failure) until it does not fail with EINTR.
    static func retrying(_ body: () -> Int32) -> Int32 {
        while true {
            let result = body()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
