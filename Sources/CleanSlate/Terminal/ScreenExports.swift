// The screen types that terminal waits return (ScreenSnapshot, ScreenCell, CellAttributes,
// TerminalColor, ...) are part of this module's API: `import CleanSlate` makes them nameable, so a
// dependent package needs neither the CleanSlateScreen product nor a second import.
@_exported import CleanSlateScreen
