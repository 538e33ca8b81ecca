import Glibc

/// The test process's own environment, read from `environ` (faster than building it through
/// Foundation, and read-only: CleanSlate never calls setenv).
package enum HostEnvironment {
    /// One variable of the test process's environment, nil when it is not set: what teardown asks
    /// for every test (`CLEANSLATE_KEEP`, `CLEANSLATE_ARTIFACTS_ALWAYS`), without building the whole
    /// environment as `ProcessInfo.processInfo.environment` does on each use.
    package static func value(of name: String) -> String? {
        FileSystemCall.environmentValue(name)
    }

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

    /// Only the named variables of the test process's environment (those that are set), `names` and
    /// `name`: much cheaper than ``current()`` when a launch needs just `PATH` and a few pass-throughs.
    static func values(of names: some Sequence<String>, and name: String) -> [String: String] {
        var result: [String: String] = [:]
        for name in names { add(name, to: &result) }
        add(name, to: &result)
        return result
    }

    private static func add(_ name: String, to result: inout [String: String]) {
        if let value = getenv(name) {
            result[name] = String(decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
        }
    }
}
