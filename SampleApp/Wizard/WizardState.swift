/// The screens of the setup wizard, in order.
enum WizardStep: Equatable, Sendable {
    /// Screen 1: the name field.
    case name
    /// Screen 2: the theme menu.
    case theme
    /// Screen 3: the progress bar.
    case progress
}

/// What the wizard's loop should do after the state handled a key or a clock tick.
enum WizardTransition: Equatable, Sendable {
    /// Keep going (redraw).
    case stay
    /// The progress screen has just started: start its clock.
    case startProgress
    /// The user confirmed quitting.
    case cancel
    /// The progress bar is full: save and finish.
    case finish
}

/// Everything the wizard shows, and how keys and clock ticks change it. Pure state: no
/// terminal access, so the screens can be reasoned about (and drawn) from this value alone.
struct WizardState: Sendable {
    /// How many ticks fill the progress bar; one tick is a tenth of the bar.
    static let progressTickCount = 10

    /// The current screen.
    var step = WizardStep.name
    /// The name typed so far.
    var name = ""
    /// The inline error under the name field, shown until the next key.
    var nameError: String?
    /// The index in `Theme.allCases` of the highlighted theme.
    var selectedThemeIndex = 0
    /// How many progress ticks have passed.
    var progressTicks = 0
    /// Whether the `Quit setup? (y/n)` line is showing (the rest of the wizard is paused).
    var isConfirmingQuit = false
    /// The terminal size the screen is laid out for.
    var size: TerminalSize

    /// The highlighted theme.
    var selectedTheme: Theme { Theme.allCases[selectedThemeIndex] }

    /// The progress as a whole percentage.
    var progressPercent: Int { progressTicks * 100 / Self.progressTickCount }

    /// Applies one key press.
    mutating func handle(_ key: Key) -> WizardTransition {
        if isConfirmingQuit { return answerQuitQuestion(key) }
        if key == .interrupt {
            isConfirmingQuit = true
            return .stay
        }
        switch step {
        case .name: return editName(key)
        case .theme: return moveInMenu(key)
        case .progress: return .stay
        }
    }

    /// Advances the progress bar by one tick; `.finish` once a tick comes after the bar is full.
    mutating func tick() -> WizardTransition {
        guard step == .progress, !isConfirmingQuit else { return .stay }
        if progressTicks >= Self.progressTickCount { return .finish }
        progressTicks += 1
        return .stay
    }

    /// `y` cancels, `n` (or Escape) goes back to the wizard; other keys are ignored.
    private mutating func answerQuitQuestion(_ key: Key) -> WizardTransition {
        switch key {
        case .character("y"), .character("Y"): return .cancel
        case .character("n"), .character("N"), .escape:
            isConfirmingQuit = false
            return .stay
        default: return .stay
        }
    }

    /// Screen 1: typing adds to the name, Backspace removes the last character, Enter checks the
    /// name and moves on or shows why it cannot be used.
    private mutating func editName(_ key: Key) -> WizardTransition {
        nameError = nil
        switch key {
        case .character(let character) where name.count < NameRules.maximumLength:
            name.append(character)
        case .backspace:
            if !name.isEmpty { name.removeLast() }
        case .enter:
            let trimmed = NameRules.trimmed(name)
            if let problem = NameRules.problem(with: trimmed) {
                nameError = problem
            } else {
                name = trimmed
                step = .theme
            }
        default:
            break
        }
        return .stay
    }

    /// Screen 2: Up and Down move the highlight (stopping at the ends), Enter picks the theme.
    private mutating func moveInMenu(_ key: Key) -> WizardTransition {
        switch key {
        case .up: selectedThemeIndex = max(0, selectedThemeIndex - 1)
        case .down: selectedThemeIndex = min(Theme.allCases.count - 1, selectedThemeIndex + 1)
        case .enter:
            step = .progress
            return .startProgress
        default: break
        }
        return .stay
    }
}
