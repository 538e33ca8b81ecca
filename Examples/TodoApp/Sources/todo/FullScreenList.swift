#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// The full-screen mode: the list on the alternate screen, the selected row in reverse video.
/// Up and Down move, Space ticks or unticks, q saves and quits.
struct FullScreenList {
    let store: Store

    func run() throws {
        guard isatty(0) == 1 else { throw TodoError.usage("todo ui needs a terminal") }
        var saved = termios()
        tcgetattr(0, &saved)
        var raw = saved
        cfmakeraw(&raw)
        tcsetattr(0, TCSANOW, &raw)
        defer {
            write("\u{1B}[?25h\u{1B}[?1049l")
            tcsetattr(0, TCSANOW, &saved)
        }
        write("\u{1B}[?1049h\u{1B}[?25l")
        var items = store.items()
        var selected = 0
        while true {
            draw(items, selected: selected)
            switch readKey() {
            case "q", nil:
                try store.saveItems(items)
                return
            case "up": selected = max(0, selected - 1)
            case "down": selected = min(max(0, items.count - 1), selected + 1)
            case " ":
                if items.indices.contains(selected) { items[selected].isDone.toggle() }
            default: break
            }
        }
    }

    private func draw(_ items: [Item], selected: Int) {
        var size = winsize()
        _ = ioctl(1, UInt(TIOCGWINSZ), &size)
        let columns = max(20, Int(size.ws_col))
        let title = "To-do" + (store.name().map { " for \($0)" } ?? "")
        var screen = "\u{1B}[H\u{1B}[2J"
        screen += "\u{1B}[1;44;37m" + pad(" " + title, to: columns) + "\u{1B}[0m\r\n\r\n"
        if items.isEmpty { screen += "  Nothing to do.\r\n" }
        for (index, item) in items.enumerated() {
            let row = " [\(item.isDone ? "x" : " ")] \(item.text)"
            screen += index == selected ? "\u{1B}[7m" + row + "\u{1B}[0m\r\n" : row + "\r\n"
        }
        screen += "\r\n \u{1B}[2mUp/Down moves, Space ticks, q quits\u{1B}[0m"
        write(screen)
    }

    private func pad(_ text: String, to width: Int) -> String {
        text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
    }

    /// The next key: "up", "down", or the character typed; nil at end of input.
    private func readKey() -> String? {
        guard let byte = readByte() else { return nil }
        if byte == 0x1B {
            guard readByte() == UInt8(ascii: "["), let final = readByte() else { return "escape" }
            return final == UInt8(ascii: "A") ? "up" : final == UInt8(ascii: "B") ? "down" : "escape"
        }
        return String(UnicodeScalar(byte))
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(0, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(1, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }
}
