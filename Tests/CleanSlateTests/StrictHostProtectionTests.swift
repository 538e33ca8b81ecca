import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// Strict isolation (issue 14) against an app that tries to change the machine it runs on: host
/// kernel settings through /proc, nested user namespaces (new pseudo-terminals, a new /proc), and
/// more processes than its launch may have. Run as root these are the real escapes: the app's uid is
/// the host's root there.
final class StrictHostProtectionTests: XCTestCase {
    private func strictApp(_ script: String, options: StrictOptions = StrictOptions()) throws -> AppLauncher {
        try requireStrictIsolation()
        let app = try makeApp(.name("sh"), arguments: ["-c", script])
        app.isolation = .strict(options)
        app.defaultTimeout = .seconds(60)
        return app
    }

    private static func hostValue(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    /// Every file under /proc/sys that has a write bit, and every other host-wide /proc file that
    /// has one, is opened for writing (without writing anything): each open must fail. Two settings
    /// are written for real, with the value they already have, so that a broken promise shows
    /// without changing the machine (`kernel.core_pattern` is a program the kernel runs as root).
    func testNoHostKernelSettingCanBeOpenedForWriting() throws {
        let script = #"""
            n=0
            for f in $(find /proc/sys -type f -perm /222 2>/dev/null); do
              n=$((n+1)); if (: >> "$f") 2>/dev/null; then echo "writable $f"; fi
            done
            echo "tried $n"
            for f in /proc/*; do
              case ${f#/proc/} in [0-9]*|self|thread-self) continue;; esac
              [ -f "$f" ] && [ -n "$(find "$f" -maxdepth 0 -perm /222)" ] || continue
              if (: >> "$f") 2>/dev/null; then echo "writable $f"; fi
            done
            for f in /proc/sys/kernel/printk_ratelimit_burst /proc/sys/kernel/core_pattern; do
              v=$(cat "$f"); printf '%s\n' "$v" > "$f" 2>/dev/null && echo "wrote $f"
            done
            echo done
            """#
        let watched = ["/proc/sys/kernel/printk_ratelimit_burst", "/proc/sys/kernel/core_pattern"]
        let before = watched.map(Self.hostValue)
        let app = try strictApp(script)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        let lines = app.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "done", app.standardOutput)
        XCTAssertEqual(lines.filter { $0.hasPrefix("writable ") || $0.hasPrefix("wrote ") }, [],
                       "host-wide /proc files the app could open for writing")
        let tried = lines.first { $0.hasPrefix("tried ") }.flatMap { Int($0.dropFirst(6)) } ?? 0
        XCTAssertGreaterThan(tried, 50, "the app found too few files under /proc/sys to try: \(app.standardOutput)")
        XCTAssertEqual(watched.map(Self.hostValue), before, "a host kernel setting changed")
    }

    /// The app cannot make a user namespace of its own, in which it would be root and could mount a
    /// new devpts (and so open new pseudo-terminals) or a new /proc.
    func testNestedUserNamespacesAreRefused() throws {
        try requireProgram("/usr/bin/unshare", hint: "install util-linux")
        let app = try strictApp(#"""
            cat /proc/sys/user/max_user_namespaces
            unshare --user --map-root-user sh -c 'mount -t devpts devpts /tmp && ls /tmp/ptmx' 2>/dev/null || echo "unshare refused"
            [ -e /dev/ptmx ] && echo "ptmx present" || echo "no ptmx"
            """#)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "0\nunshare refused\nno ptmx\n")
    }

    /// With `maximumProcessCount: 300` the app has at most 300 processes (its shell and 299 more),
    /// whoever runs the test: RLIMIT_NPROC binds other users, the PID namespace's pid_max binds root
    /// (its processes are numbered 300...598 after the app's PID 2).
    func testAnAppStartsNoMoreProcessesThanItsLimit() throws {
        let app = try strictApp(#"""
            i=0
            while [ $i -lt 2000 ]; do sleep 1000 & i=$((i+1)); echo $i > "$HOME/started"; done
            """#, options: StrictOptions(maximumProcessCount: 300))
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(2), "the shell should stop at its first failed fork")
        XCTAssertTrue(app.standardError.contains("Cannot fork"), app.standardError)
        XCTAssertEqual(try app.sandbox.text(of: "started", in: .home), "299\n")
        let escaped = app.terminate()
        XCTAssertEqual(escaped.count, 299, "every sleep is killed at teardown and reported")
    }

    /// The default limit is 256 processes, whoever runs the test (before issue 24, root's bound was
    /// the kernel's lowest pid_max, 301, so this was checked as an ordinary user only).
    func testTheDefaultProcessLimitIs256() throws {
        let app = try strictApp(#"i=0; while [ $i -lt 2000 ]; do sleep 1000 & i=$((i+1)); echo $i > "$HOME/started"; done"#)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(2), app.standardError)
        XCTAssertEqual(try app.sandbox.text(of: "started", in: .home), "255\n")
        XCTAssertEqual(app.terminate().count, 255, "every sleep is killed at teardown and reported")
    }

    /// Issue 24: a PID namespace numbers its processes from 1 only until its last PID passes the
    /// kernel's reserved 300, then wraps around to 300; with pid_max at 301 only PID 300 was left,
    /// and after about 300 short-lived processes every fork that needed a second process at once (a
    /// pipe) failed (`sh: Cannot fork`), as root and as a user. A script now runs 500 pipelines of
    /// two commands one after another.
    func testAScriptRunsManyMoreShortLivedCommandsThanThePIDsBelowTheWrap() throws {
        let app = try strictApp(#"i=0; while [ $i -lt 500 ]; do /bin/true | /bin/true || exit 3; i=$((i+1)); done; echo "ran $i""#)
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(0), app.standardError)
        XCTAssertEqual(app.standardOutput, "ran 500\n")
    }

    /// Once the PIDs have wrapped around (500 pipelines with a limit of 10), the limit binds as
    /// before, root included: the shell and 9 sleeps.
    func testTheProcessLimitStillBindsOnceThePIDsHaveWrapped() throws {
        let app = try strictApp(#"""
            i=0; while [ $i -lt 500 ]; do /bin/true | /bin/true || exit 3; i=$((i+1)); done
            i=0; while [ $i -lt 100 ]; do sleep 1000 & i=$((i+1)); echo $i > "$HOME/started"; done
            """#, options: StrictOptions(maximumProcessCount: 10))
        try app.launch()
        XCTAssertEqual(try app.waitForExit(), .exited(2), "the shell should stop at its first failed fork: \(app.standardError)")
        XCTAssertTrue(app.standardError.contains("Cannot fork"), app.standardError)
        XCTAssertEqual(try app.sandbox.text(of: "started", in: .home), "9\n")
        XCTAssertEqual(app.terminate().count, 9, "every sleep is killed at teardown and reported")
    }

    /// A fork bomb churns inside its limit; meanwhile the test process can still start programs, and
    /// teardown ends the whole bomb.
    func testAForkBombStaysInsideItsLaunch() throws {
        // The app's own shell starts the bomb and then only waits, so it lives until teardown.
        let app = try strictApp(#"b(){ while :; do b & done; }; b & while :; do wait; done"#)
        try app.launch()
        _ = try app.waitForOutput("Cannot fork", in: .standardError)
        // Read once the app runs its own program (until then, /proc/PID is root's: see the sweep tests).
        let namespace = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(try XCTUnwrap(Self.pid(of: app.state)))/ns/pid")
        let probe = try makeApp(.path("/bin/true"))
        try probe.launch()
        XCTAssertEqual(try probe.waitForExit(timeout: .seconds(60)), .exited(0))
        XCTAssertLessThanOrEqual(Self.processes(inPIDNamespace: namespace), 256, "processes of the bomb")
        let escaped = app.terminate()
        // Seen once in a full CI run under heavy load (1 left, not reproduced in isolation): name
        // each process left, its state and parent, and what teardown reported, so the log says why.
        XCTAssertEqual(Self.processes(inPIDNamespace: namespace), 0, """
            processes of the bomb outlived teardown: \(Self.statusLines(inPIDNamespace: namespace)); \
            teardown reported \(escaped.count) escaped
            """)
    }

    /// For a failure message: `pid State PPid NSpid` of each process of `namespace` but its PID 1.
    static func statusLines(inPIDNamespace namespace: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { $0.first?.isNumber == true }.compactMap { pid -> String? in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/pid")) == namespace,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
            let wanted = ["State:", "PPid:", "NSpid:", "SigPnd:", "ShdPnd:"]
            let fields = status.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }
            return "\(pid) " + fields.joined(separator: " ").replacingOccurrences(of: "\t", with: " ")
        }
    }

    private static func pid(of state: AppState) -> Int32? {
        if case let .running(pid) = state { return pid }
        return nil
    }

    /// How many live host processes are in the PID namespace `namespace` (a /proc/PID/ns/pid link
    /// text), not counting its PID 1 (the launch's keeper, which ends after the app's teardown).
    static func processes(inPIDNamespace namespace: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.filter { $0.first?.isNumber == true }.filter { pid in
            guard (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/ns/pid")) == namespace,
                  let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
            let fields = status.split(separator: "\n")
            let innermost = fields.first { $0.hasPrefix("NSpid:") }?.split(separator: "\t").last
            let state = fields.first { $0.hasPrefix("State:") } ?? ""
            return innermost != "1" && !state.contains("zombie")
        }.count
    }

    /// `cleanslate run --max-processes N` sets the limit; a count out of range, or the option without
    /// strict isolation, is a usage error (exit 64) naming the option; so is the API's own check.
    func testTheProcessLimitIsSetFromTheCommandLineAndCheckedForRange() throws {
        try requireStrictIsolation()
        let script = #"i=0; while [ $i -lt 2000 ]; do sleep 1000 & i=$((i+1)); echo $i; done"#
        let run = try makeApp(.product("cleanslate"), arguments: [
            "run", "--isolation", "strict", "--max-processes", "300", "--", "/bin/sh", "-c", script])
        try run.launch()
        XCTAssertEqual(try run.waitForExit(timeout: .seconds(60)), .exited(2), run.standardError)
        XCTAssertTrue(run.standardError.contains("Cannot fork"), run.standardError)
        // Its shell and 299 sleeps (the default, 256, would stop at 255).
        XCTAssertEqual(run.standardOutput.split(separator: "\n").last, "299")
        for arguments in [["--isolation", "strict", "--max-processes", "0"], ["--max-processes", "10"]] {
            let bad = try makeApp(.product("cleanslate"), arguments: ["run"] + arguments + ["--", "true"])
            try bad.launch()
            XCTAssertEqual(try bad.waitForExit(timeout: .seconds(30)), .exited(64), "\(arguments)")
            XCTAssertTrue(bad.standardError.contains("--max-processes"), bad.standardError)
        }
        // 1...4,194,005: the kernel's largest pid_max (4,194,304) less the 299 PIDs below the app's processes'.
        for count in [0, 4_194_006] {
            let app = try makeApp(.name("true"))
            app.isolation = .strict(StrictOptions(maximumProcessCount: count))
            XCTAssertThrowsError(try app.launch()) { error in
                XCTAssertEqual((error as? CleanSlateError)?.code, .invalidArgument, "\(error)")
                XCTAssertTrue("\(error)".contains("maximumProcessCount is \(count)"), "\(error)")
            }
        }
    }
}
