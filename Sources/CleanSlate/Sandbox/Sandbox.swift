import Foundation

// TEMPORARY minimal stand-in, replaced by the sandbox branch.
public final class Sandbox: @unchecked Sendable {
    public enum Location: String, CaseIterable, Sendable { case home, config, data, cache, state, runtime, temporary }
    public let root: String
    public var home: String { root + "/home" }
    public var configHome: String { root + "/xdg/config" }
    public var dataHome: String { root + "/xdg/data" }
    public var cacheHome: String { root + "/xdg/cache" }
    public var stateHome: String { root + "/xdg/state" }
    public var runtimeDirectory: String { root + "/xdg/runtime" }
    public var temporaryDirectory: String { root + "/tmp" }
    public private(set) var isWiped = false
    public init(rootDirectory: String? = nil) throws {
        var template = Array(((rootDirectory ?? "/dev/shm") + "/cleanslate-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw CleanSlateError(.sandboxFailed, "mkdtemp") }
        root = String(cString: template)
        for p in [home, configHome, dataHome, cacheHome, stateHome, runtimeDirectory, temporaryDirectory] {
            try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true)
        }
    }
    public func wipe() throws { try? FileManager.default.removeItem(atPath: root); isWiped = true }
}
