/// Finds the stored properties of a test case that still hold values after teardown.
///
/// Walks the instance's stored properties by reflection, through its superclasses up to (not
/// including) XCTest's own classes. ``AutoTearDown`` properties are released first, ``TestConstant``
/// properties are skipped, optionals that are nil are fine; every other property is reported by name.
/// Static properties are not stored in the instance and are not checked.
enum StateLeakCheck {
    /// Releases every ``AutoTearDown`` property of `instance`.
    static func releaseAutoTearDownProperties(of instance: AnyObject) {
        forEachStoredProperty(of: instance) { _, value in
            (value as? AutoTearDownStorage)?.releaseValue()
        }
    }

    /// The names of the stored properties that still hold a value.
    static func leakedProperties(of instance: AnyObject) -> [String] {
        var leaked: [String] = []
        forEachStoredProperty(of: instance) { label, value in
            if value is AutoTearDownStorage || value is TestConstantStorage { return }
            if isNilOptional(value) { return }
            leaked.append(writtenName(ofStoredProperty: label))
        }
        return leaked
    }

    /// The name the user wrote for a stored property: a `lazy var x` is stored as
    /// `$__lazy_storage_$_x`, a property-wrapped `var x` as `_x`.
    static func writtenName(ofStoredProperty label: String) -> String {
        let lazyPrefix = "$__lazy_storage_$_"
        if label.hasPrefix(lazyPrefix) { return String(label.dropFirst(lazyPrefix.count)) }
        return label.hasPrefix("_") ? String(label.dropFirst()) : label
    }

    private static func forEachStoredProperty(of instance: AnyObject, _ body: (String, Any) -> Void) {
        var mirror: Mirror? = Mirror(reflecting: instance)
        while let current = mirror {
            if let type = current.subjectType as? AnyClass, isBoundary(type) { break }
            for child in current.children {
                guard let label = child.label else { continue }
                body(label, child.value)
            }
            mirror = current.superclassMirror
        }
    }

    private static func isBoundary(_ type: AnyClass) -> Bool {
        let name = String(reflecting: type)
        return name == "CleanSlateXCTest.CleanSlateTestCase" || name.hasPrefix("XCTest.")
    }

    private static func isNilOptional(_ value: Any) -> Bool {
        let mirror = Mirror(reflecting: value)
        return mirror.displayStyle == .optional && mirror.children.isEmpty
    }
}
