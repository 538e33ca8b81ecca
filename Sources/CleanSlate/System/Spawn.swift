import Glibc
import _CleanSlateCShim

/// Everything `posix_spawn` needs for one launch, already validated and resolved.
struct SpawnRequest {
    /// How the child's descriptors 0, 1 and 2 are provided.
    enum StandardIO {
        /// Existing descriptors of this process, duplicated onto 0, 1 and 2 in the child.
        case descriptors(input: Int32, output: Int32, error: Int32)
        /// The slave side of a pseudo-terminal, opened by path in the child after `setsid` so that it
        /// becomes the controlling terminal, then duplicated onto 1 and 2.
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
}

/// `posix_spawn` with the settings every CleanSlate launch uses: a new session (and so a new process
/// group), an empty signal mask, every signal at its default disposition, descriptors 0, 1 and 2 only,
/// and the working directory set in the child without touching this process's.
enum Spawner {
    static func spawn(_ request: SpawnRequest) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        try check(posix_spawnattr_init(&attributes), "posix_spawnattr_init", request)
        defer { posix_spawnattr_destroy(&attributes) }
        var actions = posix_spawn_file_actions_t()
        try check(posix_spawn_file_actions_init(&actions), "posix_spawn_file_actions_init", request)
        defer { posix_spawn_file_actions_destroy(&actions) }

        let flags = Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF) | cs_spawn_flag_setsid()
        try check(posix_spawnattr_setflags(&attributes, flags), "posix_spawnattr_setflags", request)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        try check(posix_spawnattr_setsigmask(&attributes, &noSignals), "posix_spawnattr_setsigmask", request)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        try check(posix_spawnattr_setsigdefault(&attributes, &allSignals), "posix_spawnattr_setsigdefault", request)

        switch request.standardIO {
        case let .descriptors(input, output, error):
            try check(posix_spawn_file_actions_adddup2(&actions, input, 0), "adddup2(stdin)", request)
            try check(posix_spawn_file_actions_adddup2(&actions, output, 1), "adddup2(stdout)", request)
            try check(posix_spawn_file_actions_adddup2(&actions, error, 2), "adddup2(stderr)", request)
        case let .terminal(slavePath):
            try check(posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0), "addopen(\(slavePath))", request)
            try check(posix_spawn_file_actions_adddup2(&actions, 0, 1), "adddup2(stdout)", request)
            try check(posix_spawn_file_actions_adddup2(&actions, 0, 2), "adddup2(stderr)", request)
        }
        try check(cs_file_actions_addchdir(&actions, request.workingDirectory), "addchdir_np", request)
        try check(cs_file_actions_addclosefrom(&actions, 3), "addclosefrom_np", request)

        let argv = CStringArray(request.argumentVector)
        let envp = CStringArray(request.environment)
        defer { argv.free(); envp.free() }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, request.executablePath, &actions, &attributes, argv.pointers, envp.pointers)
        guard rc == 0 else { throw spawnError(rc, request) }
        return pid
    }

    private static func check(_ rc: Int32, _ call: String, _ request: SpawnRequest) throws {
        guard rc == 0 else {
            throw CleanSlateError(.spawnFailed, errno: rc, "\(call) failed while launching \(request.executablePath)")
        }
    }

    private static func spawnError(_ rc: Int32, _ request: SpawnRequest) -> CleanSlateError {
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
            return CleanSlateError(.spawnFailed, errno: rc, "posix_spawn failed for \(path)")
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
