/// Settings changed by pressing their key: `A - Serial Device : /dev/null` (minicom's setup
/// menus), `1 - Name : Ada` (abook's contact editor). A person reads each row as a field named
/// by its caption, holding the value after the colon, that the key before the dash opens.
extension RecognitionWork {
    /// A setting's row, found but not yet recorded.
    private struct KeyedSetting {
        var row: Int
        var owner: Int
        var key: String
        /// Where the key is.
        var keyColumn: Int
        var caption: Range<Int>
        var colon: Int
        var end: Int
    }

    /// Text fields for keyed settings on free cells: rows that start with one letter or digit,
    /// ` - `, a caption and a colon standing before a blank or the row's end. Two such rows or
    /// more in one window with their colons in one column are a settings menu (a row alone, or
    /// rows whose colons do not line up, is a sentence: `a - note: see below`). Each field is
    /// labelled by its caption, holds the text after the colon (empty when none) and takes the
    /// rest of its row; its key is its identifier.
    mutating func findKeyedSettings() {
        var settings: [KeyedSetting] = []
        for row in 0..<grid.rows {
            for span in spans(row: row) {
                if let setting = keyedSetting(row: row, span: span) { settings.append(setting) }
            }
        }
        for setting in settings where settings.contains(where: { other in
            other.row != setting.row && other.owner == setting.owner && other.colon == setting.colon
        }) {
            let valueStart = min(setting.colon + 2, setting.end)
            let value = grid.trimmedText(row: setting.row, valueStart..<setting.end)
            add(
                ScreenElement(
                    kind: .textField, label: TextFieldRecognition.labelText(grid.trimmedText(row: setting.row, setting.caption)),
                    frame: ScreenRectangle(row: setting.row, column: valueStart, height: 1, width: setting.end - valueStart),
                    value: .text(value), style: grid.style(setting.row, valueStart), identifier: setting.key),
                owner: setting.owner)
            // The key and caption are the field's too: no other rule reads them (as a keyed
            // choice's row: the settings' keys run in order down the menu).
            claim(row: setting.row, setting.keyColumn..<setting.caption.upperBound)
        }
    }

    /// The keyed setting `span` holds from its first text, or `nil`.
    private func keyedSetting(row: Int, span: Span) -> KeyedSetting? {
        let key = firstLetter(row: row, span.columns)
        let captionSearch = key + 4
        guard captionSearch < span.columns.upperBound, let keyScalar = Unicode.Scalar(grid.scalar(row, key)),
              keyScalar.isASCII, keyScalar.properties.isAlphabetic || RecognitionGrid.isASCIIDigit(keyScalar.value),
              grid.isBlank(row, key + 1), grid.scalar(row, key + 2) == 0x2D, grid.isBlank(row, key + 3) else { return nil }
        let captionStart = firstLetter(row: row, captionSearch..<span.columns.upperBound)
        guard let initial = Unicode.Scalar(grid.scalar(row, captionStart)), initial.properties.isAlphabetic,
              let colon = (captionStart..<span.columns.upperBound).first(where: { grid.scalar(row, $0) == 0x3A }),
              colon + 1 == span.columns.upperBound || grid.isBlank(row, colon + 1) else { return nil }
        let caption = captionStart..<textEnd(row: row, captionStart..<colon)
        // A caption is one phrase: a gap of two blanks inside it parts two texts.
        guard !caption.isEmpty, endOfFirstWords(row: row, caption) == caption.upperBound else { return nil }
        return KeyedSetting(
            row: row, owner: span.owner, key: String(Character(keyScalar)), keyColumn: key, caption: caption, colon: colon,
            end: span.columns.upperBound)
    }
}
