/// The whole number given after `name` on the command line (`--iterations 500`), or `fallback`
/// when it is missing or not a number.
func integerOption(_ name: String, in arguments: [String], default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count, let value = Int(arguments[index + 1]) else {
        return fallback
    }
    return value
}
