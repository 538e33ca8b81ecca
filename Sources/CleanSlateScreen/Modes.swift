extension TerminalEmulator {
    /// SM / RM: the ANSI modes IRM (4) and LNM (20).
    func setANSIModes(_ enabled: Bool) {
        let parameters = core.pointee.parser.parameters
        for index in 0..<parameters.count {
            switch parameters[index] {
            case 4: modes.insert = enabled
            case 20: modes.newLine = enabled
            case let mode where ReportedSettings.storedANSIModes.contains(Int(mode)):
                if enabled { settings.ansiModes.insert(Int(mode)) } else { settings.ansiModes.remove(Int(mode)) }
            default: break
            }
        }
    }

    /// XTSAVE (`CSI ? Pm s`): remembers whether each listed DEC private mode is set.
    func saveDECModes() {
        let parameters = core.pointee.parser.parameters
        for index in 0..<parameters.count {
            let mode = Int(parameters[index])
            let state = modeState(mode, dec: true)
            if state == 1 || state == 2 { settings.savedDECModes[mode] = state == 1 }
        }
    }

    /// XTRESTORE (`CSI ? Pm r`): sets or resets each listed DEC private mode as XTSAVE found it.
    func restoreDECModes() {
        let parameters = core.pointee.parser.parameters
        for index in 0..<parameters.count {
            let mode = Int(parameters[index])
            if let enabled = settings.savedDECModes[mode] { setDECMode(mode, enabled) }
        }
    }

    /// DECSET / DECRST: the DEC private modes.
    func setDECModes(_ enabled: Bool) {
        let parameters = core.pointee.parser.parameters
        for index in 0..<parameters.count {
            setDECMode(Int(parameters[index]), enabled)
        }
    }

    private func setDECMode(_ mode: Int, _ enabled: Bool) {
        switch mode {
        case 1: modes.applicationCursorKeys = enabled
        case 5: modes.reverseVideo = enabled
        case 6:
            modes.origin = enabled
            setCursor(row: 0, column: 0)
        case 7:
            modes.autowrap = enabled
            if !enabled { wrapPending = false }
        case 12: cursorBlinks = enabled
        case 25: modes.cursorVisible = enabled
        case 9: setMouseTracking(.x10, enabled)
        case 1000: setMouseTracking(.normal, enabled)
        case 1002: setMouseTracking(.buttonEvent, enabled)
        case 1003: setMouseTracking(.anyEvent, enabled)
        case 1004: modes.focusEvents = enabled
        case 1005: setMouseEncoding(.utf8, enabled)
        case 1006: setMouseEncoding(.sgr, enabled)
        case 1015: setMouseEncoding(.urxvt, enabled)
        case 2004: modes.bracketedPaste = enabled
        case 66: modes.applicationKeypad = enabled
        case 45, 1045: settings.reverseWraparound = enabled
        case 69:
            leftRightMarginMode = enabled
            if !enabled { resetHorizontalMargins() }
        case let stored where ReportedSettings.storedDECModes.contains(stored):
            if enabled { settings.decModes.insert(stored) } else { settings.decModes.remove(stored) }
        case 47: switchScreen(toAlternate: enabled, clearOnExit: false)
        case 1047: switchScreen(toAlternate: enabled, clearOnExit: true)
        case 1048: if enabled { saveCursor() } else { restoreCursor() }
        case 1049:
            // As xterm (charproc.c, srm_OPT_ALTBUF_CURSOR): only the switch itself depends on the
            // screen shown; the save, the clear and the restore happen every time, so a second
            // 1049h saves and clears again and a 1049l on the normal screen restores its cursor.
            if enabled {
                saveCursor()
                switchScreen(toAlternate: true, clearOnExit: false)
                grid.fillAll(with: Cell.erased(with: pen))
            } else {
                switchScreen(toAlternate: false, clearOnExit: false)
                restoreCursor()
            }
        default: break
        }
    }

    /// Turning a tracking mode on selects it; turning any off stops mouse reporting (as xterm).
    private func setMouseTracking(_ mode: MouseTrackingMode, _ enabled: Bool) {
        modes.mouseTracking = enabled ? mode : .off
    }

    private func setMouseEncoding(_ encoding: MouseEncoding, _ enabled: Bool) {
        if enabled {
            modes.mouseEncoding = encoding
        } else if modes.mouseEncoding == encoding {
            modes.mouseEncoding = .default
        }
    }

    /// Shows the alternate or primary screen; the cursor position is shared, as in xterm.
    func switchScreen(toAlternate: Bool, clearOnExit: Bool) {
        guard toAlternate != isAlternateActive else { return }
        if !toAlternate && clearOnExit { alternateGrid.fillAll(with: Cell.erased(with: pen)) }
        grid = toAlternate ? alternateGrid : primaryGrid
        modes.alternateScreen = toAlternate
        wrapPending = false
    }

    /// The DECRQM state of a mode: 1 set, 2 reset, 4 permanently reset, 0 not recognised.
    func modeState(_ mode: Int, dec: Bool) -> Int {
        func state(_ flag: Bool) -> Int { flag ? 1 : 2 }
        if !dec {
            switch mode {
            case 4: return state(modes.insert)
            case 20: return state(modes.newLine)
            case let stored where ReportedSettings.storedANSIModes.contains(stored): return state(settings.ansiModes.contains(stored))
            case let fixed where ReportedSettings.permanentlyResetANSIModes.contains(fixed): return 4
            default: return 0
            }
        }
        switch mode {
        case 1: return state(modes.applicationCursorKeys)
        case 5: return state(modes.reverseVideo)
        case 6: return state(modes.origin)
        case 7: return state(modes.autowrap)
        case 12: return state(cursorBlinks)
        case 25: return state(modes.cursorVisible)
        case 9: return state(modes.mouseTracking == .x10)
        case 1000: return state(modes.mouseTracking == .normal)
        case 1002: return state(modes.mouseTracking == .buttonEvent)
        case 1003: return state(modes.mouseTracking == .anyEvent)
        case 1004: return state(modes.focusEvents)
        case 1005: return state(modes.mouseEncoding == .utf8)
        case 1006: return state(modes.mouseEncoding == .sgr)
        case 1015: return state(modes.mouseEncoding == .urxvt)
        case 2004: return state(modes.bracketedPaste)
        case 47, 1047, 1049: return state(isAlternateActive)
        case 1048: return 2
        case 66: return state(modes.applicationKeypad)
        case 45, 1045: return state(settings.reverseWraparound)
        case 69: return state(leftRightMarginMode)
        case let stored where ReportedSettings.storedDECModes.contains(stored): return state(settings.decModes.contains(stored))
        case let fixed where ReportedSettings.permanentlyResetDECModes.contains(fixed): return 4
        default: return 0
        }
    }
}
