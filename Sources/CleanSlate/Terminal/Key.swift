/// A key on a keyboard, for ``AppLauncher/press(_:modifiers:times:timeout:fileID:filePath:line:column:)-6ay1l``.
public enum Key: Sendable, Equatable, Hashable {
    /// Return / Enter.
    case enter
    /// Tab (Shift+Tab is back-tab).
    case tab
    /// Backspace.
    case backspace
    /// Escape.
    case escape
    /// Cursor keys.
    case up, down, right, left
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// Insert and Delete (the editing keypad ones, not Backspace).
    case insert, delete
    /// A function key, F1 to F12.
    case function(Int)
    /// A printable character; with `.control` it becomes the control character (Ctrl-C is 0x03).
    case character(Character)

    /// Modifier keys held while pressing a key.
    public struct Modifiers: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Shift.
        public static let shift = Modifiers(rawValue: 1)
        /// Alt (Meta): sent as an ESC prefix, or in the modifier parameter of a CSI sequence.
        public static let alt = Modifiers(rawValue: 2)
        /// Control.
        public static let control = Modifiers(rawValue: 4)
    }
}
