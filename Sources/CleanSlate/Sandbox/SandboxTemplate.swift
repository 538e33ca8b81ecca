/// A sandbox prepared once and copied into each test's fresh sandbox.
///
/// Seeding the same fixtures in every test repeats the same work; a template does it once (for
/// example in a class-level `setUp`) and ``makeSandbox(rootDirectory:)`` then copies the prepared
/// tree into a new sandbox, preserving modes and symlinks, with reflinks or in-kernel copies where
/// the file system offers them. Every sandbox made is independent of the template and of the others.
/// Wipe the template when done (for example in the class-level `tearDown`).
///
/// ```swift
/// nonisolated(unsafe) static var template: SandboxTemplate!
/// override class func setUp() {
///     template = try! SandboxTemplate { try $0.copyItem(from: fixtures, to: "project") }
/// }
/// override class func tearDown() { try? template.wipe() }
/// // In each test:
/// let sandbox = try Self.template.makeSandbox()
/// ```
public final class SandboxTemplate: Sendable {
    /// The prepared sandbox the copies are made from.
    let sandbox: Sandbox

    /// Creates the template's sandbox (in `rootDirectory`, chosen like ``Sandbox/init(rootDirectory:)``)
    /// and runs `prepare` to seed it. If `prepare` throws, the template's sandbox is wiped and the
    /// error is rethrown.
    public init(rootDirectory: String? = nil, prepare: (Sandbox) throws -> Void) throws {
        sandbox = try Sandbox(rootDirectory: rootDirectory)
        do {
            try prepare(sandbox)
        } catch {
            try? sandbox.wipe()
            throw error
        }
    }

    /// The template's own folder.
    public var root: String { sandbox.root }

    /// A new sandbox holding a copy of the prepared tree.
    ///
    /// `rootDirectory` chooses where, as for ``Sandbox/init(rootDirectory:)``; it need not be where
    /// the template is (copies across file systems fall back to reading and writing).
    public func makeSandbox(rootDirectory: String? = nil) throws -> Sandbox {
        try Sandbox(template: self, rootDirectory: rootDirectory)
    }

    /// Removes the template's folder; see ``Sandbox/wipe()``. Sandboxes already made are unaffected.
    public func wipe() throws {
        try sandbox.wipe()
    }
}

extension Sandbox {
    /// Copies everything below this sandbox's root into `other`'s root, merging into the location
    /// folders `other` already has.
    @discardableResult
    func cloneContents(into other: Sandbox) throws -> TreeCopier.Statistics {
        try whileUsable {
            try withRootDirectory { source in
                try other.withRootDirectory { destination in
                    var copier = TreeCopier()
                    copier.mergeDirectories = true
                    // Each sandbox has its own owner record; the template's is not copied.
                    try copier.copyChildren(of: source, into: destination, path: [], excluding: [OwnerRecord.fileName])
                    return copier.statistics
                }
            }
        }
    }
}
