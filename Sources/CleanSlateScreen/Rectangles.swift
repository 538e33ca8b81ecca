/// A rectangle of cells, zero-based and inclusive, already clipped to where it may act.
struct CellRectangle {
    var top: Int
    var left: Int
    var bottom: Int
    var right: Int
}

/// Which erase operations spare protected cells, after the kind of protection last used (xterm's
/// "protected mode"): DECSCA protection is honoured by the selective erases (DECSED, DECSEL,
/// DECSERA), SPA/EPA (ISO) protection by the ordinary ones (ED, EL, ECH) and by DECSED and DECSEL.
/// DECSTR and RIS turn protection off.
enum ProtectionMode {
    case none, dec, iso
}

extension TerminalEmulator {
    /// The rectangle given by parameters `first` to `first + 3` (top, left, bottom, right; one-based;
    /// defaults: the whole screen). In origin mode it is relative to the scroll region and margins
    /// and clipped to them; otherwise it is clipped to the screen (margins do not matter). Nil when empty.
    func rectangle(parametersFrom first: Int) -> CellRectangle? {
        let parameters = core.pointee.parser.parameters
        let origin = modes.origin
        let (firstRow, lastRow) = origin ? (scrollTop, scrollBottom) : (0, rows - 1)
        let (firstColumn, lastColumn) = origin ? (leftMargin, rightMargin) : (0, columns - 1)
        let area = CellRectangle(
            top: firstRow + parameters.value(first, default: 1) - 1,
            left: firstColumn + parameters.value(first + 1, default: 1) - 1,
            bottom: min(firstRow + parameters.value(first + 2, default: lastRow - firstRow + 1) - 1, lastRow),
            right: min(firstColumn + parameters.value(first + 3, default: lastColumn - firstColumn + 1) - 1, lastColumn))
        return area.top <= area.bottom && area.left <= area.right ? area : nil
    }

    /// Sets every cell of `area` to `cell`, or only the unprotected ones when `sparingProtected`.
    private func fill(_ area: CellRectangle, with cell: Cell, sparingProtected: Bool = false) {
        for row in area.top...area.bottom {
            let line = grid.row(row)
            clearHalves(line, from: area.left, to: area.right + 1)
            for column in area.left...area.right where !(sparingProtected && line[column].isProtected) { line[column] = cell }
        }
    }

    /// DECFRA (`CSI Pch ; Pt ; Pl ; Pb ; Pr $ x`): fills the rectangle with character Pch in the
    /// current rendition; Pch must be printable (32–126 or 160–255), else nothing happens.
    func fillRectangle() {
        let code = core.pointee.parser.parameters.value(0, default: 0, zeroIsDefault: false)
        guard (32...126).contains(code) || (160...255).contains(code), let area = rectangle(parametersFrom: 1) else { return }
        var cell = pen
        cell.code = charsets.map(UInt32(code))
        cell.width = 1
        fill(area, with: cell)
    }

    /// DECERA (`CSI Pt ; Pl ; Pb ; Pr $ z`): erases the rectangle.
    func eraseRectangle() {
        guard let area = rectangle(parametersFrom: 0) else { return }
        fill(area, with: Cell.erased(with: pen))
    }

    /// DECSERA (`CSI Pt ; Pl ; Pb ; Pr $ {`): erases the rectangle except DECSCA-protected cells.
    func selectivelyEraseRectangle() {
        guard let area = rectangle(parametersFrom: 0) else { return }
        fill(area, with: Cell.erased(with: pen), sparingProtected: protectionMode == .dec)
    }

    /// DECCRA (`CSI Pts ; Pls ; Pbs ; Prs ; Pps ; Ptd ; Pld ; Ppd $ v`): copies the source rectangle
    /// so that its top left corner lands at (Ptd, Pld); what falls off the screen (or, in origin
    /// mode, the region) is dropped. Overlapping source and destination copy as if through a buffer.
    func copyRectangle() {
        let parameters = core.pointee.parser.parameters
        guard let source = rectangle(parametersFrom: 0) else { return }
        let origin = modes.origin
        let destinationTop = (origin ? scrollTop : 0) + parameters.value(5, default: 1) - 1
        let destinationLeft = (origin ? leftMargin : 0) + parameters.value(6, default: 1) - 1
        let lastRow = origin ? scrollBottom : rows - 1
        let lastColumn = origin ? rightMargin : columns - 1
        let height = min(source.bottom - source.top, lastRow - destinationTop) + 1
        let width = min(source.right - source.left, lastColumn - destinationLeft) + 1
        guard height > 0, width > 0 else { return }
        var copied: [Cell] = []
        copied.reserveCapacity(height * width)
        for row in 0..<height { copied.append(contentsOf: UnsafeBufferPointer(start: grid.row(source.top + row) + source.left, count: width)) }
        for row in 0..<height {
            let line = grid.row(destinationTop + row)
            clearHalves(line, from: destinationLeft, to: destinationLeft + width)
            copied.withUnsafeBufferPointer { (line + destinationLeft).update(from: $0.baseAddress! + row * width, count: width) }
        }
    }

    /// Erases cells `from..<to` of `row`, sparing protected ones when `selective` (DECSED, DECSEL:
    /// either kind of protection, as xterm does) or when not selective (ED, EL, ECH) and SPA
    /// protection is in force.
    func erase(row: Int, from: Int, to: Int, selective: Bool) {
        guard from < to else { return }
        let spare = selective ? protectionMode != .none : protectionMode == .iso
        let line = grid.row(row)
        clearHalves(line, from: from, to: to)
        guard spare else {
            grid.fill(row: row, from: from, to: to, with: Cell.erased(with: pen))
            return
        }
        let blank = Cell.erased(with: pen)
        for column in from..<to where !line[column].isProtected { line[column] = blank }
    }

    /// DECSCA (`CSI Ps " q`): 1 makes what is printed next protected from selective erases; 0 and 2 do not.
    func selectCharacterProtection(_ selector: Int) {
        switch selector {
        case 1:
            pen.attributes |= Cell.protectedFlag
            protectionMode = .dec
        case 0, 2:
            pen.attributes &= ~Cell.protectedFlag
        default:
            break
        }
    }

    /// SPA (`ESC V`) and EPA (`ESC W`): start and end an ISO protected area, which ED, EL and ECH spare.
    func setISOProtection(_ enabled: Bool) {
        if enabled {
            pen.attributes |= Cell.protectedFlag
            protectionMode = .iso
        } else {
            pen.attributes &= ~Cell.protectedFlag
        }
    }
}
