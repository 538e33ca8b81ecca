import CleanSlate
/// XCTest integration placeholder.
public enum CleanSlateXCTestModule {}
