/// When a test's sandbox is kept on disk for diagnosis instead of being wiped.
///
/// Resolved per call: an explicit value wins, then the `CLEANSLATE_KEEP` environment variable of the
/// test process (`never`, `failed` or `always`), then the default ``failed``. A kept sandbox's path
/// is printed on standard error in the test's teardown.
public enum KeepPolicy: String, Sendable, CaseIterable {
    /// Always wipe.
    case never
    /// Keep the sandbox when the test failed, so its files can be inspected (the default).
    case failed
    /// Always keep (for exploring what an app writes).
    case always

    /// The policy for a call: `explicit`, else the environment value, else `.failed`.
    ///
    /// - Throws: ``KeepPolicyError/invalidKeepPolicy(_:)`` if the environment value is not one of the three names.
    public static func resolve(explicit: KeepPolicy?, environmentValue: String?) throws -> KeepPolicy {
        if let explicit { return explicit }
        guard let raw = environmentValue, !raw.isEmpty else { return .failed }
        guard let policy = KeepPolicy(rawValue: raw.lowercased()) else {
            throw KeepPolicyError.invalidKeepPolicy(raw)
        }
        return policy
    }

    /// Whether a sandbox is kept given whether its test failed.
    public func keeps(testFailed: Bool) -> Bool {
        switch self {
        case .never: return false
        case .failed: return testFailed
        case .always: return true
        }
    }
}

/// Why a keep policy could not be read (from `CLEANSLATE_KEEP`), under either test integration.
public enum KeepPolicyError: Error, CustomStringConvertible, Equatable {
    /// `CLEANSLATE_KEEP` has a value that is not a policy name.
    case invalidKeepPolicy(String)

    public var description: String {
        switch self {
        case let .invalidKeepPolicy(value):
            return "CLEANSLATE_KEEP=\(value) is not valid: use never, failed or always"
        }
    }
}
