/// Builds the environment a launch receives, in layers: host (per policy), then the sandbox's
/// folders and the pinned values, then named pass-throughs, then the test's `launchEnvironment`,
/// which always wins.
struct LaunchEnvironmentBuilder {
    var host: [String: String]
    var policy: EnvironmentPolicy
    var sandbox: SandboxPaths
    var terminalType: String
    var launchEnvironment: [String: String]

    func build() throws -> [String: String] {
        var result: [String: String] = [:]
        if policy.inheritsHostEnvironment {
            result = host.filter { !PinnedEnvironment.sessionVariables.contains($0.key) }
        }
        result["PATH"] = host["PATH"] ?? PinnedEnvironment.fallbackPath
        result["HOME"] = sandbox.home
        result["XDG_CONFIG_HOME"] = sandbox.configHome
        result["XDG_DATA_HOME"] = sandbox.dataHome
        result["XDG_CACHE_HOME"] = sandbox.cacheHome
        result["XDG_STATE_HOME"] = sandbox.stateHome
        result["XDG_RUNTIME_DIR"] = sandbox.runtimeDirectory
        result["TMPDIR"] = sandbox.temporaryDirectory
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
        for (name, value) in launchEnvironment { result[name] = value }
        for (name, value) in result { try Self.validate(name: name, value: value) }
        return result
    }

    /// Rejects names and values that cannot be passed to exec.
    static func validate(name: String, value: String) throws {
        if name.isEmpty || name.contains("=") || name.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument,
                "environment variable name \(name.debugDescription) is invalid: it must be non-empty and contain neither '=' nor NUL")
        }
        if value.utf8.contains(0) {
            throw CleanSlateError(.invalidArgument,
                "the value of environment variable \(name) contains a NUL byte, which exec cannot pass; remove it or encode it")
        }
    }
}

/// The sandbox folders a launch's environment points at.
struct SandboxPaths {
    var home: String
    var configHome: String
    var dataHome: String
    var cacheHome: String
    var stateHome: String
    var runtimeDirectory: String
    var temporaryDirectory: String
}
