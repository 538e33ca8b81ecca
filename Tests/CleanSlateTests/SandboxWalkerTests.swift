import Glibc
import XCTest

@testable import CleanSlate

/// The bounded-descriptor walk under the wipe and the inspection: its way back up must land in the
/// directory it came from even when the tree changes under it.
final class SandboxWalkerTests: SandboxTestCase {
    func testWalkReturnsToTheRightParentWhenTheCurrentDirectoryIsMovedAway() throws {
        try sandbox.write("m", to: "a/b/c/marker")
        for index in 0..<5 { try sandbox.write("f", to: "a/b/file\(index)") }
        try sandbox.createDirectory("elsewhere")
        let expectedParent = try XCTUnwrap(Host.status(sandbox.path(.home, "a/b")))

        var parentOfC: stat?
        var failures: [String] = []
        var visited: Set<String> = []
        var moved = false  // c is visited again later, under elsewhere/
        try sandbox.withDirectory(.home, [], create: false) { home in
            TreeWalker().walk(
                root: home,
                visit: { _, _, name, status in
                    visited.insert(String(decoding: name, as: UTF8.self))
                    if name == Array("marker".utf8) && !moved {
                        moved = true
                        // While the walk is inside c, move c under another parent: its ".." changes.
                        XCTAssertEqual(rename(sandbox.path(.home, "a/b/c"), sandbox.path(.home, "elsewhere/c")), 0)
                    }
                    return status.kind == .directory ? .descend : .handled
                },
                leave: { parent, _, name, _ in
                    if name == Array("c".utf8) && parentOfC == nil {
                        var info = stat()
                        fstat(parent, &info)
                        parentOfC = info
                    }
                    return true
                },
                fail: { _, name, error, action in failures.append("\(action) \(name.map { String(decoding: $0, as: UTF8.self) } ?? ""): \(error.rawValue)") })
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(parentOfC?.st_ino, expectedParent.st_ino, "must come back to a/b, not to elsewhere/")
        XCTAssertTrue(visited.isSuperset(of: (0..<5).map { "file\($0)" }), "\(visited)")
    }

    func testWalkStopsAndReportsWhenItsPathNoLongerLeadsBack() throws {
        try sandbox.write("m", to: "a/b/marker")
        try sandbox.createDirectory("elsewhere")
        var failures: [String] = []
        var moved = false
        try sandbox.withDirectory(.home, [], create: false) { home in
            TreeWalker().walk(
                root: home,
                visit: { _, _, name, status in
                    if name == Array("marker".utf8) && !moved {
                        moved = true
                        // Move b out of a, and replace a by a new folder: neither ".." of b nor
                        // the path "a" from the root leads to the directory the walk came from.
                        XCTAssertEqual(rename(sandbox.path(.home, "a/b"), sandbox.path(.home, "elsewhere/b")), 0)
                        XCTAssertEqual(rename(sandbox.path(.home, "a"), sandbox.path(.home, "elsewhere/old-a")), 0)
                        XCTAssertEqual(mkdir(sandbox.path(.home, "a"), 0o755), 0)
                    }
                    return status.kind == .directory ? .descend : .handled
                },
                leave: { _, _, _, _ in true },
                fail: { path, name, _, action in
                    failures.append(action + " " + DisplayPath.render(path + (name.map { [$0] } ?? [])))
                })
        }
        XCTAssertEqual(failures, ["returning to the parent directory a/b"])
    }
}
