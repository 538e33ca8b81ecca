extension TerminalEmulator {
    /// DECRQCRA, `CSI Pi ; Pg ; Pt ; Pl ; Pb ; Pr * y`: answers `DCS Pi ! ~ XXXX ST`, the checksum of
    /// the rectangle from row Pt, column Pl to row Pb, column Pr (one-based, inclusive; defaults:
    /// the whole screen; relative to the scroll region and margins in origin mode, and clipped to them).
    ///
    /// The checksum is the one xterm computes with `checksumExtension: 23` (xterm patch #334's
    /// calculation, which esctest2's `--xterm-checksum=334` expects): the sum of the cells'
    /// character codes, where erased and blank cells count as a space, attributes and colours
    /// count for nothing, and the right half of a wide character adds nothing; modulo 65536, as
    /// four upper-case hexadecimal digits. Pg (the page) is ignored: there is one page.
    func replyRectangleChecksum() {
        let identifier = core.pointee.parser.parameters.value(0, default: 0, zeroIsDefault: false)
        var sum = 0
        if let area = rectangle(parametersFrom: 2) {
            for row in area.top...area.bottom {
                let line = grid.row(row)
                for column in area.left...area.right { sum &+= checksumValue(of: line[column]) }
            }
        }
        let hex = String(sum & 0xFFFF, radix: 16, uppercase: true)
        reply("\u{1B}P\(identifier)!~\(String(repeating: "0", count: 4 - hex.count))\(hex)\u{1B}\\")
    }

    /// What one cell adds to a DECRQCRA checksum.
    private func checksumValue(of cell: Cell) -> Int {
        if cell.width == 0 { return 0 }
        if cell.code == 0 { return 0x20 }
        if cell.isCluster { return Int(clusters.scalars(of: cell.code).first ?? 0x20) }
        return Int(cell.code)
    }
}
