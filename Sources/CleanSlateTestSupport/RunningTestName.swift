import CleanSlate
import Synchronization
import Testing

/// The name of the running test, as the artifact folders and the kept-sandbox message give it.
package enum RunningTestName {
    /// `Module.Suite/test(argument:)`: how a Swift Testing test is named; for one case of a
    /// parameterized test, with that case's arguments, `Module.Suite/test(word: "x")`, so the cases
    /// (their kept sandboxes and artifact folders) can be told apart.
    package static func of(_ test: Test, case testCase: Test.Case? = nil) -> String {
        let name = test.id.moduleName + "." + test.id.nameComponents.joined(separator: "/")
        guard let testCase, let arguments = argumentsDescription(of: testCase) else { return name }
        let function = name.hasSuffix(")") ? name.prefix { $0 != "(" } : name[...]
        return function + "(" + arguments + ")"
    }

    /// The arguments of a parameterized test case as Swift Testing writes them, `word: "x", count: 2`;
    /// nil for a test that is not parameterized. Swift Testing shows a case's arguments only to tools
    /// (its `ForToolsIntegrationOnly` SPI, absent from the toolchain's public interface), so they are
    /// read by reflection; should their layout change, nil: the test's name alone, as before.
    static func argumentsDescription(of testCase: Test.Case) -> String? {
        guard testCase.isParameterized, let arguments = descendant("arguments", of: testCase) else { return nil }
        let described = Mirror(reflecting: arguments).children.map(\.value).compactMap { argument -> String? in
            guard let value = descendant("value", of: argument), let parameter = descendant("parameter", of: argument),
                  let label = descendant("firstName", of: parameter) as? String else { return nil }
            return label + ": " + String(describingForTest: value)
        }
        return described.isEmpty ? nil : described.joined(separator: ", ")
    }

    /// The first value labelled `label` among the stored properties of `value`, looked for level by
    /// level down to three levels (through an enum case and its tuple of associated values).
    private static func descendant(_ label: String, of value: Any) -> Any? {
        var level: [Any] = [value]
        for _ in 0..<3 {
            let children = level.flatMap { Mirror(reflecting: $0).children }
            if let found = children.first(where: { $0.label == label }) { return found.value }
            level = children.map(\.value)
        }
        return nil
    }

    /// The XCTest test each test sandbox (by its root) belongs to, while the test runs. XCTest gives
    /// a free function no way to learn which test calls it; the app an assertion is given knows its
    /// sandbox, and the XCTest helpers know which test made that sandbox.
    private static let xcTestNames = Mutex<[String: String]>([:])

    /// Notes that `sandbox` is the sandbox of the XCTest test `name`, until ``forget(_:)``.
    package static func note(_ name: String, for sandbox: Sandbox) {
        xcTestNames.withLock { $0[sandbox.root] = name }
    }

    /// Forgets the test of `sandbox` (its test has ended).
    package static func forget(_ sandbox: Sandbox) {
        _ = xcTestNames.withLock { $0.removeValue(forKey: sandbox.root) }
    }

    /// The running test: the Swift Testing test of this task; else the XCTest test whose sandbox
    /// `sandbox` is; else, for a sandbox the test made itself, the caller's module and file
    /// (`MyAppTests.WizardTests`).
    package static func current(sandbox: Sandbox, location: CallerLocation) -> String {
        if let test = Test.current { return of(test) }
        if let name = xcTestNames.withLock({ $0[sandbox.root] }) { return name }
        let file = location.fileID.split(separator: "/").last.map(String.init) ?? location.fileID
        let module = location.fileID.prefix { $0 != "/" }
        return module + "." + (file.hasSuffix(".swift") ? String(file.dropLast(".swift".count)) : file)
    }
}
