@testable import CleanSlate
import Foundation

/// Types `text` into `app` from another thread as soon as a wait on `app` is under way, so that what
/// the app answers arrives during that wait. The returned semaphore is signalled once `text` was
/// sent (or after 30 s without a wait).
func typeTextOnceAWaitBegins(_ text: String, into app: AppLauncher) -> DispatchSemaphore {
    let sent = DispatchSemaphore(value: 0)
    Thread {
        let deadline = Date().addingTimeInterval(30)
        while app.activeWaitCount == 0 && Date() < deadline { sched_yield() }
        try? app.typeText(text)
        sent.signal()
    }.start()
    return sent
}
