import CleanSlate
import CleanSlateScreen

/// One element a person named on a screen, read from a line of an annotation file
/// (`kind<TAB>label[<TAB>states]`; see Tests/CleanSlateScreenTests/HeldOutScreens/README.md).
public struct AnnotatedElement: Sendable, Hashable, CustomStringConvertible {
    /// What kind of thing the person saw.
    public var kind: ScreenElementKind
    /// The name the person gave it (empty when nothing on the screen names it).
    public var label: String
    /// The states the person wrote (`highlighted`, `checked`, `unchecked`); kept, not scored.
    public var states: [String]

    /// Creates an annotated element.
    public init(kind: ScreenElementKind, label: String, states: [String] = []) {
        self.kind = kind
        self.label = label
        self.states = states
    }

    /// `kind "label"`, as the scorer's reports print it.
    public var description: String { "\(kind.rawValue) \"\(label)\"" }

    /// The elements of an annotation file's `text`, in order. Empty lines and lines starting with
    /// `#` are skipped.
    ///
    /// - Throws: `CleanSlateError` `.invalidArgument` naming `source`, the line and what is wrong
    ///   with it (no tab, an unknown kind, an unknown state).
    public static func parse(_ text: String, source: String) throws -> [AnnotatedElement] {
        var elements: [AnnotatedElement] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let place = "\(source) line \(index + 1)"
            guard fields.count >= 2, fields.count <= 3 else {
                throw CleanSlateError(.invalidArgument, "\(place): '\(line)' is not 'kind<TAB>label[<TAB>states]'; separate the fields with one tab each")
            }
            // A text is found by a query, never recognised: no annotation names one.
            guard let kind = ScreenElementKind(rawValue: fields[0]), kind != .text else {
                let kinds = ScreenElementKind.allCases.filter { $0 != .text }.map(\.rawValue).joined(separator: ", ")
                throw CleanSlateError(.invalidArgument, "\(place): unknown kind '\(fields[0])'; use one of \(kinds)")
            }
            let states = fields.count == 3 ? fields[2].split(separator: ",").map(String.init) : []
            if let unknown = states.first(where: { !knownStates.contains($0) }) {
                throw CleanSlateError(.invalidArgument, "\(place): unknown state '\(unknown)'; use \(knownStates.sorted().joined(separator: ", ")), comma-separated")
            }
            elements.append(AnnotatedElement(kind: kind, label: fields[1], states: states))
        }
        return elements
    }

    /// The states an annotation may name, as `cleanslate render --elements --json` spells them.
    static let knownStates: Set<String> = ["highlighted", "checked", "unchecked", "focused"]
}
