/// How far an app is kept from the machine it runs on (see <doc:IsolationLevels>).
public enum Isolation: Sendable, Equatable {
    /// Isolation by environment: HOME, the XDG folders and TMPDIR point into the sandbox and session
    /// variables are withheld, but the app sees the real file system, processes and network.
    case standard
    /// Isolation by Linux namespaces (user, mount, PID, network, IPC, UTS) set up per launch: the
    /// file system is read-only except the sandbox, the homes and the test runner's working tree are
    /// hidden, the sandbox's home is at ``StrictOptions/homePath``, the app sees only its own
    /// processes and its own loopback network, and nothing it starts outlives the launch.
    case strict(StrictOptions)

    /// Strict isolation with the default options.
    public static let strict = Isolation.strict(StrictOptions())
}

/// Options of ``Isolation/strict(_:)``.
public struct StrictOptions: Sendable, Equatable {
    /// Where the sandbox's home folder appears inside (`HOME`): `/home/cleanslate`.
    public static let homePath = "/home/cleanslate"
    /// Where the whole sandbox folder appears inside (the XDG folders and `TMPDIR` are below it):
    /// `/run/cleanslate`.
    public static let sandboxPath = "/run/cleanslate"
    /// The user id and group id the app has inside (the test process's own ids are mapped to them).
    public static let userID: UInt32 = 1000
    /// The host name the app sees.
    public static let hostName = "cleanslate"

    /// When the kernel refuses user namespaces, launch with ``Isolation/standard`` instead of
    /// failing, after printing a warning to standard error. Off by default: strict isolation is
    /// never given up silently.
    public var fallsBackToStandard: Bool
    /// More folders to hide (cover with an empty, read-only folder), besides `/home`, `/root`,
    /// `/run`, `/tmp`, `/var/tmp`, `/dev/shm`, the test runner's working directory and the folder
    /// sandboxes are made in. Absolute paths; at most 200 (more throw `.invalidArgument`: hide a
    /// common parent instead).
    public var hiddenPaths: [String]
    /// What the app can reach over the network (default ``StrictNetwork/loopback``).
    public var network: StrictNetwork
    /// The most processes the app and everything it starts may have at once (default
    /// ``defaultMaximumProcessCount``, 256): past it `fork` fails with `EAGAIN`, so a fork bomb stays
    /// inside its launch; processes that have ended do not count, however many the app has run.
    /// 1...``maximumProcessCountLimit``. Where the test process runs as root, the kernel exempts
    /// the app from the per-user count and the bound is the PID namespace's `pid_max` (Linux 6.14
    /// and later; older kernels leave such an app unbounded): the app is PID 2 and every process
    /// after it is numbered from 300 up (the PIDs the kernel wraps around to), so the bound is the
    /// same, except that a limit of 1 allows 2 processes there (the kernel's least `pid_max` is 301).
    public var maximumProcessCount: Int

    /// The default of ``maximumProcessCount``: 256 processes.
    public static let defaultMaximumProcessCount = 256
    /// The largest ``maximumProcessCount``: 4,194,005 (the kernel's largest `pid_max`, 4,194,304,
    /// less the 299 PIDs below the ones the app's processes are numbered from).
    public static let maximumProcessCountLimit = 4_194_005

    /// Creates options.
    public init(fallsBackToStandard: Bool = false, hiddenPaths: [String] = [], network: StrictNetwork = .loopback,
                maximumProcessCount: Int = StrictOptions.defaultMaximumProcessCount) {
        self.fallsBackToStandard = fallsBackToStandard
        self.hiddenPaths = hiddenPaths
        self.network = network
        self.maximumProcessCount = maximumProcessCount
    }
}

/// The network of a strict launch (``StrictOptions/network``; <doc:IsolationLevels>).
public enum StrictNetwork: Sendable, Equatable {
    /// Its own network namespace with only its own loopback up: nothing on the host is reachable.
    case loopback
    /// The host's network, shared: everything the test process can reach, the app can too.
    case host
    /// Its own loopback, plus these TCP ports of the host's `127.0.0.1`: a connection to
    /// `127.0.0.1:PORT` inside is relayed to `127.0.0.1:PORT` on the host. Any other port is refused.
    /// At most ``maximumAllowedPorts`` ports, each 1...65535.
    case hostPorts([UInt16])

    /// The most ports ``hostPorts(_:)`` can name.
    public static let maximumAllowedPorts = 64
}
