extension Sandbox {
    /// Replacements of this sandbox's paths by stable placeholders: each location's path by its
    /// variable (`$HOME`, `$XDG_CONFIG_HOME`, `$XDG_DATA_HOME`, `$XDG_CACHE_HOME`, `$XDG_STATE_HOME`,
    /// `$XDG_RUNTIME_DIR`, `$TMPDIR`) and the root by `$SANDBOX`, so that text naming them is the same
    /// from run to run and machine to machine. See `TextReplacements` (CleanSlateScreen) for how matches are found.
    /// The snapshot assertions and the tests `cleanslate record` writes use the same replacements.
    public var placeholders: TextReplacements {
        TextReplacements([(root, "$SANDBOX")] + Location.allCases.map { (path($0), "$" + $0.environmentVariable) })
    }

    /// `text` with this sandbox's paths replaced by ``placeholders``.
    public func replacingPathsWithPlaceholders(in text: String) -> String {
        placeholders.apply(to: text)
    }
}
