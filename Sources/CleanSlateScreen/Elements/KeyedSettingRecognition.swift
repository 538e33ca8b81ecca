/// Settings changed by pressing their key: `A - Serial Device : /dev/null` (minicom's setup
/// menus), `1 - Name : Ada` (abook's contact editor). A person reads each row as a field named
/// by its caption, holding the value after the colon, that the key before the dash opens.
extension RecognitionWork {
    /// A setting's row, found but not yet recorded.
    private struct KeyedSetting {
        var row: Int
        var owner: Int
        /// Where the key is (one letter or digit).
        var keyColumn: Int
        /// The key's place in the order keys run in (``KeyedChoiceRecognition/order(of:)``).
        var order: Int
        var caption: Range<Int>
        var colon: Int
        var end: Int
    }

    /// Text fields for keyed settings on free cells: rows that start with one letter or digit,
    /// ` - `, a caption and a colon standing before a blank or the row's end. Two such rows or
    /// more in one window with their colons in one column, one under another, each key one step
    /// on from the key above (minicom's `A`, `B`, `C`; abook's `1`, `2`), are a settings menu. A
    /// row alone, rows whose colons do not line up, keys in no order (a pager's help, `q - Quit :
    /// leave`, `s - Save : write`), values that end as sentences and a list with a current row
    /// drawn apart (a menu to pick from: ``KeyedChoiceRecognition``) are not. Each field is
    /// labelled by its caption, holds the text after the colon (empty when none) and takes the
    /// rest of its row; its key is its identifier.
    mutating func findKeyedSettings() {
        var settings: [KeyedSetting] = []
        // A row with no colon (a key mark) holds none.
        for row in 0..<grid.rows where (!takesShortcuts || grid.shows(.keyMark, row: row)) && mayHoldKey(row: row) {
            for span in spans(row: row) {
                if let setting = keyedSetting(row: row, span: span) { settings.append(setting) }
            }
        }
        var runs: [[KeyedSetting]] = []
        for setting in settings {
            if let index = runs.lastIndex(where: { $0[0].owner == setting.owner && $0[0].colon == setting.colon }),
               let last = runs[index].last, last.order + 1 == setting.order {
                runs[index].append(setting)
            } else {
                runs.append([setting])
            }
        }
        for run in runs where run.count >= 2 && isSettingsMenu(run) {
            for setting in run {
                let valueStart = min(setting.colon + 2, setting.end)
                let value = grid.trimmedText(row: setting.row, valueStart..<setting.end)
                add(
                    ScreenElement(
                        kind: .textField, label: TextFieldRecognition.labelText(grid.trimmedText(row: setting.row, setting.caption)),
                        frame: ScreenRectangle(row: setting.row, column: valueStart, height: 1, width: setting.end - valueStart),
                        value: .text(value), style: grid.style(setting.row, valueStart), identifier: grid.text(row: setting.row, setting.keyColumn..<(setting.keyColumn + 1))),
                    owner: setting.owner)
                // The key and caption are the field's too: no other rule reads them (as a keyed
                // choice's row: the settings' keys run in order down the menu).
                claim(row: setting.row, setting.keyColumn..<setting.caption.upperBound)
            }
        }
    }

    /// Whether keyed rows in order are settings: no value ends as a sentence, and no row is drawn
    /// apart as a menu's current row.
    private func isSettingsMenu(_ run: [KeyedSetting]) -> Bool {
        let readsAsProse = run.contains { setting in
            KeyedChoiceRecognition.endsAsSentence(grid.trimmedText(row: setting.row, setting.colon + 1..<setting.end))
        }
        let looks = run.map { ElementLook(grid: grid, row: $0.row, label: $0.caption) }
        return !readsAsProse && Highlighting.highlighted(looks, ground: ground(of: run[0].owner)) == nil
    }

    /// The keyed setting `span` holds from its first text, or `nil`.
    private func keyedSetting(row: Int, span: Span) -> KeyedSetting? {
        let key = firstLetter(row: row, span.columns)
        let keyScalar = grid.scalar(row, key)
        guard RecognitionGrid.isASCIILetter(keyScalar) || RecognitionGrid.isASCIIDigit(keyScalar),
              let (mark, captionSearch) = mark(row: row, after: key + 1, within: span.columns), mark == .dash,
              captionSearch < span.columns.upperBound else { return nil }
        let captionStart = firstLetter(row: row, captionSearch..<span.columns.upperBound)
        guard let initial = Unicode.Scalar(grid.scalar(row, captionStart)), initial.properties.isAlphabetic,
              let colon = (captionStart..<span.columns.upperBound).first(where: { grid.scalar(row, $0) == 0x3A }),
              colon + 1 == span.columns.upperBound || grid.isBlank(row, colon + 1) else { return nil }
        let caption = captionStart..<textEnd(row: row, captionStart..<colon)
        let keyName = grid.text(row: row, key..<(key + 1))
        // A caption is one phrase: a gap of two blanks inside it parts two texts.
        guard !caption.isEmpty, endOfFirstWords(row: row, caption) == caption.upperBound,
              let order = KeyedChoiceRecognition.order(of: keyName) else { return nil }
        return KeyedSetting(row: row, owner: span.owner, keyColumn: key, order: order, caption: caption, colon: colon, end: span.columns.upperBound)
    }
}
