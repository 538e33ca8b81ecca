import Foundation
import Glibc

// A closed output pipe should surface as a write error (exit 74), not kill the process.
signal(SIGPIPE, SIG_IGN)

let app = SampleApp(
    arguments: RawArgument.processArguments(),
    paths: AppPaths(environment: ProcessInfo.processInfo.environment))
exit(app.run().rawValue)
