import Foundation

/// Where the app keeps its state: the user's name in `$XDG_CONFIG_HOME/todo/name`, the to-dos in
/// `$XDG_DATA_HOME/todo/items.txt`, one a line, done ones starting with `x `.
struct Store {
    let nameFile: URL
    let itemsFile: URL

    /// The store of this user, from the XDG variables (or their defaults under HOME).
    static func forCurrentUser() throws -> Store {
        let environment = ProcessInfo.processInfo.environment
        guard let home = environment["HOME"], !home.isEmpty else { throw TodoError.noHome }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return Store(nameFile: URL(fileURLWithPath: config + "/todo/name"),
                     itemsFile: URL(fileURLWithPath: data + "/todo/items.txt"))
    }

    /// The saved name, nil before onboarding.
    func name() -> String? {
        (try? String(contentsOf: nameFile, encoding: .utf8)).map { $0.trimmingCharacters(in: .newlines) }
    }

    func saveName(_ name: String) throws {
        try write(name + "\n", to: nameFile)
    }

    func items() -> [Item] {
        guard let text = try? String(contentsOf: itemsFile, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            line.hasPrefix("x ") ? Item(text: String(line.dropFirst(2)), isDone: true) : Item(text: String(line), isDone: false)
        }
    }

    func saveItems(_ items: [Item]) throws {
        try write(items.map { ($0.isDone ? "x " : "") + $0.text + "\n" }.joined(), to: itemsFile)
    }

    private func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}

/// One to-do.
struct Item: Equatable {
    var text: String
    var isDone: Bool
}

/// What ends the app with an error message and a non-zero exit code.
enum TodoError: Error {
    case usage(String)
    case noHome
    case noSuchItem(Int)

    var message: String {
        switch self {
        case let .usage(text): return text
        case .noHome: return "HOME is not set"
        case let .noSuchItem(number): return "there is no to-do number \(number)"
        }
    }

    var exitCode: Int32 {
        switch self {
        case .usage, .noSuchItem: return 64
        case .noHome: return 78
        }
    }
}
