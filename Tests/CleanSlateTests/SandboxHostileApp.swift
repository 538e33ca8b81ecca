import CleanSlate
import Foundation
import XCTest

/// A hostile "app" for the sandbox tests: a python3 script that swaps sandbox folders for symlinks
/// and exchanges folders with `renameat2(RENAME_EXCHANGE)` in a loop, racing whatever CleanSlate
/// does to the sandbox meanwhile. It prints `ready` once its first swaps are done, then loops until
/// it is killed.
///
/// Modes (first argument), then the sandbox root and a folder outside the sandbox:
/// - `swap-locations TARGET`: `home` and `xdg/config` are exchanged, again and again, with symlinks
///   to TARGET (a real folder, or `/`).
/// - `exchange-folders`: inside HOME, `a/b` (a folder with files, deep in the tree) is exchanged with
///   `OUTSIDE/swap` (a folder next to the canary, outside the sandbox), and the folder `x` with a
///   symlink to `OUTSIDE/canary`; files keep being created in `a`.
enum HostileApp {
    static let script = #"""
        import ctypes, os, sys
        libc = ctypes.CDLL(None, use_errno=True)
        AT_FDCWD, RENAME_EXCHANGE = -100, 2
        def exchange(a, b):
            return libc.renameat2(AT_FDCWD, a.encode(), AT_FDCWD, b.encode(), RENAME_EXCHANGE) == 0
        def attempt(action):
            try:
                action()
            except OSError:
                pass
        mode, sandbox, outside = sys.argv[1], sys.argv[2], sys.argv[3]
        home = os.path.join(sandbox, "home")
        pairs = []
        if mode == "swap-locations":
            target = sys.argv[4]
            for folder, decoy in [(home, os.path.join(sandbox, "decoy")),
                                  (os.path.join(sandbox, "xdg", "config"), os.path.join(sandbox, "xdg", "decoy"))]:
                os.symlink(target, decoy)
                pairs.append((folder, decoy))
        else:
            deep = os.path.join(home, "a", "b", "c", "d")
            os.makedirs(deep)
            for level in [os.path.join(home, "a"), os.path.join(home, "a", "b"), deep]:
                for n in range(20):
                    open(os.path.join(level, "f%d" % n), "w").close()
            os.makedirs(os.path.join(home, "x", "inner"))
            os.symlink(os.path.join(outside, "canary"), os.path.join(home, "link"))
            pairs = [(os.path.join(home, "a", "b"), os.path.join(outside, "swap")),
                     (os.path.join(home, "x"), os.path.join(home, "link"))]
        for a, b in pairs:
            exchange(a, b)
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        n = 0
        while True:
            for a, b in pairs:
                exchange(a, b)
            n += 1
            if mode != "swap-locations":
                attempt(lambda: open(os.path.join(home, "a", "new%d" % (n % 50)), "w").close())
        """#

    /// The python3 interpreter, or a skip saying how to get it.
    static func interpreter() throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: folder + "/python3") {
            return folder + "/python3"
        }
        let message = "python3 is missing, which the hostile-app tests run as their misbehaving app; install it (apt-get install -y python3)"
        if externalRequirementsEnforced { throw MissingProgram(path: "/usr/bin/python3") }
        throw XCTSkip(message)
    }

    /// Launches the script in `sandbox` and waits until it has made its first swaps.
    static func launch(_ mode: String, in sandbox: Sandbox, outside: String, extra: [String] = []) throws -> AppLauncher {
        let app = AppLauncher(.path(try interpreter()), sandbox: sandbox)
        app.launchArguments = ["-c", script, mode, sandbox.root, outside] + extra
        app.workingDirectory = "/"
        try app.launch()
        do {
            try app.waitForOutput("ready\n", timeout: .seconds(20))
        } catch {
            app.terminate()
            throw error
        }
        return app
    }
}
