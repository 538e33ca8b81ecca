import Foundation

/// todo: a tiny to-do list.
///
///     todo               onboarding on first launch (asks your name), a greeting afterwards
///     todo add TEXT      adds a to-do
///     todo list          lists them, numbered
///     todo done N        marks number N done
///     todo ui            the full-screen list (arrows move, space ticks, q quits)
let usage = "usage: todo [add TEXT | list | done N | ui]"

func run(_ arguments: [String]) throws {
    let store = try Store.forCurrentUser()
    switch arguments.first {
    case nil:
        if let name = store.name() {
            let open = store.items().filter { !$0.isDone }.count
            print("Welcome back, \(name)! You have \(open) to-do\(open == 1 ? "" : "s").")
        } else {
            print("Welcome to todo!")
            print("What's your name? ", terminator: "")
            fflush(nil)  // the prompt has no newline
            let name = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { throw TodoError.usage("a name is needed to get started") }
            try store.saveName(name)
            print("Nice to meet you, \(name). Add a to-do with: todo add TEXT")
        }
    case "add":
        let text = arguments.dropFirst().joined(separator: " ")
        guard !text.isEmpty else { throw TodoError.usage(usage) }
        try store.saveItems(store.items() + [Item(text: text, isDone: false)])
        print("Added: \(text)")
    case "list":
        let items = store.items()
        if items.isEmpty { print("Nothing to do.") }
        for (index, item) in items.enumerated() {
            print("\(index + 1). [\(item.isDone ? "x" : " ")] \(item.text)")
        }
    case "done":
        guard arguments.count == 2, let number = Int(arguments[1]) else { throw TodoError.usage(usage) }
        var items = store.items()
        guard items.indices.contains(number - 1) else { throw TodoError.noSuchItem(number) }
        items[number - 1].isDone = true
        try store.saveItems(items)
        print("Done: \(items[number - 1].text)")
    case "ui":
        try FullScreenList(store: store).run()
    default:
        throw TodoError.usage(usage)
    }
}

do {
    try run(Array(CommandLine.arguments.dropFirst()))
} catch let error as TodoError {
    FileHandle.standardError.write(Data("todo: \(error.message)\n".utf8))
    exit(error.exitCode)
}
