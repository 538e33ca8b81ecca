/// `notes add|list|clear`: a list of one-line notes in `$XDG_DATA_HOME/sampleapp/notes.txt`.
struct NotesCommand {
    /// Where SampleApp's files live.
    let paths: AppPaths

    /// Runs the action named by the first argument.
    func run(_ arguments: [RawArgument]) throws(SampleAppError) -> ExitStatus {
        guard let action = arguments.first?.text else {
            throw .usage("'notes' needs an action: add, list or clear")
        }
        let rest = Array(arguments.dropFirst())
        switch action {
        case "add": try add(rest)
        case "list":
            try Commands.expectNoArguments(rest, for: "notes list")
            try list()
        case "clear":
            try Commands.expectNoArguments(rest, for: "notes clear")
            try clear()
        default: throw .usage("unknown notes action '\(action)' (expected add, list or clear)")
        }
        return .success
    }

    /// Appends the words joined by spaces as one note; line breaks inside become spaces so a
    /// note is always exactly one line. Prints `Added note N.`.
    private func add(_ words: [RawArgument]) throws(SampleAppError) {
        let text = NameRules.trimmed(words.map(\.text).joined(separator: " "))
            .split(whereSeparator: \.isNewline).joined(separator: " ")
        guard !text.isEmpty else { throw .usage("'notes add' needs the text of the note") }
        let file = try paths.notesFile()
        try FileStore.append(Array((text + "\n").utf8), to: file)
        try Console.writeLine("Added note \(try notes(in: file).count).")
    }

    /// Prints the notes as `1. text`, one a line; prints nothing when there are none.
    private func list() throws(SampleAppError) {
        for (index, note) in try notes(in: paths.notesFile()).enumerated() {
            try Console.writeLine("\(index + 1). \(note)")
        }
    }

    /// Deletes the notes file and prints `Cleared N notes.`.
    private func clear() throws(SampleAppError) {
        let file = try paths.notesFile()
        let count = try notes(in: file).count
        try FileStore.removeFileIfPresent(file)
        try Console.writeLine("Cleared \(count) \(count == 1 ? "note" : "notes").")
    }

    /// The non-empty lines of the notes file; none when it does not exist.
    private func notes(in file: String) throws(SampleAppError) -> [String] {
        guard let bytes = try FileStore.readIfPresent(file) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
