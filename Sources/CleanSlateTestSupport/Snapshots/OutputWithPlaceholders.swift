import CleanSlate

extension AppLauncher {
    /// What the app wrote to `stream` so far, decoded as UTF-8, with its sandbox's paths replaced by
    /// placeholders (`$HOME`, `$XDG_CONFIG_HOME`, ..., `$SANDBOX`; see `Sandbox/placeholders`).
    public func outputWithPlaceholders(_ stream: AppOutputStream = .standardOutput) -> String {
        sandbox.replacingPathsWithPlaceholders(in: String(decoding: outputBytes(stream), as: UTF8.self))
    }
}
