import Glibc

/// The one check of the kind of file a command-line output option names (`run --record`,
/// `record --output`): a regular file is always accepted; the kinds a command writes in place are
/// its choice; any other kind is refused with what it is and what to give instead, so that nothing
/// the user named is ever replaced by a regular file.
enum OutputFileKind {
    /// Why a file whose `st_mode` is `mode` cannot be the output of `option`, or nil when it can:
    /// a regular file, or a kind (`S_IFCHR`, `S_IFIFO`) that the command writes in place.
    static func refusal(of mode: mode_t, for option: String, writtenInPlace: [mode_t] = []) -> String? {
        let kind = mode & S_IFMT
        if kind == S_IFREG || writtenInPlace.contains(kind) { return nil }
        let what: String
        switch kind {
        case S_IFDIR: return "it is a directory; give \(option) a file path"
        case S_IFLNK: return "it is a symlink, which would be replaced; give \(option) the path of the file it points to, or remove the symlink first"
        case S_IFBLK: what = "a block device, which would be overwritten"
        case S_IFCHR: what = "a character device, which would be replaced"
        case S_IFIFO: what = "a FIFO, which would be replaced"
        case S_IFSOCK: what = "a socket, which would be replaced"
        default: what = "not a file that can be written"
        }
        return "it is \(what); give \(option) a regular file or a path that does not exist yet"
    }
}
