import Foundation

/// What onboarding saves: the user's name and, when the wizard ran, the chosen theme.
struct Profile: Codable, Equatable, Sendable {
    /// The name the user gave.
    var name: String
    /// The theme picked in the wizard; nil after line-mode onboarding.
    var theme: Theme?
}

/// Reads and writes `profile.json` in SampleApp's config folder.
struct ProfileStore: Sendable {
    /// The full path of profile.json.
    let path: String

    /// The saved profile, or nil if onboarding has not happened yet. A file that is not a valid
    /// profile is a data error (exit 65) that names the file and the way out.
    func load() throws(SampleAppError) -> Profile? {
        guard let bytes = try FileStore.readIfPresent(path) else { return nil }
        guard let profile = try? JSONDecoder().decode(Profile.self, from: Data(bytes)),
              NameRules.problem(with: profile.name) == nil else {
            throw SampleAppError(
                status: .dataError,
                message: "the saved profile \(path) is corrupted; run with --reset-data to start over")
        }
        return profile
    }

    /// Saves `profile` atomically, creating the config folder if needed.
    func save(_ profile: Profile) throws(SampleAppError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(profile)
        } catch {
            throw SampleAppError(status: .ioError, message: "cannot encode the profile (\(error))")
        }
        try FileStore.writeAtomically(Array(data) + [UInt8(ascii: "\n")], to: path)
    }
}
