import Glibc

/// The test process's own environment, read from `environ` (faster than building it through
/// Foundation, and read-only: CleanSlate never calls setenv).
enum HostEnvironment {
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }
}
