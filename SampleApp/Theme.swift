/// The colour themes the setup wizard offers. The raw value is what the menu shows and what
/// profile.json stores.
enum Theme: String, CaseIterable, Codable, Sendable {
    case light = "Light"
    case dark = "Dark"
    case solarized = "Solarized"
}
