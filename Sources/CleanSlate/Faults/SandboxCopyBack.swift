import Glibc
import _CleanSlateCShim

/// Why a strict launch's size-limited sandbox (``Faults/sandboxSizeLimit``) was not copied back when
/// the app exited, as its keeper reported it. The copy back is whole or nothing: refused, the
/// sandbox holds what it held before the launch.
struct SandboxCopyBackRefusal: Sendable, Equatable {
    /// The `errno` of the failure.
    let errno: Int32
    /// Why (a `CS_COPY_*`).
    let reason: Int32
    /// The entry concerned, relative to the sandbox folder (may be empty).
    let path: String

    /// The error a test sees: `.sandboxNotCopiedBack`, naming the entry, the reason and what to do.
    func error(executable: String, status: AppExitStatus) -> CleanSlateError {
        let entry = path.isEmpty || path == "." ? "the sandbox" : path
        let why: String
        switch reason {
        case CS_COPY_PAST_LIMIT:
            why = "copying it back would allocate more than faults.sandboxSizeLimit on the host (stopped at \(entry)): a process "
                + "the app left kept writing while it was copied, or the sandbox's file system stores it less compactly"
        case CS_COPY_FIFO: why = "\(entry) is a FIFO"
        case CS_COPY_SOCKET: why = "\(entry) is a socket"
        case CS_COPY_DEVICE: why = "\(entry) is a device file"
        case CS_COPY_UNDO_FAILED:
            return CleanSlateError(.sandboxNotCopiedBack, errno: errno,
                "\(executable) \(status), but its size-limited sandbox (faults.sandboxSizeLimit) was not copied back, and putting "
                    + "the sandbox back as it was failed too (\(SystemCall.describe(errno))): the sandbox holds part of the app's "
                    + "copy, and the entries that could not be put back are kept in \(entry) in the sandbox folder; nothing was deleted")
        default:
            why = errno == ESTALE
                ? "\(entry) was moved or replaced while it was copied (by a process the app left?)"
                : "copying \(entry) back failed (\(SystemCall.describe(errno)))"
        }
        let special = [CS_COPY_FIFO, CS_COPY_SOCKET, CS_COPY_DEVICE].contains(reason)
            ? " (only folders, regular files and symlinks are copied back; have the app remove it before it exits)" : ""
        return CleanSlateError(.sandboxNotCopiedBack, errno: errno,
            "\(executable) \(status), but its size-limited sandbox (faults.sandboxSizeLimit) was not copied back: \(why)\(special); "
                + "the sandbox holds what it held before the launch, nothing of it was lost")
    }
}

extension AppLauncher {
    /// In strict isolation with ``Faults/sandboxSizeLimit``: why the latest launch's sandbox was not
    /// copied back at the app's exit (`.sandboxNotCopiedBack`), or nil (copied back, not exited yet,
    /// or no size limit). ``waitForExit(timeout:fileID:filePath:line:column:)-7ono8`` throws it.
    public var sandboxCopyBackError: CleanSlateError? {
        guard let process = currentProcessIfAny else { return nil }
        return process.monitor.withLock {
            guard let refusal = process.copyBackRefusal, let status = process.exitStatus else { return nil }
            return refusal.error(executable: executable.description, status: status)
        }
    }
}
