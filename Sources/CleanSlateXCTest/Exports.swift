// KeepPolicy (shared with the Swift Testing integration) lives in CleanSlateTestSupport.
@_exported import CleanSlateTestSupport
