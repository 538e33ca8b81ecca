import Glibc
import XCTest
import _CleanSlateCShim

@testable import CleanSlate

/// Host-side helpers for the sandbox tests: plain libc calls on paths outside any sandbox (or on a
/// sandbox's paths, to play the part of the app under test), independent of the code under test.
enum Host {
    /// A fresh folder under /tmp for things that must survive a wipe ("outside the sandbox").
    static func makeFolder(file: StaticString = #filePath, line: UInt = #line) -> String {
        var template = Array("/tmp/cleanslate-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        XCTAssertNotNil(made, "mkdtemp failed: errno \(errno)", file: file, line: line)
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a host folder made by ``makeFolder`` (cleanup only; assertions never rely on it).
    static func removeFolder(_ path: String) {
        _ = TreeRemover().removeTree(at: path)
    }

    static func write(_ text: String, to path: String, mode: mode_t = 0o644) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        precondition(fd >= 0, "cannot create \(path): errno \(errno)")
        _ = Array(text.utf8).withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        chmod(path, mode)
    }

    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func makeDirectory(_ path: String, mode: mode_t = 0o755) {
        precondition(mkdir(path, mode) == 0 || errno == EEXIST, "cannot mkdir \(path): errno \(errno)")
        chmod(path, mode)
    }

    static func symlink(_ target: String, at path: String) {
        precondition(Glibc.symlink(target, path) == 0, "cannot symlink \(path): errno \(errno)")
    }

    /// `lstat`, or nil if nothing is there.
    static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    static func exists(_ path: String) -> Bool { status(path) != nil }

    static func mode(_ path: String) -> UInt32? { status(path).map { UInt32($0.st_mode & 0o7777) } }

    static func isDirectory(_ path: String) -> Bool { status(path).map { ($0.st_mode & S_IFMT) == S_IFDIR } ?? false }

    static func isSymlink(_ path: String) -> Bool { status(path).map { ($0.st_mode & S_IFMT) == S_IFLNK } ?? false }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(path, &buffer, buffer.count)
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates an entry with a raw byte name in `directory` (a file, or a folder when `folder`).
    static func makeRawEntry(_ name: [UInt8], in directory: String, folder: Bool) {
        makeRawEntry(name, in: Array(directory.utf8), folder: folder)
    }

    /// ``makeRawEntry(_:in:folder:)`` for a directory path given as raw bytes.
    static func makeRawEntry(_ name: [UInt8], in directory: [UInt8], folder: Bool) {
        let parent = open((directory + [0]).map { CChar(bitPattern: $0) }, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        precondition(parent >= 0)
        defer { close(parent) }
        let cName = (name + [0]).map { CChar(bitPattern: $0) }
        if folder {
            precondition(mkdirat(parent, cName, 0o755) == 0, "mkdirat failed: errno \(errno)")
        } else {
            let fd = openat(parent, cName, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            precondition(fd >= 0, "openat failed: errno \(errno)")
            close(fd)
        }
    }

    /// The number of descriptors this process has open.
    static func openDescriptorCount() -> Int {
        guard let stream = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(stream) }
        var count = 0
        while readdir(stream) != nil { count += 1 }
        return count
    }

    /// Changes the owner of everything below and including `path` (not following symlinks).
    static func changeOwnerRecursively(_ path: String, to uid: uid_t, _ gid: gid_t) {
        precondition(lchown(path, uid, gid) == 0, "lchown \(path): errno \(errno)")
        guard isDirectory(path), let stream = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(stream)
        for name in names { changeOwnerRecursively(path + "/" + name, to: uid, gid) }
    }

    /// Runs `body` on a new thread whose file-system identity is `uid`/`gid` (setfsuid/setfsgid are
    /// per thread), so permission checks apply to it as to an ordinary user while the rest of the
    /// test process keeps running as root.
    static func asUser<T>(_ uid: uid_t, _ gid: gid_t, _ body: @escaping () -> T) -> T {
        var result: T?
        let box = ThreadBody()
        box.body = {
            _ = cs_set_thread_fsgid(gid)
            _ = cs_set_thread_fsuid(uid)
            result = body()
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let box = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! ThreadBody
            box.body?()
            return nil
        }, Unmanaged.passRetained(box as AnyObject).toOpaque())
        precondition(started == 0)
        pthread_join(thread, nil)
        return result!
    }
}

/// A test case with a fresh sandbox and a host folder "outside" it for every test, both removed in
/// teardown (the sandbox by `wipe()`, so a wipe failure fails the test).
class SandboxTestCase: XCTestCase {
    var sandbox: Sandbox!
    var outside: String!

    override func setUpWithError() throws {
        sandbox = try Sandbox()
        outside = Host.makeFolder()
    }

    override func tearDownWithError() throws {
        try sandbox.wipe()
        Host.removeFolder(outside)
    }
}

/// The closure a thread made by ``Host/asUser(_:_:_:)`` runs.
final class ThreadBody: @unchecked Sendable {
    var body: (() -> Void)?
}

