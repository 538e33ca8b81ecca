/// The terminal screen emulator. (Placeholder until the emulator lands.)
public enum CleanSlateScreenModule {}
