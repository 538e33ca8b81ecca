/// Builds the environment a launch receives, in layers: host (per policy), then the sandbox's
/// folders and the pinned values, then named pass-throughs, then the coverage profile (only when the
/// test process runs under coverage; otherwise no `LLVM_PROFILE_FILE`, even inherited), then the
/// test's `launchEnvironment`, which always wins.
struct LaunchEnvironmentBuilder {
    var host: [String: String]
    var policy: EnvironmentPolicy
    /// `HOME`, the XDG variables and `TMPDIR` pointing into the sandbox (``Sandbox/environment``).
    var sandbox: [String: String]
    var terminalType: String
    var launchEnvironment: [String: String]
    /// The app's `LLVM_PROFILE_FILE` when the test process runs under coverage (``CoverageProfile``).
    var coverageProfile: String? = nil

    func build() throws -> [String: String] {
        var result: [String: String] = [:]
        if policy.inheritsHostEnvironment {
            result = host.filter { !PinnedEnvironment.sessionVariables.contains($0.key) }
        }
        result["PATH"] = host["PATH"] ?? PinnedEnvironment.fallbackPath
        result.merge(sandbox) { _, folder in folder }
        result["LANG"] = PinnedEnvironment.locale
        result["LC_ALL"] = PinnedEnvironment.locale
        result["TZ"] = PinnedEnvironment.timeZone
        result["USER"] = PinnedEnvironment.userName
        result["LOGNAME"] = PinnedEnvironment.userName
        result["SHELL"] = "/bin/sh"
        result["TERM"] = terminalType
        for name in policy.passedThrough {
            if let value = host[name] { result[name] = value }
        }
        result[CoverageProfile.environmentVariable] = coverageProfile
        for (name, value) in launchEnvironment { result[name] = value }
        for (name, value) in result { try Self.validate(name: name, value: value) }
        return result
    }

    /// Rejects names and values that cannot be passed to exec.
    static func validate(name: String, value: String) throws {
        if name.isEmpty || name.utf8.contains(where: { $0 == UInt8(ascii: "=") || $0 == 0 }) {
            throw CleanSlateError(.invalidArgument,
                "environment variable name \(name.debugDescription) is invalid: it must be non-empty and contain neither '=' nor NUL")
        }
        if value.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument,
                "the value of environment variable \(name) contains a NUL byte, which exec cannot pass; remove it or encode it")
        }
    }
}
