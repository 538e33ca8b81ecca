/// The colour themes the setup wizard offers. The raw value is what the menu shows and what
/// profile.json stores.
enum Theme: String, CaseIterable, Codable, Sendable {
    case light = "Light"
    case dark = "Dark"
    case solarized = "Solarized"
}

extension Theme {
    /// The variable that renames the Solarized entry of the wizard's menu (what the menu shows only;
    /// profile.json still stores `Solarized`), so tests can see what a changed app does to a test
    /// written against the old one.
    static let solarizedLabelVariable = "SAMPLEAPP_SOLARIZED_LABEL"

    /// What the wizard's menu shows for this theme: its raw value, or for Solarized the value of
    /// ``solarizedLabelVariable`` when it is set and not empty.
    func menuLabel(environment: [String: String]) -> String {
        if self == .solarized, let label = environment[Self.solarizedLabelVariable], !label.isEmpty { return label }
        return rawValue
    }
}
