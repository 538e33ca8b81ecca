import Glibc

/// Refusing a launch into a sandbox whose folders an app replaced.
///
/// An app can write its sandbox, so it can rename `home` (or `xdg`, `tmp`...) and leave a symlink to
/// any host folder in its place. The next launch into the sandbox would then point `HOME` (or an
/// XDG variable, `TMPDIR`) through that link at the host folder, and a strict launch would bind
/// it writable as the app's home. Every launch checks first, one name at a time and never through a
/// symlink, that each of those folders is still a directory of the sandbox. A strict launch's keeper
/// also opens the sandbox and its home without following links (`sandbox_open.c`), which holds when
/// something changes them after this check.
extension Sandbox {
    /// Throws `.sandboxFailed`, naming the folder, its variable and what is there now, when the
    /// sandbox root, or a folder on the way to `HOME`, an XDG variable or `TMPDIR`, is a symlink or
    /// no directory any more. A missing folder is fine (``Faults/missingFolders`` removes some on
    /// purpose; an app may remove its cache).
    func checkLaunchFolders(launching executable: String) throws {
        let rootDescriptor: Int32
        do {
            rootDescriptor = try FileSystemCall.openDirectory(path: root)
        } catch {
            let what = error == .tooManyLinks ? "a symlink" : error == .notDirectory ? "not a directory" : "not openable"
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue,
                "cannot launch \(executable): the sandbox folder \(root) is \(what) now; \(Self.launchAdvice)")
        }
        defer { SystemCall.close(rootDescriptor) }
        for location in Location.allCases {
            try checkFolder(of: location, under: rootDescriptor, launching: executable)
        }
    }

    /// What to do about a replaced folder; shared with the keeper's refusal (`IsolationFailure`).
    static let launchAdvice = "a launch never follows a symlink out of its sandbox (an app of this sandbox may have replaced "
        + "the folder to reach a host folder); launch into a new Sandbox, or put a directory back in its place"

    private func checkFolder(of location: Location, under rootDescriptor: Int32, launching executable: String) throws {
        var current = rootDescriptor
        defer { if current != rootDescriptor { SystemCall.close(current) } }
        var walked: [FileName] = []
        for name in location.components {
            walked.append(name)
            let next: Int32
            do {
                next = try FileSystemCall.openDirectory(at: current, name)
            } catch where error == .notFound {
                return
            } catch {
                let what = Self.describeEntry(name, in: current, error: error)
                throw CleanSlateError(.sandboxFailed, errno: error.rawValue,
                    "cannot launch \(executable): the folder of \(location.environmentVariable) in the sandbox \(root) is not a directory of "
                        + "the sandbox any more: \(root)/\(DisplayPath.render(walked)) is \(what); \(Self.launchAdvice)")
            }
            if current != rootDescriptor { SystemCall.close(current) }
            current = next
        }
    }

    /// What the entry `name` of `directory` is, for an open that failed with `error`.
    private static func describeEntry(_ name: FileName, in directory: Int32, error: Errno) -> String {
        guard let status = try? FileSystemCall.status(at: directory, name) else { return "not openable" }
        if status.st_mode & S_IFMT == S_IFLNK {
            let target = try? FileSystemCall.readLink(at: directory, name)
            return target.map { "a symlink to \(DisplayPath.renderName($0))" } ?? "a symlink"
        }
        return status.st_mode & S_IFMT == S_IFDIR ? "not openable" : "not a directory"
    }
}
