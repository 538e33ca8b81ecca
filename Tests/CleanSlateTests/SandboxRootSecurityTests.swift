import Glibc
import XCTest

@testable import CleanSlate

/// The folder sandboxes are made in must not let another user swap a sandbox for a symlink: only
/// the current user (or root) may write to it and to every folder above it, unless it is sticky.
final class SandboxRootSecurityTests: XCTestCase {
    private var folder: String!

    override func setUpWithError() throws { folder = try Host.makeFolder() }
    override func tearDown() { if let folder { Host.removeFolder(folder) } }

    func testWorldWritableFolderWithoutStickyBitIsRefused() throws {
        let shared = folder + "/shared"
        try Host.makeDirectory(shared, mode: 0o777)
        let error = assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: shared) }
        let message = error?.message ?? ""
        XCTAssertTrue(message.contains(shared) && message.contains("0777") && message.contains("sticky"), message)
        XCTAssertTrue(message.contains("chmod"), "says what to fix: \(message)")
        XCTAssertEqual(entries(of: shared), [], "nothing is created in a refused folder")
    }

    func testFolderWritableByOthersButNotByTheGroupIsRefused() throws {
        // 0757: only the "other" write bit, so a check of the group bit alone would let it through.
        let shared = folder + "/others"
        try Host.makeDirectory(shared, mode: 0o757)
        let error = assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: shared) }
        XCTAssertTrue(error?.message.contains("mode 0757") ?? false, error?.message ?? "no error")
        XCTAssertEqual(entries(of: shared), [], "nothing is created in a refused folder")
    }

    func testGroupWritableFolderIsRefused() throws {
        let shared = folder + "/group"
        try Host.makeDirectory(shared, mode: 0o770)
        assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: shared) }
    }

    func testFolderOwnedByAnotherUserIsRefused() throws {
        try Host.requireRoot(toDo: "giving a folder to another user (chown)")
        let theirs = folder + "/theirs"
        try Host.makeDirectory(theirs, mode: 0o755)
        XCTAssertEqual(chown(theirs, 65534, 65534), 0)
        let error = assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: theirs) }
        XCTAssertTrue(error?.message.contains("uid 65534") == true, error?.message ?? "")
        XCTAssertEqual(entries(of: theirs), [])

        // Sticky does not help when the folder's owner is someone else: the owner of a sticky folder
        // may still rename or remove what others put in it.
        XCTAssertEqual(chmod(theirs, 0o1777), 0)
        assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: theirs) }
    }

    func testStickyWorldWritableFolderIsAcceptedAndEachSandboxIsPrivate() throws {
        let shared = folder + "/sticky"
        try Host.makeDirectory(shared, mode: 0o1777)
        let sandbox = try Sandbox(rootDirectory: shared)
        defer { try? sandbox.wipe() }
        XCTAssertTrue(sandbox.root.hasPrefix(shared + "/cleanslate-"), sandbox.root)
        XCTAssertEqual(Host.mode(sandbox.root), 0o700)
    }

    func testAnInsecureFolderAboveTheRootIsRefusedByName() throws {
        let shared = folder + "/shared"
        try Host.makeDirectory(shared, mode: 0o777)
        let mine = shared + "/mine"
        try Host.makeDirectory(mine, mode: 0o700)
        let error = assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: mine) }
        XCTAssertTrue(error?.message.contains("\(shared) is writable") == true, error?.message ?? "")
    }

    func testSymlinkedRootIsCheckedWhereItLeadsAndSandboxesAreMadeThere() throws {
        let real = folder + "/real"
        try Host.makeDirectory(real, mode: 0o700)
        try Host.symlink(real, at: folder + "/link")
        let sandbox = try Sandbox(rootDirectory: folder + "/link")
        defer { try? sandbox.wipe() }
        XCTAssertTrue(sandbox.root.hasPrefix(real + "/cleanslate-"), "the resolved folder is used: \(sandbox.root)")

        let shared = folder + "/shared"
        try Host.makeDirectory(shared, mode: 0o777)
        try Host.symlink(shared, at: folder + "/to-shared")
        assertThrowsCleanSlateError(.sandboxRootInsecure) { _ = try Sandbox(rootDirectory: folder + "/to-shared") }
    }

    func testPrivateFolderOfTheCurrentUserIsAccepted() throws {
        let sandbox = try Sandbox(rootDirectory: folder)
        defer { try? sandbox.wipe() }
        XCTAssertTrue(sandbox.root.hasPrefix(folder + "/cleanslate-"), sandbox.root)
    }

    private func entries(of path: String) -> [String] {
        guard let stream = opendir(path) else { return ["<cannot open>"] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
