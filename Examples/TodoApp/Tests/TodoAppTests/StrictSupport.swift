import CleanSlate
import Foundation

/// Whether strict isolation can run on this machine: false where the kernel refuses user
/// namespaces (the strict tests then skip, saying so), unless CLEANSLATE_REQUIRE_EXTERNAL=1 asks
/// for them to run and fail there, as CleanSlate's CI does.
enum StrictSupport {
    static let available: Bool = {
        if ProcessInfo.processInfo.environment["CLEANSLATE_REQUIRE_EXTERNAL"] == "1" { return true }
        guard let sandbox = try? Sandbox() else { return true }
        defer { try? sandbox.wipe() }
        let probe = AppLauncher(.path("/bin/true"), sandbox: sandbox)
        probe.isolation = .strict
        defer { probe.terminate() }
        do {
            try probe.launch()
            _ = try probe.waitForExit(timeout: .seconds(10))
            return true
        } catch let error as CleanSlateError where error.code == .isolationUnavailable {
            return false
        } catch {
            return true
        }
    }()

    static let reason = "strict isolation is unavailable here: the kernel refuses user namespaces (see CleanSlate's article Isolation levels)"
}
