import Glibc
import XCTest

@testable import CleanSlate

/// A template prepared once and cloned into each test's sandbox.
final class SandboxTemplateTests: XCTestCase {
    private func makeTemplate(rootDirectory: String? = nil) throws -> SandboxTemplate {
        try SandboxTemplate(rootDirectory: rootDirectory) { sandbox in
            for index in 0..<20 {
                try sandbox.write("file \(index)\n", to: "fixtures/file\(index).txt", in: .data)
            }
            try sandbox.write("token", to: "app/token", in: .config, permissions: 0o600)
            try sandbox.write("export EDITOR=vi\n", to: ".profile")
            try sandbox.createDirectory("app/empty", in: .cache)
            try Host.symlink("../xdg/config/app/token", at: sandbox.path(.home, "token-link"))
        }
    }

    func testClonesStartWithTheTemplatesTreeModesAndSymlinks() throws {
        let template = try makeTemplate()
        defer { try? template.wipe() }
        let clone = try template.makeSandbox()
        defer { try? clone.wipe() }

        XCTAssertNotEqual(clone.root, template.root)
        for location in Sandbox.Location.allCases {
            XCTAssertEqual(try clone.files(in: location), try template.sandbox.files(in: location), "\(location)")
        }
        XCTAssertEqual(try clone.files(in: .data).count, 21)
        XCTAssertEqual(try clone.text(of: "fixtures/file7.txt", in: .data), "file 7\n")
        XCTAssertEqual(Host.mode(clone.path(.config, "app/token")), 0o600)
        XCTAssertEqual(Host.mode(clone.root), 0o700)
        XCTAssertEqual(Host.mode(clone.runtimeDirectory), 0o700)
        XCTAssertEqual(Host.readLink(clone.path(.home, "token-link")), "../xdg/config/app/token")
        XCTAssertEqual(Host.read(clone.path(.home, "token-link")), "token", "the relative link resolves inside the clone")
    }

    func testClonesAreIndependentOfTheTemplateAndOfEachOther() throws {
        let template = try makeTemplate()
        defer { try? template.wipe() }
        let first = try template.makeSandbox()
        let other = try Sandbox(template: template)
        defer {
            try? first.wipe()
            try? other.wipe()
        }
        let templateBefore = try template.sandbox.snapshot()
        let otherBefore = try other.snapshot()

        try first.write("changed", to: "fixtures/file3.txt", in: .data)
        try first.write("new", to: "new.txt")
        XCTAssertEqual(unlink(first.path(.data, "fixtures/file4.txt")), 0)
        chmod(first.path(.config, "app/token"), 0o644)

        XCTAssertTrue(try template.sandbox.snapshot().changes(since: templateBefore).isEmpty)
        XCTAssertTrue(try other.snapshot().changes(since: otherBefore).isEmpty)
        XCTAssertEqual(try other.text(of: "fixtures/file3.txt", in: .data), "file 3\n")
        let firstChanges = try first.snapshot().changes(since: otherBefore)
        XCTAssertEqual(firstChanges.modified(in: .data), ["fixtures/file3.txt"])
        XCTAssertEqual(firstChanges.removed(in: .data), ["fixtures/file4.txt"])
        XCTAssertEqual(firstChanges.created(in: .home), ["new.txt"])
        XCTAssertEqual(firstChanges.modified(in: .config), ["app/token"])

        // Wiping the template leaves its clones intact.
        try template.wipe()
        XCTAssertFalse(Host.exists(template.root))
        XCTAssertEqual(try other.text(of: "fixtures/file0.txt", in: .data), "file 0\n")
        assertThrowsCleanSlateError(.sandboxWiped) { _ = try template.makeSandbox() }
    }

    func testCloneCopiesEveryFileAcrossFileSystems() throws {
        // Template on tmpfs, clone on the disk under /tmp: copy_file_range between different file
        // systems still works on this kernel, or the copier falls back to read/write.
        let folder = try Host.makeFolder()
        defer { Host.removeFolder(folder) }
        let template = try makeTemplate()
        defer { try? template.wipe() }
        let clone = try Sandbox(rootDirectory: folder)
        defer { try? clone.wipe() }

        let statistics = try template.sandbox.cloneContents(into: clone)
        XCTAssertEqual(statistics.cloned + statistics.copiedInKernel + statistics.copiedByReadWrite, 22)
        XCTAssertEqual(statistics.symlinks, 1)
        XCTAssertEqual(try clone.text(of: "fixtures/file19.txt", in: .data), "file 19\n")
    }

    func testFailingPrepareRemovesTheTemplateFolder() throws {
        struct PrepareFailed: Error {}
        var preparedRoot: String?
        XCTAssertThrowsError(try SandboxTemplate { sandbox in
            preparedRoot = sandbox.root
            try sandbox.write("half", to: "half.txt")
            throw PrepareFailed()
        }) { error in
            XCTAssertTrue(error is PrepareFailed)
        }
        XCTAssertNotNil(preparedRoot)
        XCTAssertFalse(Host.exists(preparedRoot!))
    }
}
