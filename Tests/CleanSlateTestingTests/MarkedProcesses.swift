import Foundation

/// Finds processes by a variable in their environment, as the host sees them (host pids), whatever
/// namespaces they run in: a fixture gives its app `NAME=VALUE` with a value of the parent test's
/// choosing, and every process the app starts inherits it. A pid alone could be reused, and a
/// command line changes with `exec`.
enum MarkedProcesses {
    /// The name of the variable the strict fixtures give their apps.
    static let variable = "CLEANSLATE_STRICT_FIXTURE_APP"

    /// The pids of the processes whose environment holds `variable=value` as one entry (readable
    /// for this user's processes). A zombie has no environment left, so it is not found.
    static func pids(withEnvironment value: String, variable: String = variable) -> [Int32] {
        let entry = Data((variable + "=" + value).utf8)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap(Int32.init).filter { pid in
            let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") ?? Data()
            return environment.split(separator: 0).contains { Data($0) == entry }
        }.sorted()
    }
}
