/// A test-case property that is set to nil automatically after the test's teardown.
///
/// XCTest keeps every test-case instance alive for the whole run, so whatever a stored property
/// holds after a test (a launcher, a large fixture, an open file) lives until the process exits.
/// Mark such properties `@AutoTearDown` in a ``CleanSlateTestCase`` and they are released after
/// `tearDown()`, with no teardown code.
///
/// ```swift
/// @AutoTearDown var app: AppLauncher?
/// ```
@propertyWrapper
public final class AutoTearDown<Value> {
    /// The property's value; nil after teardown.
    public var wrappedValue: Value?

    /// Creates the wrapper (usually with no initial value).
    public init(wrappedValue: Value? = nil) {
        self.wrappedValue = wrappedValue
    }
}

/// What the leak check needs of ``AutoTearDown`` without knowing its generic parameter.
protocol AutoTearDownStorage: AnyObject {
    func releaseValue()
}

extension AutoTearDown: AutoTearDownStorage {
    func releaseValue() { wrappedValue = nil }
}

/// A test-case property that deliberately keeps its value for the whole run (a constant, a shared
/// immutable fixture). The teardown leak check of ``CleanSlateTestCase`` skips it.
@propertyWrapper
public struct TestConstant<Value> {
    /// The constant's value.
    public let wrappedValue: Value

    /// Wraps a value that is kept on purpose.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

/// Marks ``TestConstant`` for the leak check without knowing its generic parameter.
protocol TestConstantStorage {}
extension TestConstant: TestConstantStorage {}
