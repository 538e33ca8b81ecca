/// Turns a session over pipes into test statements: before each line the person typed, a wait for
/// the prompt they answered (`waitForOutput`), then the line (`typeText`).
enum PipeSteps {
    /// The statements of the test's body. The wait quotes the last line printed since the previous
    /// input; when that line was printed before too (a prompt asked again), the line before it is
    /// added, so the wait is for this time's text.
    static func steps(from session: RecordedSession) -> [String] {
        var lines: [String] = []
        var output = ""
        var sinceInput = ""
        for event in session.events {
            switch event.code {
            case "o":
                // The recording writes each line feed as CR LF; the app wrote LF.
                let text = event.data.replacingCRLF
                output += text
                sinceInput += text
            case "i":
                let printed = sinceInput.split(separator: "\n", omittingEmptySubsequences: true)
                    .map { String($0) }.filter { !$0.trimmingSpaces.isEmpty }
                if var wanted = printed.last?.trimmingTrailingSpaces {
                    let before = output.dropLast(sinceInput.count)
                    if before.contains(wanted), printed.count >= 2 { wanted = printed[printed.count - 2] + "\n" + wanted }
                    lines.append("try app.waitForOutput(\(SwiftLiteral.string(wanted)))")
                }
                let typed = Self.erasingBackspaces(event.data)
                if !typed.isEmpty { lines.append("try app.typeText(\(SwiftLiteral.string(typed)))") }
                sinceInput = ""
            default: break
            }
        }
        return lines
    }

    /// `text` with each Backspace (DEL or BS) and the character before it removed.
    static func erasingBackspaces(_ text: String) -> String {
        var result: [Character] = []
        for character in text {
            if character == "\u{7F}" || character == "\u{08}" { if !result.isEmpty { result.removeLast() } } else { result.append(character) }
        }
        return String(result)
    }
}

extension String {
    /// CR LF pairs as LF.
    var replacingCRLF: String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingReturn = false
        for scalar in unicodeScalars {
            if pendingReturn && scalar != "\n" { result.unicodeScalars.append("\r") }
            pendingReturn = scalar == "\r"
            if !pendingReturn { result.unicodeScalars.append(scalar) }
        }
        if pendingReturn { result += "\r" }
        return result
    }

    /// Without spaces at the end.
    var trimmingTrailingSpaces: String {
        var text = Substring(self)
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}
