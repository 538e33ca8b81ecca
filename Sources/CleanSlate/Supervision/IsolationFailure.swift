import Glibc
import _CleanSlateCShim

/// The typed error for a strict launch whose namespaces the keeper could not set up.
enum IsolationFailure {
    /// What the kernel settings are and how to allow user namespaces; shared by the error and the
    /// fallback warning.
    static let howToAllow = "unprivileged user namespaces may be restricted on this machine. Allow them with "
        + "`sysctl -w kernel.unprivileged_userns_clone=1` (Debian and older Ubuntu kernels), "
        + "`sysctl -w user.max_user_namespaces=15000` (0 disables them), or on Ubuntu 23.10 and later "
        + "`sysctl -w kernel.apparmor_restrict_unprivileged_userns=0` (or an AppArmor profile that allows `userns`); "
        + "or run with StrictOptions(fallsBackToStandard: true) (`cleanslate run --isolation strict-or-standard`) "
        + "to fall back to standard isolation with a warning"

    /// The error for `errno` at `step` (a CS_ISOLATION_STEP_*) of a launch with `layout`.
    static func error(errno code: Int32, step: Int32, executable: String, layout: StrictLayout?) -> CleanSlateError {
        if let error = faultError(errno: code, step: step, executable: executable) { return error }
        if let error = sandboxFolderError(errno: code, step: step, executable: executable, layout: layout) { return error }
        if step == CS_ISOLATION_STEP_SOCKETS {
            // Not the kernel's namespaces: no advice about allowing them.
            let what = code == E2BIG
                ? "the host has more than \(CS_MAX_COVERED_SOCKETS) Unix socket files the app would see, and strict isolation covers at most that many"
                : "the host's Unix socket files (listed in /proc/net/unix) could not be covered"
            return CleanSlateError(.isolationUnavailable, errno: code, "strict isolation is unavailable for \(executable): \(what)")
        }
        let what: String
        switch step {
        case CS_ISOLATION_STEP_CLONE: what = "the kernel refused to create the user, mount, PID, network, IPC and UTS namespaces"
        case CS_ISOLATION_STEP_IDENTITY: what = "the kernel refused to map the user and group ids into the new user namespace"
        case CS_ISOLATION_STEP_HOSTNAME: what = "the host name could not be set in the new UTS namespace"
        case CS_ISOLATION_STEP_NETWORK: what = "the loopback interface of the new network namespace could not be brought up (or, with StrictNetwork.hostPorts, its ports listened on)"
        case CS_ISOLATION_STEP_MOUNTS: what = "the mounts of the new mount namespace could not be made private"
        case CS_ISOLATION_STEP_READ_ONLY: what = "the file system could not be made read-only (mount_setattr needs Linux 5.12)"
        case CS_ISOLATION_STEP_HIDE: what = "a folder could not be hidden or shown again (/home and /run must exist)"
        case CS_ISOLATION_STEP_SANDBOX: what = "the sandbox could not be mounted at \(StrictOptions.homePath) and \(StrictOptions.sandboxPath)"
        case CS_ISOLATION_STEP_PROC: what = "a fresh /proc could not be mounted, or its host-wide entries (/proc/sys, /proc/irq...) made read-only (a container that masks parts of /proc forbids it)"
        case CS_ISOLATION_STEP_LIMITS: what = "the launch's bounds (no nested user namespaces, StrictOptions.maximumProcessCount) could not be set"
        case CS_ISOLATION_STEP_DEVICES: what = "the minimal /dev (null, zero, full, random, urandom, tty and the terminal) could not be set up"
        default: what = "the namespaces could not be set up"
        }
        return CleanSlateError(.isolationUnavailable, errno: code,
            "strict isolation is unavailable for \(executable): \(what); \(howToAllow)")
    }

    /// The error for a sandbox root or home that the keeper could not open without following a
    /// symlink (it checks again what `Sandbox.checkLaunchFolders` checked, in case something changed
    /// them since); nil for other steps. Not `.isolationUnavailable`: a launch that may fall back to
    /// standard isolation must not, since the standard launch would follow the link.
    private static func sandboxFolderError(errno code: Int32, step: Int32, executable: String, layout: StrictLayout?) -> CleanSlateError? {
        let folder: String
        switch step {
        case CS_ISOLATION_STEP_SANDBOX_ROOT: folder = "the sandbox folder \(layout?.sandboxRoot ?? "")"
        case CS_ISOLATION_STEP_SANDBOX_HOME: folder = "the folder of HOME, \(layout?.sandboxHome ?? "")"
        default: return nil
        }
        let what = code == ENOENT ? "is gone" : code == ELOOP || code == ENOTDIR ? "is a symlink or not a directory" : "cannot be opened"
        return CleanSlateError(.sandboxFailed, errno: code,
            "cannot launch \(executable) in strict isolation: \(folder) \(what) now; \(Sandbox.launchAdvice)")
    }

    /// The error for a file system fault (``Faults``) the keeper could not set up, which says
    /// nothing about the kernel's namespaces; nil for other steps.
    private static func faultError(errno code: Int32, step: Int32, executable: String) -> CleanSlateError? {
        switch (step, code) {
        case (CS_ISOLATION_STEP_SIZE_LIMIT, ENOSPC):
            return CleanSlateError(.invalidArgument, errno: code,
                "cannot launch \(executable): the sandbox holds more than faults.sandboxSizeLimit allows, or more than "
                    + "\(Faults.sandboxEntryLimit) entries (Faults.sandboxEntryLimit; copying it into the size-limited file system "
                    + "ran out of space); raise the limit or seed the sandbox with less")
        case (CS_ISOLATION_STEP_SIZE_LIMIT, _):
            return CleanSlateError(.sandboxFailed, errno: code,
                "cannot launch \(executable): the size-limited sandbox of faults.sandboxSizeLimit could not be set up")
        case (CS_ISOLATION_STEP_READ_ONLY_FOLDER, ENOENT):
            return CleanSlateError(.invalidArgument, errno: code,
                "cannot launch \(executable): a folder of faults.readOnlyFolders is not in the sandbox (an earlier launch may have "
                    + "removed it, or faults.missingFolders names it too); create it first")
        case (CS_ISOLATION_STEP_READ_ONLY_FOLDER, _):
            return CleanSlateError(.sandboxFailed, errno: code,
                "cannot launch \(executable): a folder of faults.readOnlyFolders could not be made read-only")
        default:
            return nil
        }
    }
}
