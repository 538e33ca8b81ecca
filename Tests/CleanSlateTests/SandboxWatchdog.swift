import Dispatch
import Synchronization
import XCTest

/// Runs work that must finish (a snapshot of a hostile tree) on its own thread, so a test can fail
/// instead of hanging when it does not. Nothing here measures speed: the limit is a generous bound
/// on "finishes at all".
enum Watchdog {
    /// Runs `body` on a new thread and waits up to `seconds` for it. Returns its result, or nil when
    /// it did not finish in time (the thread then keeps running; the caller must unblock it).
    static func run<T: Sendable>(within seconds: Double = 10, _ body: @escaping @Sendable () -> T) -> T? {
        let finished = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Thread.detachNewThread {
            let value = body()
            result.withLock { $0 = value }
            finished.signal()
        }
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        return result.withLock { $0 }
    }
}

/// A thrown error or a value, so a result can cross the watchdog's thread boundary.
enum Outcome<T: Sendable>: Sendable {
    case value(T)
    case error(String)

    init(_ body: () throws -> T) {
        do { self = .value(try body()) } catch { self = .error("\(error)") }
    }

    /// The value, or the error rethrown (as text).
    func get() throws -> T {
        switch self {
        case let .value(value): return value
        case let .error(text): throw OutcomeError(text: text)
        }
    }
}

/// An error that crossed a thread as text.
struct OutcomeError: Error, CustomStringConvertible {
    let text: String
    var description: String { text }
}
