import Foundation
import Glibc

/// Moves the coverage profiles one launch wrote in its private folder of the sandbox (see
/// ``CoverageProfile``) into the test process's profile folder, once the launch has ended.
///
/// The private folder is the app's to write, so nothing in it is trusted: only regular files named
/// `*.profraw`, no larger than ``maximumProfileSize``, that begin with the LLVM raw profile magic are
/// moved, at most ``maximumProfileCount`` of them and at most ``maximumTotalSize`` bytes together. Every entry is reached relative to descriptors
/// without following a symlink (the folder, the sandbox's `.cleanslate-coverage` and each file), so a
/// link the app planted is removed, never followed. Each profile is copied under a temporary name
/// that SwiftPM does not merge and renamed once complete: a copy cut short leaves no partial
/// `.profraw` behind. The profiles' names start with the launch's folder name, unique to the
/// sandbox, the launcher and the launch, so no launch overwrites another's.
struct CoverageHarvest {
    /// The largest profile moved (256 MiB); a larger file is left in the sandbox and reported.
    static let maximumProfileSize = 256 << 20
    /// The most profiles moved from one launch (64); the rest are left in the sandbox and reported.
    static let maximumProfileCount = 64
    /// The most bytes moved from one launch, all its profiles together (1 GiB): 64 profiles of 256 MiB
    /// would be 16 GiB written into the build folder. A profile that would go past it is left in the
    /// sandbox and reported.
    static let maximumTotalSize = 1 << 30
    /// The first eight bytes of an LLVM raw profile (`\xfflprofr\x81`, in the machine's byte order).
    static let rawProfileMagic: UInt64 = 0xff6c_7072_6f66_7281

    let profile: CoverageProfile
    let sandbox: Sandbox
    /// The most bytes moved from this launch (``maximumTotalSize``; a test gives a smaller one).
    var totalSizeLimit = Self.maximumTotalSize

    /// Moves the launch's profiles; returns one sentence for each entry that was not moved (empty
    /// when every entry was a profile, or the app wrote none). Never throws: the launch is over, and
    /// a profile that cannot be kept must not fail the test.
    func run() -> [String] {
        var notes: [String] = []
        let base = [FileName(CoverageProfile.sandboxFolderName.utf8)]
        let launchFolder = FileName(profile.launchFolderName.utf8)
        do {
            try sandbox.withDirectory(under: base, [], create: false) { parent in
                let folder: Int32
                do throws(Errno) { folder = try FileSystemCall.openDirectory(at: parent, launchFolder) } catch {
                    if error != .notFound { notes.append("\(display(launchFolder)) is not a folder any more (\(error)): nothing was moved") }
                    return
                }
                defer { SystemCall.close(folder) }
                notes += move(from: folder)
                try? FileSystemCall.remove(at: parent, launchFolder, directory: true)
            }
            try? sandbox.withRootDirectory { root in try? FileSystemCall.remove(at: root, base[0], directory: true) }
        } catch let error as CleanSlateError where error.errno == ENOENT {
            // The sandbox is gone, or the app removed the folder: there is nothing to move.
        } catch {
            notes.append("the profile folder could not be opened: \(error)")
        }
        return Self.bounded(notes)
    }

    /// The most entries named one by one in the notes of one launch (32): a hostile app that fills
    /// its folder with a million files gets one line for the rest, not a million warnings.
    static let maximumNotes = 32

    private static func bounded(_ notes: [String]) -> [String] {
        guard notes.count > maximumNotes else { return notes }
        return Array(notes.prefix(maximumNotes)) + ["\(notes.count - maximumNotes) more entries were not kept either"]
    }

    /// Moves what `folder` holds into the test process's folder, emptying `folder` of everything but
    /// folders (the sandbox's wipe removes those).
    private func move(from folder: Int32) -> [String] {
        let entries: [DirectoryEntry]
        do throws(Errno) { entries = try FileSystemCall.entries(of: folder) } catch { return ["\(display([])) could not be read (\(error))"] }
        guard !entries.isEmpty else { return [] }
        let destination: Int32
        do throws(Errno) { destination = try openDestination() } catch {
            return ["the test process's profile folder \(profile.folder) could not be opened (\(error)): \(entries.count) profile(s) not kept"]
        }
        defer { SystemCall.close(destination) }
        var notes: [String] = []
        var moved = 0, movedBytes = 0
        for entry in entries {
            guard let status = try? FileSystemCall.status(at: folder, entry.name) else { continue }
            if (status.st_mode & S_IFMT) == S_IFDIR { notes.append("\(display(entry.name)) is a folder, not a profile"); continue }
            defer { try? FileSystemCall.remove(at: folder, entry.name, directory: false) }
            if moved == Self.maximumProfileCount {
                notes.append("\(display(entry.name)) is beyond the \(Self.maximumProfileCount) profiles one launch may keep")
                continue
            }
            switch copy(entry.name, from: folder, to: destination, allowance: totalSizeLimit - movedBytes) {
            case let .failure(reason): notes.append("\(display(entry.name)) \(reason.text)")
            case let .success(size): moved += 1; movedBytes += size
            }
        }
        return notes
    }

    /// Why a profile was not moved, as the note's end.
    private struct NotMoved: Error { let text: String }

    /// Copies the profile `name` of `folder` into `destination` under its final name, if it has at
    /// most `allowance` bytes; its size when it was copied, otherwise why not.
    private func copy(_ name: FileName, from folder: Int32, to destination: Int32, allowance: Int) -> Result<Int, NotMoved> {
        guard name.count > 8, name.suffix(8) == Array(".profraw".utf8), !name.contains(UInt8(ascii: "/")) else {
            return .failure(NotMoved(text: "is not named *.profraw"))
        }
        let source: Int32
        do throws(Errno) { source = try FileSystemCall.openFile(at: folder, name, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY) } catch {
            return .failure(NotMoved(text: error == .tooManyLinks ? "is a symbolic link" : "could not be opened (\(error))"))
        }
        defer { SystemCall.close(source) }
        guard let status = try? FileSystemCall.status(of: source), (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(NotMoved(text: "is not a regular file"))
        }
        let size = Int(status.st_size)
        guard size <= Self.maximumProfileSize else {
            return .failure(NotMoved(text: "is \(size) bytes, over the \(Self.maximumProfileSize) bytes a profile may have"))
        }
        guard size <= allowance else {
            return .failure(NotMoved(text: "is \(size) bytes, past the \(totalSizeLimit) bytes the profiles of one launch may have "
                + "together (\(totalSizeLimit - allowance) bytes moved)"))
        }
        var magic: UInt64 = 0
        guard (try? withUnsafeMutableBytes(of: &magic) { try FileSystemCall.read(source, into: $0) }) == 8,
              magic == Self.rawProfileMagic else {
            return .failure(NotMoved(text: "is not an LLVM raw profile (it does not start with the profile magic)"))
        }
        let finalName = FileName("\(profile.launchFolderName)-".utf8) + name
        let partialName = FileName(".".utf8) + finalName + FileName(".partial".utf8)
        do throws(Errno) {
            _ = try FileSystemCall.check { lseek(source, 0, SEEK_SET) }
            let target = try FileSystemCall.createNewFile(at: destination, partialName)
            defer { SystemCall.close(target) }
            try FileSystemCall.changeMode(of: target, to: 0o644)
            try copyBytes(from: source, to: target, count: size)
            try FileSystemCall.rename(at: destination, partialName, to: finalName)
            return .success(size)
        } catch {
            try? FileSystemCall.remove(at: destination, partialName, directory: false)
            return .failure(NotMoved(text: "could not be copied to \(profile.folder) (\(error))"))
        }
    }

    /// Copies at most `count` bytes (the size seen when the file was checked: the app is gone, but
    /// a process of another launch could still append).
    private func copyBytes(from source: Int32, to target: Int32, count: Int) throws(Errno) {
        var left = count
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        while left > 0 {
            let read = try FileSystemCall.read(source, into: &buffer)
            if read == 0 { return }
            let taken = min(read, left)
            try FileSystemCall.writeAll(target, buffer, count: taken)
            left -= taken
        }
    }

    /// The test process's folder, created when missing (it is the test process's own, outside the
    /// sandbox, so its path may be followed).
    private func openDestination() throws(Errno) -> Int32 {
        do { return try FileSystemCall.openDirectory(path: profile.folder, followingSymlink: true) } catch where error == .notFound {
            try? FileManager.default.createDirectory(atPath: profile.folder, withIntermediateDirectories: true)
            return try FileSystemCall.openDirectory(path: profile.folder, followingSymlink: true)
        }
    }

    private func display(_ name: FileName) -> String {
        DisplayPath.render([FileName(CoverageProfile.sandboxFolderName.utf8), FileName(profile.launchFolderName.utf8)] + (name.isEmpty ? [] : [name]))
    }
}
