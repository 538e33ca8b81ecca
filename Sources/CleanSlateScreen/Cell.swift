/// The compact cell stored in the grid: 16 bytes, no references.
///
/// `code` is the Unicode scalar shown, `0` for a cell that was never written or was erased
/// (shown as a blank), or ``Cell/clusterFlag`` plus an index into the ``ClusterTable`` when the
/// cell holds a base character with combining marks.
struct Cell: Equatable {
    var code: UInt32
    var foreground: UInt32
    var background: UInt32
    var attributes: UInt16
    var underline: UInt8
    /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
    var width: UInt8

    /// The attribute bit for a protected cell (DECSCA or SPA), beside the ``CellAttributes`` flags.
    static let protectedFlag: UInt16 = CellAttributes.protected.rawValue

    /// A blank pen that keeps `pen`'s protection: SGR 0 does not undo DECSCA.
    static func keepingProtection(of pen: Cell) -> Cell {
        var cell = Cell.blank
        cell.attributes = pen.attributes & protectedFlag
        return cell
    }

    /// Whether the cell is protected from selective (or, under SPA, ordinary) erases.
    var isProtected: Bool { attributes & Cell.protectedFlag != 0 }

    /// Marks `code` as a cluster index rather than a scalar.
    static let clusterFlag: UInt32 = 0x8000_0000

    /// An erased cell with default colours.
    static let blank = Cell(code: 0, foreground: 0, background: 0, attributes: 0, underline: 0, width: 1)

    /// The cell an erase leaves behind under `pen`: the pen's colours and inverse flag (BCE, as xterm).
    @inline(__always)
    static func erased(with pen: Cell) -> Cell {
        Cell(
            code: 0, foreground: pen.foreground, background: pen.background,
            attributes: pen.attributes & CellAttributes.inverse.rawValue, underline: 0, width: 1)
    }

    /// Whether `other` is the same cell: `==` without a branch per field (the differences of all
    /// fields are combined and tested once).
    @inline(__always)
    func isSame(as other: Cell) -> Bool {
        withUnsafeBytes(of: self) { mine in
            withUnsafeBytes(of: other) { theirs in
                (mine.load(as: UInt64.self) ^ theirs.load(as: UInt64.self))
                    | (mine.load(fromByteOffset: 8, as: UInt64.self) ^ theirs.load(fromByteOffset: 8, as: UInt64.self)) == 0
            }
        }
    }

    /// Whether `other` is drawn the same way: the same colours, attributes and underline (the
    /// character and its width aside), tested at once rather than field by field.
    @inline(__always)
    func looksLike(_ other: Cell) -> Bool {
        (foreground ^ other.foreground) | (background ^ other.background)
            | UInt32(truncatingIfNeeded: (attributes ^ other.attributes)) | UInt32(truncatingIfNeeded: (underline ^ other.underline)) == 0
    }

    /// Whether the `count` cells at `cells` are all `cell`, compared as 16-byte values four at a time
    /// (a line of text differs within its first four cells).
    static func all(_ cells: UnsafePointer<Cell>, count: Int, are cell: Cell) -> Bool {
        typealias Bits = SIMD2<UInt64>
        let bits = unsafeBitCast(cell, to: Bits.self)
        var next = UnsafeRawPointer(cells)
        let end = UnsafeRawPointer(cells + count)
        while end - next >= 64 {
            let differences = (next.load(as: Bits.self) ^ bits) | (next.load(fromByteOffset: 16, as: Bits.self) ^ bits)
                | (next.load(fromByteOffset: 32, as: Bits.self) ^ bits) | (next.load(fromByteOffset: 48, as: Bits.self) ^ bits)
            if differences != Bits() { return false }
            next += 64
        }
        while next < end {
            if next.load(as: Bits.self) != bits { return false }
            next += 16
        }
        return true
    }

    /// Whether the cell holds a cluster index.
    var isCluster: Bool { code & Cell.clusterFlag != 0 }
}
