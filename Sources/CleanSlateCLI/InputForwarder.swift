import CleanSlate
import Foundation
import Glibc

/// Copies the front end's standard input to the app, on a thread of its own.
enum InputForwarder {
    static func start(to app: AppLauncher, closesInputAtEnd: Bool) {
        let thread = Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                do { try app.write(Array(buffer[0..<count]), timeout: .seconds(86_400)) } catch { return }
            }
            if closesInputAtEnd { try? app.closeInput() }
        }
        thread.start()
    }
}
