/// A mouse button, for ``AppLauncher/click(row:column:button:modifiers:timeout:fileID:filePath:line:)-21k1q`` and ``AppLauncher/mouse(_:row:column:modifiers:timeout:fileID:filePath:line:)-55wjy``.
public enum MouseButton: Sendable, Equatable {
    /// The primary button.
    case left
    /// The middle button (or wheel click).
    case middle
    /// The secondary button.
    case right
    /// One notch of the wheel away from the user (scroll up).
    case wheelUp
    /// One notch of the wheel towards the user (scroll down).
    case wheelDown
}

/// What the mouse does at a position.
public enum MouseAction: Sendable, Equatable {
    /// A button goes down.
    case press(MouseButton)
    /// A button comes up.
    case release(MouseButton)
    /// The pointer moves, with this button held (nil for none).
    case move(held: MouseButton?)
}
