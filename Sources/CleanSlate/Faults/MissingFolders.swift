import Glibc

extension Sandbox {
    /// Removes the (empty) folder of `location` for ``Faults/missingFolders``, never through a
    /// symlink; a folder already gone is fine.
    ///
    /// - Throws: `.invalidArgument` for ``Location/home`` (an app cannot start without its home) and
    ///   for a folder that holds files (they would be lost); `.sandboxFailed` when it cannot be removed.
    func removeForMissingFolderFault(_ location: Location) throws {
        if location == .home {
            throw CleanSlateError(.invalidArgument,
                "faults.missingFolders cannot name .home: the app's HOME must exist; name an XDG folder or .temporary")
        }
        var parent = location.components
        let name = parent.removeLast()
        try withDirectory(under: parent, [], create: false) { directory in
            let outcome: Result<Void, Errno>
            do { try FileSystemCall.remove(at: directory, name, directory: true); outcome = .success(()) } catch let error as Errno { outcome = .failure(error) } catch { outcome = .failure(Errno(rawValue: EIO)) }
            guard case let .failure(error) = outcome, error != .notFound else { return }
            if error == .notEmpty || error == .exists {
                throw CleanSlateError(.invalidArgument,
                    "faults.missingFolders names .\(location) (\(path(location))), which holds files; a missing folder must be empty: "
                        + "remove its files first or seed them elsewhere")
            }
            throw CleanSlateError(.sandboxFailed, errno: error.rawValue, "cannot remove \(path(location)) for faults.missingFolders")
        }
    }
}
