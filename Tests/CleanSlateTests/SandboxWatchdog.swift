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

extension Watchdog {
    /// Runs `body(index)` on `count` new threads that start together (each waits until all exist),
    /// and waits up to `seconds` for all of them. Returns the results in index order, or nil when
    /// any did not finish in time.
    static func runTogether<T: Sendable>(
        _ count: Int, within seconds: Double = 10, _ body: @escaping @Sendable (Int) -> T
    ) -> [T]? {
        let ready = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()
        let results = Mutex<[Int: T]>([:])
        for index in 0..<count {
            ready.enter()
            finished.enter()
            Thread.detachNewThread {
                ready.leave()
                go.wait()
                let value = body(index)
                results.withLock { $0[index] = value }
                finished.leave()
            }
        }
        ready.wait()
        for _ in 0..<count { go.signal() }
        guard finished.wait(timeout: .now() + seconds) == .success else { return nil }
        return results.withLock { all in (0..<count).map { all[$0]! } }
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
