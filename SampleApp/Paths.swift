/// The XDG base directories SampleApp keeps files in.
enum BaseDirectory: CaseIterable, Sendable {
    case config, data, cache, state

    /// The environment variable that names this directory.
    var variable: String {
        switch self {
        case .config: "XDG_CONFIG_HOME"
        case .data: "XDG_DATA_HOME"
        case .cache: "XDG_CACHE_HOME"
        case .state: "XDG_STATE_HOME"
        }
    }

    /// Where the XDG spec puts this directory, relative to HOME, when the variable is unset.
    var homeRelativeDefault: String {
        switch self {
        case .config: ".config"
        case .data: ".local/share"
        case .cache: ".cache"
        case .state: ".local/state"
        }
    }

    /// A human name for messages ("config folder").
    var displayName: String {
        switch self {
        case .config: "config folder"
        case .data: "data folder"
        case .cache: "cache folder"
        case .state: "state folder"
        }
    }
}

/// Works out where SampleApp's files live from the environment it was launched with,
/// following the XDG Base Directory spec: `$XDG_…_HOME` when set to an absolute path,
/// otherwise the default below `$HOME`. SampleApp only ever touches the `sampleapp`
/// folder inside each of these.
struct AppPaths: Sendable {
    /// The name of SampleApp's own folder inside each base directory.
    static let folderName = "sampleapp"

    /// The environment the paths are read from.
    let environment: [String: String]

    /// The base directory of `kind`, or a configuration error (exit 78) when neither its XDG
    /// variable nor HOME says where it is. The spec says a relative XDG value is to be ignored.
    func baseDirectory(_ kind: BaseDirectory) throws(SampleAppError) -> String {
        if let value = environment[kind.variable], value.hasPrefix("/") {
            return value
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? home : home + "/") + kind.homeRelativeDefault
        }
        throw SampleAppError(
            status: .configuration,
            message: "cannot find the \(kind.displayName): neither \(kind.variable) nor HOME is set")
    }

    /// SampleApp's own folder inside the base directory of `kind`.
    func appDirectory(_ kind: BaseDirectory) throws(SampleAppError) -> String {
        try baseDirectory(kind) + "/" + Self.folderName
    }

    /// `$XDG_CONFIG_HOME/sampleapp/profile.json`: the onboarding result.
    func profileFile() throws(SampleAppError) -> String {
        try appDirectory(.config) + "/profile.json"
    }

    /// `$XDG_DATA_HOME/sampleapp/notes.txt`: one note a line.
    func notesFile() throws(SampleAppError) -> String {
        try appDirectory(.data) + "/notes.txt"
    }

    /// `$XDG_CACHE_HOME/sampleapp/index.cache`: present when the cache is warm.
    func cacheFile() throws(SampleAppError) -> String {
        try appDirectory(.cache) + "/index.cache"
    }
}
