extension Sandbox {
    /// One of the sibling folders a sandbox hands to the app as HOME, an XDG base directory or TMPDIR.
    ///
    /// Each location is a separate folder under the sandbox root, so a test can assert that the app
    /// wrote under one (for example `XDG_CONFIG_HOME`) and nothing under another (HOME).
    public enum Location: String, CaseIterable, Sendable {
        /// `HOME`: the folder `<root>/home`.
        case home
        /// `XDG_CONFIG_HOME`: the folder `<root>/xdg/config`.
        case config
        /// `XDG_DATA_HOME`: the folder `<root>/xdg/data`.
        case data
        /// `XDG_CACHE_HOME`: the folder `<root>/xdg/cache`.
        case cache
        /// `XDG_STATE_HOME`: the folder `<root>/xdg/state`.
        case state
        /// `XDG_RUNTIME_DIR`: the folder `<root>/xdg/runtime`, mode 0700 as the XDG specification requires.
        case runtime
        /// `TMPDIR`: the folder `<root>/tmp`.
        case temporary

        /// The folder's path relative to the sandbox root, e.g. `xdg/config`.
        public var relativePath: String {
            switch self {
            case .home: "home"
            case .config: "xdg/config"
            case .data: "xdg/data"
            case .cache: "xdg/cache"
            case .state: "xdg/state"
            case .runtime: "xdg/runtime"
            case .temporary: "tmp"
            }
        }

        /// The environment variable that tells the app where this location is.
        public var environmentVariable: String {
            switch self {
            case .home: "HOME"
            case .config: "XDG_CONFIG_HOME"
            case .data: "XDG_DATA_HOME"
            case .cache: "XDG_CACHE_HOME"
            case .state: "XDG_STATE_HOME"
            case .runtime: "XDG_RUNTIME_DIR"
            case .temporary: "TMPDIR"
            }
        }

        /// The mode the folder is created with: 0700 for the runtime directory, 0755 for the others.
        public var permissions: UInt16 { self == .runtime ? 0o700 : 0o755 }

        /// The components of ``relativePath`` as raw names.
        var components: [FileName] {
            relativePath.utf8.split(separator: UInt8(ascii: "/")).map { FileName($0) }
        }
    }
}
