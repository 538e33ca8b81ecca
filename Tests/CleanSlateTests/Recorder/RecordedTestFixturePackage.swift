import Foundation

/// The package `RecordedTestE2ETests` writes `cleanslate record`'s tests into: a test target that
/// depends on CleanSlate (by path) and on its SampleApp, so `.product("SampleApp")` launches it.
enum RecordedTestFixturePackage {
    /// The package's manifest, depending on CleanSlate at `cleanSlateRoot`.
    static func manifest(cleanSlateRoot: String) -> String {
        let identity = (cleanSlateRoot as NSString).lastPathComponent
        return """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "RecordedFixture",
                dependencies: [.package(path: \(cleanSlateRoot.debugDescription))],
                targets: [
                    .testTarget(name: "RecordedTests", dependencies: [
                        .product(name: "CleanSlate", package: \(identity.debugDescription)),
                        .product(name: "CleanSlateTesting", package: \(identity.debugDescription)),
                        .product(name: "CleanSlateXCTest", package: \(identity.debugDescription)),
                        .product(name: "SampleApp", package: \(identity.debugDescription)),
                    ]),
                ]
            )

            """
    }
}
