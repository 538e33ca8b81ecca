import Glibc
import XCTest
import _CleanSlateCShim

@testable import CleanSlate

/// A set-up step of a test that the host refused: thrown, it fails that test (never the whole run)
/// and says which step and why.
struct HostSetupFailure: Error, CustomStringConvertible {
    let description: String

    /// The failure of `step`, with the `errno` it left.
    init(_ step: String, errno code: Int32 = errno) {
        description = "test set-up failed: \(step): errno \(code) (\(String(cString: strerror(code))))"
    }
}

/// Host-side helpers for the sandbox tests: plain libc calls on paths outside any sandbox (or on a
/// sandbox's paths, to play the part of the app under test), independent of the code under test.
/// A step that fails throws ``HostSetupFailure``; one that needs a privilege the tests lack skips.
enum Host {
    /// Whether the tests run as root, which ignores file modes and may give files to other users.
    static var isRoot: Bool { geteuid() == 0 }

    /// Skips the test, saying what it needs, when the tests do not run as root: only root may give a
    /// file to another user or make a device node. `.ci/run` runs the suite as root and again as an
    /// ordinary user, so each such test runs in one of the two.
    static func requireRoot(toDo step: String) throws {
        guard isRoot else { throw XCTSkip("\(step) needs root; run the tests as root to cover this (.ci/run's first run does)") }
    }

    /// A fresh folder under /tmp for things that must survive a wipe ("outside the sandbox").
    static func makeFolder() throws -> String {
        var template = Array("/tmp/cleanslate-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { throw HostSetupFailure("mkdtemp /tmp/cleanslate-test-XXXXXX") }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes a host folder made by ``makeFolder`` (cleanup only; assertions never rely on it).
    static func removeFolder(_ path: String) {
        _ = TreeRemover().removeTree(at: path)
    }

    static func write(_ text: String, to path: String, mode: mode_t = 0o644) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard fd >= 0 else { throw HostSetupFailure("cannot create \(path)") }
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

    static func makeDirectory(_ path: String, mode: mode_t = 0o755) throws {
        guard mkdir(path, mode) == 0 || errno == EEXIST else { throw HostSetupFailure("cannot mkdir \(path)") }
        chmod(path, mode)
    }

    static func symlink(_ target: String, at path: String) throws {
        guard Glibc.symlink(target, path) == 0 else { throw HostSetupFailure("cannot symlink \(path)") }
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
    static func makeRawEntry(_ name: [UInt8], in directory: String, folder: Bool) throws {
        try makeRawEntry(name, in: Array(directory.utf8), folder: folder)
    }

    /// ``makeRawEntry(_:in:folder:)`` for a directory path given as raw bytes.
    static func makeRawEntry(_ name: [UInt8], in directory: [UInt8], folder: Bool) throws {
        let parent = open((directory + [0]).map { CChar(bitPattern: $0) }, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { throw HostSetupFailure("cannot open the folder \(directory) for a raw entry") }
        defer { close(parent) }
        let cName = (name + [0]).map { CChar(bitPattern: $0) }
        if folder {
            guard mkdirat(parent, cName, 0o755) == 0 else { throw HostSetupFailure("mkdirat \(name)") }
        } else {
            let fd = openat(parent, cName, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw HostSetupFailure("openat \(name)") }
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

    /// Changes the owner of everything below and including `path` (not following symlinks); skips
    /// the test when not root, the only user who may give files away.
    static func changeOwnerRecursively(_ path: String, to uid: uid_t, _ gid: gid_t) throws {
        try requireRoot(toDo: "giving files to uid \(uid) (lchown)")
        guard lchown(path, uid, gid) == 0 else { throw HostSetupFailure("lchown \(path) to \(uid):\(gid)") }
        guard isDirectory(path), let stream = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(stream)
        for name in names { try changeOwnerRecursively(path + "/" + name, to: uid, gid) }
    }

    /// Runs `body` on a new thread whose file-system identity is `uid`/`gid` (setfsuid/setfsgid are
    /// per thread), so permission checks apply to it as to an ordinary user while the rest of the
    /// test process keeps running as root. Skips the test when not root (only root may change its
    /// file-system identity); such tests already run as an ordinary user and use ``asOrdinaryUser(owning:_:)``.
    static func asUser<T>(_ uid: uid_t, _ gid: gid_t, _ body: @escaping () -> T) throws -> T {
        try requireRoot(toDo: "acting as uid \(uid) (setfsuid)")
        return try onNewThread {
            _ = cs_set_thread_fsgid(gid)
            _ = cs_set_thread_fsuid(uid)
            return body()
        }
    }

    /// Runs `body` on a new thread and waits for it.
    private static func onNewThread<T>(_ body: @escaping () -> T) throws -> T {
        var result: T?
        let box = ThreadBody()
        box.body = { result = body() }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let box = Unmanaged<AnyObject>.fromOpaque(context!).takeRetainedValue() as! ThreadBody
            box.body?()
            return nil
        }, Unmanaged.passRetained(box as AnyObject).toOpaque())
        guard started == 0 else { throw HostSetupFailure("pthread_create", errno: started) }
        pthread_join(thread, nil)
        guard let result else { throw HostSetupFailure("the thread returned nothing", errno: 0) }
        return result
    }

    /// Runs `body` as an ordinary user (see ``asOrdinaryUser(owning:_:)``) on a thread of its own
    /// whose umask is `mask`: the thread first takes its own umask, working folder and root
    /// (`unshare(CLONE_FS)`), so the rest of the test process, and the tests running beside this
    /// one, keep theirs.
    static func asOrdinaryUser<T>(underUmask mask: mode_t, _ body: @escaping () -> T) throws -> T {
        var unshareError: Int32 = 0
        let result = try onNewThread { () -> T? in
            guard cs_unshare_thread_file_system_attributes() == 0 else {
                unshareError = errno
                return nil
            }
            umask(mask)
            if isRoot {
                _ = cs_set_thread_fsgid(65534)
                _ = cs_set_thread_fsuid(65534)
            }
            return body()
        }
        guard let result else { throw HostSetupFailure("unshare(CLONE_FS) for a umask of one thread", errno: unshareError) }
        return result
    }

    /// Runs `body` as an ordinary user, for whom the kernel enforces file modes (and who owns the
    /// files under `tree`, when given): as root, on a thread acting as nobody (uid and gid 65534),
    /// after `tree` is given to nobody; as anyone else, directly, since this process already is an
    /// ordinary user.
    static func asOrdinaryUser<T>(owning tree: String? = nil, _ body: @escaping () -> T) throws -> T {
        guard isRoot else { return body() }
        if let tree { try changeOwnerRecursively(tree, to: 65534, 65534) }
        return try asUser(65534, 65534, body)
    }
}

/// A test case with a fresh sandbox and a host folder "outside" it for every test, both removed in
/// teardown (the sandbox by `wipe()`, so a wipe failure fails the test).
class SandboxTestCase: XCTestCase {
    var sandbox: Sandbox!
    var outside: String!

    override func setUpWithError() throws {
        sandbox = try Sandbox()
        outside = try Host.makeFolder()
    }

    override func tearDownWithError() throws {
        // Either may be missing when set-up failed (that failure is the test's).
        if let outside { Host.removeFolder(outside) }
        try sandbox?.wipe()
    }
}

/// The closure a thread made by ``Host/asUser(_:_:_:)`` runs.
final class ThreadBody: @unchecked Sendable {
    var body: (() -> Void)?
}

