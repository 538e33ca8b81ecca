import Glibc

/// Named `errno` values, so code outside `System/` can match failures without importing Glibc.
extension Errno {
    static let notFound = Errno(rawValue: ENOENT)
    static let notDirectory = Errno(rawValue: ENOTDIR)
    static let accessDenied = Errno(rawValue: EACCES)
    static let notPermitted = Errno(rawValue: EPERM)
    static let readOnlyFileSystem = Errno(rawValue: EROFS)
    static let exists = Errno(rawValue: EEXIST)
    static let busy = Errno(rawValue: EBUSY)
    static let notEmpty = Errno(rawValue: ENOTEMPTY)
    static let isDirectory = Errno(rawValue: EISDIR)
    static let tooManyLinks = Errno(rawValue: ELOOP)
    static let notSupported = Errno(rawValue: EOPNOTSUPP)
    static let noSystemCall = Errno(rawValue: ENOSYS)
    static let crossDevice = Errno(rawValue: EXDEV)
    static let invalid = Errno(rawValue: EINVAL)
    static let notTerminal = Errno(rawValue: ENOTTY)
    static let badDescriptor = Errno(rawValue: EBADF)
}
