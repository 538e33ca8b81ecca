import CleanSlateScreen
import Foundation
import XCTest

/// A screen captured from a real program (see ElementFixtures/README.md), fed to a terminal of
/// the size it was captured at: 24x80, or 40x100 for a name ending in `-40x100.bin`.
func fixtureScreen(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> ScreenSnapshot {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("ElementFixtures").appendingPathComponent(name)
    let bytes = try XCTUnwrap(FileManager.default.contents(atPath: url.path), "missing fixture \(url.path)", file: file, line: line)
    let terminal = name.hasSuffix("-40x100.bin") ? TerminalEmulator(rows: 40, columns: 100) : TerminalEmulator(rows: 24, columns: 80)
    bytes.withUnsafeBytes { terminal.feed($0) }
    return terminal.snapshot()
}

/// The tree as lines the tests write by hand: two blanks of indent per level, the kind, the label
/// in quotes, then only the facts that are set (`identifier "tag"`, `highlighted`, `checked`/`unchecked`,
/// `value "text"` or `value 0.42`, `key ^X`, `detail "..."`). Frames are left out so that the
/// same outline serves a screen in colour and in monochrome (dialog draws a shadow only in colour,
/// which moves its window).
func outline(_ tree: ScreenElementTree) -> [String] {
    var lines: [String] = []
    func visit(_ element: ScreenElement, _ depth: Int) {
        var line = String(repeating: "  ", count: depth) + "\(element.kind) \"\(element.label)\""
        if let identifier = element.identifier { line += " identifier \"\(identifier)\"" }
        if element.isHighlighted { line += " highlighted" }
        if let checked = element.isChecked { line += checked ? " checked" : " unchecked" }
        switch element.value {
        case .text(let text)?: line += " value \"\(text)\""
        case .fraction(let fraction)?: line += " value \(Double(Int((fraction * 1000).rounded())) / 1000)"
        case nil: break
        }
        if let key = element.keyName { line += " key \(key)" }
        if let detail = element.detail { line += " detail \"\(detail)\"" }
        lines.append(line)
        for child in element.children { visit(child, depth + 1) }
    }
    for root in tree.roots { visit(root, 0) }
    return lines
}

/// The screen after `input` on a fresh terminal of the given size.
func screen(_ input: String, rows: Int = 12, columns: Int = 40) -> ScreenSnapshot {
    makeTerminal(input, rows: rows, columns: columns).snapshot()
}

/// The first element of `kind` labelled `label`, anywhere in the tree.
func element(_ kind: ScreenElementKind, _ label: String, in tree: ScreenElementTree, file: StaticString = #filePath, line: UInt = #line) throws -> ScreenElement {
    try XCTUnwrap(tree.allElements.first { $0.kind == kind && $0.label == label }, "no \(kind) \"\(label)\" in\n\(tree.debugDescription)", file: file, line: line)
}
