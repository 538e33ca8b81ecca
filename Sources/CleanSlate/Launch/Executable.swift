import Glibc

/// The program an ``AppLauncher`` runs: an absolute path, a name looked up on `PATH`, or an
/// executable product that SwiftPM built for this package.
public struct Executable: Sendable, Equatable, CustomStringConvertible {
    enum Kind: Sendable, Equatable {
        case path(String)
        case name(String)
        case product(String)
    }

    let kind: Kind

    /// An executable at this path (absolute, or relative to the test process's working directory).
    public static func path(_ path: String) -> Executable { Executable(kind: .path(path)) }
    /// An executable looked up by name on the launch environment's `PATH`, as a shell would.
    public static func name(_ name: String) -> Executable { Executable(kind: .name(name)) }
    /// An executable product of this Swift package, found in the build folder next to the running
    /// test bundle (or next to the running executable), so `swift test` needs no path.
    public static func product(_ name: String) -> Executable { Executable(kind: .product(name)) }

    public var description: String {
        switch kind {
        case let .path(path): return path
        case let .name(name): return name
        case let .product(name): return "product \(name)"
        }
    }

    /// The name used for argv[0] and in messages.
    var displayName: String {
        switch kind {
        case let .path(path): return path
        case let .name(name), let .product(name): return name
        }
    }

    /// The absolute path to spawn, checked to exist and be executable.
    func resolve(searchPath: String) throws -> String {
        switch kind {
        case let .path(path):
            try Self.validate(path, what: "executable path")
            let absolute = path.hasPrefix("/") ? path : Self.currentDirectory() + "/" + path
            try Self.checkExecutable(absolute, notFound: "no file at \(absolute); check the path or build the program first")
            return absolute
        case let .name(name):
            try Self.validate(name, what: "executable name")
            if name.contains("/") { return try Executable.path(name).resolve(searchPath: searchPath) }
            let directories = searchPath.split(separator: ":", omittingEmptySubsequences: false).map { $0.isEmpty ? "." : String($0) }
            var nonExecutable: String?
            for directory in directories {
                let candidate = directory + "/" + name
                if Self.isRegularFile(candidate) {
                    if access(candidate, X_OK) == 0 { return candidate.hasPrefix("/") ? candidate : Self.currentDirectory() + "/" + candidate }
                    nonExecutable = nonExecutable ?? candidate
                }
            }
            if let nonExecutable {
                throw CleanSlateError(.notExecutable, "\(nonExecutable) was found on PATH but is not executable; chmod +x it")
            }
            throw CleanSlateError(.executableNotFound,
                "\(name) was not found on PATH; looked in: \(directories.joined(separator: ", ")). Pass .path(...) or add its folder to PATH")
        case let .product(name):
            try Self.validate(name, what: "product name")
            let folder = Self.runningExecutableFolder()
            let candidate = folder + "/" + name
            try Self.checkExecutable(candidate,
                notFound: "product \(name) was not found in \(folder), the folder of the running executable; run `swift build --product \(name)` or check the product's name in Package.swift")
            return candidate
        }
    }

    static func validate(_ text: String, what: String) throws {
        if text.isEmpty { throw CleanSlateError(.invalidArgument, "the \(what) is empty") }
        if text.utf8.contains(0) { throw CleanSlateError(.invalidArgument, "the \(what) \(text.debugDescription) contains a NUL byte") }
    }

    static func checkExecutable(_ path: String, notFound: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw CleanSlateError(.executableNotFound, errno: errno, notFound) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw CleanSlateError(.notExecutable, "\(path) is a directory, not an executable")
        }
        if access(path, X_OK) != 0 {
            throw CleanSlateError(.notExecutable, errno: errno, "\(path) is not executable; chmod +x it")
        }
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "." }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folder holding the running executable (for `swift test`, the test bundle's build folder).
    static func runningExecutableFolder() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return parentFolder(of: CommandLine.arguments.first ?? "./") }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return parentFolder(of: path)
    }

    /// The path without its last component.
    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
