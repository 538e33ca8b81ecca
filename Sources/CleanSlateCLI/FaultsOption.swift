import CleanSlate

/// `cleanslate run --faults LIST`: the ``Faults`` a run is put under, as comma-separated items.
enum FaultsOption {
    /// The items, for the usage text and error messages.
    static let syntax = "pieces=N, typing=MILLISECONDS, seed=N, size=BYTES, read-only=FOLDER, missing=FOLDER"

    /// `faults` with the items of `list` added (the option may be given more than once).
    static func parse(_ list: String, into faults: Faults) throws -> Faults {
        var result = faults
        for item in list.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw UsageError(message: "--faults takes \(syntax); got '\(item)'") }
            let (name, value) = (String(parts[0]), String(parts[1]))
            func number<T: FixedWidthInteger>(_: T.Type) throws -> T {
                guard let parsed = T(value) else { throw UsageError(message: "--faults \(name)= takes a whole number, got '\(value)'") }
                return parsed
            }
            func folder() throws -> Sandbox.Location {
                guard let location = Sandbox.Location(rawValue: value) else {
                    let names = Sandbox.Location.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--faults \(name)= takes a sandbox folder (\(names)), got '\(value)'")
                }
                return location
            }
            switch name {
            case "pieces": result.outputFragmentLength = try number(Int.self)
            case "typing": result.typingDelay = .milliseconds(try number(Int.self))
            case "seed": result.seed = try number(UInt64.self)
            case "size": result.sandboxSizeLimit = try number(Int.self)
            case "read-only": result.readOnlyFolders.append(try folder())
            case "missing": result.missingFolders.append(try folder())
            default: throw UsageError(message: "--faults takes \(syntax); got '\(item)'")
            }
        }
        return result
    }
}
