/// The owner's lock: the process that created a sandbox holds a shared `flock` on the sandbox
/// folder for as long as it uses the sandbox, and a sweep takes the folder's exclusive lock before
/// it touches anything, so it never sweeps a sandbox whose owner is alive.
///
/// The owner record alone cannot prove that across PID namespaces: a sweep in another container (or
/// on the host, for a run inside `unshare --pid`) cannot look the owner's pid up, and could only go
/// by the folder's age, which an app writing below the top folder does not change. A lock lives on
/// the folder's inode, which every namespace sharing the file system sees, and the kernel drops it
/// when the owner dies, however it dies. The descriptor is close-on-exec, so apps and the launch
/// supervisor (both exec'd) never inherit it and cannot keep a dead owner's sandbox alive.
extension Sandbox {
    /// Takes the owner's lock on the new sandbox folder (called once, before the owner record is
    /// written, so no sweep can claim the folder in between).
    func holdOwnerLock() throws {
        let folder: Int32
        let locked: Bool
        do throws(Errno) {
            folder = try FileSystemCall.openDirectory(path: root)
            locked = try FileSystemCall.tryLock(folder, exclusive: false)
        } catch {
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot lock the new sandbox \(root) as its owner's")
        }
        guard locked else {
            SystemCall.close(folder)
            throw CleanSlateError(.sandboxFailed, "the new sandbox \(root) is locked by another process's sweep; create the sandbox again")
        }
        state.withLock { $0.ownerLock = folder }
    }

    /// Lets go of the owner's lock: the sandbox is wiped, or kept (then judged by its kept time
    /// alone), or dropped. Also what tests call to stand for an owner that died.
    func releaseOwnerLock() {
        state.withLock { Self.releaseOwnerLock(&$0) }
    }

    /// ``releaseOwnerLock()`` for a caller already holding `state`'s lock.
    static func releaseOwnerLock(_ state: inout State) {
        if let folder = state.ownerLock { SystemCall.close(folder) }
        state.ownerLock = nil
    }
}
