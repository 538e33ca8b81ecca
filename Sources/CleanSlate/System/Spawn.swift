import Glibc

/// Everything a keeper needs to start one app, already validated and resolved.
struct SpawnRequest {
    /// How the child's descriptors 0, 1 and 2 are provided.
    enum StandardIO {
        /// Existing descriptors of this process, duplicated onto 0, 1 and 2 in the child.
        case descriptors(input: Int32, output: Int32, error: Int32)
        /// The slave side of a pseudo-terminal, opened by path by the app's keeper, which leads a new
        /// session whose controlling terminal it becomes; the app gets it as 0, 1 and 2 and runs in
        /// the foreground process group, as under a shell.
        case terminal(slavePath: String)
    }

    /// Absolute path of the executable.
    var executablePath: String
    /// The complete argument vector, `argv[0]` included.
    var argumentVector: [String]
    /// The complete environment as `NAME=value` entries.
    var environment: [String]
    /// The child's working directory.
    var workingDirectory: String
    /// The child's standard descriptors.
    var standardIO: StandardIO
    /// For a strict launch, the namespaces' file system view (paths above are then as the app sees
    /// them); nil for the standard level.
    var strictLayout: StrictLayout? = nil
}

/// How every CleanSlate launch is spawned: through the ``LaunchSupervisor``, whose keeper process
/// starts the app (vfork and exec, see `spawn_app` in supervisor.c) in a new session (and so a new
/// process group) for pipe launches, or in its own foreground process group of the keeper's
/// session on a terminal; an empty signal
/// mask, every signal at its default disposition, descriptors 0, 1 and 2 only, and the working
/// directory set in the child without touching this process's.
enum Spawner {
    /// Spawns the app; returns its pid and the socket to its keeper.
    static func spawn(_ request: SpawnRequest) throws -> LaunchSupervisor.Launch {
        try LaunchSupervisor.shared.launch(request)
    }

    /// The typed error for a failure `rc` of the keeper's spawn (a step in the child, or the exec).
    static func spawnError(_ rc: Int32, _ request: SpawnRequest) -> CleanSlateError {
        let path = request.executablePath
        switch rc {
        case ENOENT:
            return CleanSlateError(.executableNotFound, errno: rc,
                "\(path) or the working directory \(request.workingDirectory) does not exist (or a script's interpreter is missing)")
        case EACCES, EPERM:
            return CleanSlateError(.notExecutable, errno: rc, "\(path) cannot be executed: check its execute permission and that it is not on a noexec mount")
        case ENOEXEC:
            return CleanSlateError(.notExecutable, errno: rc, "\(path) is not in an executable format; a script needs a #! line")
        default:
            return CleanSlateError(.spawnFailed, errno: rc, "starting \(path) failed")
        }
    }
}

/// A NULL-terminated array of C strings, allocated for one call.
struct CStringArray {
    let pointers: [UnsafeMutablePointer<CChar>?]

    init(_ strings: [String]) {
        pointers = strings.map { strdup($0) } + [nil]
    }

    func free() {
        for pointer in pointers { Glibc.free(pointer) }
    }
}
