import CleanSlateTestSupport
import Foundation
import Testing

/// Artifacts: "`CLEANSLATE_ARTIFACTS` if set; else `cleanslate-artifacts` in the package's build
/// folder (`.build/cleanslate-artifacts/`, ignored by git ...)". The folder is computed, not written
/// to: nothing is created in the build folder.
@Suite struct ArtifactDefaultFolderTests {
    @Test func withoutTheVariableArtifactsGoToCleanslateArtifactsInTheBuildFolder() throws {
        // The test executable's own path, as the kernel knows it, and its innermost `.build` folder.
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let components = executable.split(separator: "/", omittingEmptySubsequences: true)
        guard let build = components.lastIndex(of: ".build") else {
            // `swift test --scratch-path` elsewhere: the documented place is beside the executable.
            #expect(FailureArtifacts.defaultDirectory == URL(fileURLWithPath: executable).deletingLastPathComponent().path + "/cleanslate-artifacts")
            return
        }
        let buildFolder = "/" + components[...build].joined(separator: "/")
        #expect(FailureArtifacts.defaultDirectory == buildFolder + "/cleanslate-artifacts")
    }
}
