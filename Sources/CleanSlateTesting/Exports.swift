// KeepPolicy (shared with the XCTest integration) lives in CleanSlateTestSupport.
@_exported import CleanSlateTestSupport
