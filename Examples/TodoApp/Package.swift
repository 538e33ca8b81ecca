// swift-tools-version:6.0
// A small to-do app that tests itself with CleanSlate, depending on it exactly as your package
// would: only the dependency line differs (a URL and `from: "0.1.0"` instead of this path).
import PackageDescription

let package = Package(
    name: "TodoApp",
    products: [
        .executable(name: "todo", targets: ["todo"]),
    ],
    dependencies: [
        // In your package: .package(url: "https://github.com/OWNER/CleanSlate.git", from: "0.1.0")
        .package(name: "CleanSlate", path: "../.."),
    ],
    targets: [
        .executableTarget(name: "todo"),
        .testTarget(
            name: "TodoAppTests",
            dependencies: [
                "todo",  // so that `swift test` builds the app that `.product("todo")` launches
                .product(name: "CleanSlate", package: "CleanSlate"),
                .product(name: "CleanSlateTesting", package: "CleanSlate"),
                .product(name: "CleanSlateXCTest", package: "CleanSlate"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
