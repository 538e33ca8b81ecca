// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CleanSlate",
    products: [
        .library(name: "CleanSlate", targets: ["CleanSlate"]),
        .library(name: "CleanSlateXCTest", targets: ["CleanSlateXCTest"]),
        .library(name: "CleanSlateScreen", targets: ["CleanSlateScreen"]),
        .executable(name: "cleanslate", targets: ["CleanSlateCLI"]),
        .executable(name: "SampleApp", targets: ["SampleApp"]),
        .executable(name: "cleanslate-benchmarks", targets: ["CleanSlateBenchmarks"]),
        .library(name: "CleanSlateTesting", targets: ["CleanSlateTesting"]),
    ],
    targets: [
        // GNU-only libc calls that the Glibc module cannot see (it is built without _GNU_SOURCE).
        .target(name: "_CleanSlateCShim"),
        // The terminal screen emulator: pure Swift, no system calls.
        .target(name: "CleanSlateScreen"),
        // The core: sandboxes, environment, AppLauncher. Never imports XCTest or Testing.
        .target(name: "CleanSlate", dependencies: ["_CleanSlateCShim", "CleanSlateScreen"]),
        // XCTest integration: teardown-block registration, keep-on-failure, leak checks.
        .target(name: "CleanSlateXCTest", dependencies: ["CleanSlate", "CleanSlateTestSupport"]),
        // What both test integrations share: the keep policy, sandbox teardown, and failure reports
        // that reach whichever framework runs the test (imports XCTest and Testing; not a product).
        .target(name: "CleanSlateTestSupport", dependencies: ["CleanSlate"]),
        // Swift Testing integration: the .cleanSlate trait and launchApp/makeApp/sandboxForTest.
        .target(name: "CleanSlateTesting", dependencies: ["CleanSlate", "CleanSlateTestSupport"]),
        .executableTarget(name: "CleanSlateCLI", dependencies: ["CleanSlate", "SampleApp", "_CleanSlateCShim"]),
        .executableTarget(name: "SampleApp", path: "SampleApp"),
        // Recognition scored against screens a person annotated (the benchmarks' recognition-score).
        .target(name: "CleanSlateRecognitionScoring", dependencies: ["CleanSlate", "CleanSlateScreen"]),
        .executableTarget(name: "CleanSlateBenchmarks", dependencies: ["CleanSlate", "_CleanSlateCShim", "CleanSlateScreen", "CleanSlateXCTest",
                                                                        "CleanSlateRecognitionScoring"]),
        .testTarget(name: "CleanSlateTests", dependencies: ["CleanSlate", "CleanSlateXCTest", "_CleanSlateCShim"]),
        .testTarget(name: "CleanSlateXCTestTests", dependencies: ["CleanSlate", "CleanSlateXCTest", "_CleanSlateCShim"]),
        // ElementFixtures, the HeldOutScreens folders (set 1, -2 to -6) and PlainOutputScreens hold captured screens (bytes) that tests read by path: not sources.
        .testTarget(name: "CleanSlateScreenTests", dependencies: ["CleanSlateScreen", "CleanSlateRecognitionScoring"],
                    exclude: ["ElementFixtures", "HeldOutScreens", "HeldOutScreens-2", "HeldOutScreens-3", "HeldOutScreens-4", "HeldOutScreens-5", "HeldOutScreens-6", "HeldOutScreens-7", "HeldOutScreens-8", "CheckScreens-8a", "CheckScreens-9a", "CheckScreens-9b", "CheckScreens-9c", "PlainOutputScreens"]),
        .testTarget(name: "CleanSlateTestingTests", dependencies: ["CleanSlate", "CleanSlateTesting", "CleanSlateXCTest"]),
        // The README's snapshot example, with its reference files in __Snapshots__ (excluded: they are not sources).
        .testTarget(name: "CleanSlateSnapshotExampleTests", dependencies: ["CleanSlate", "CleanSlateTesting", "CleanSlateXCTest"],
                    exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
