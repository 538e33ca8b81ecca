import CleanSlate
import CleanSlateXCTest
import Foundation
import XCTest

/// A process that SIGKILL cannot end at once (here: held at its exit by a tracer, as a process in
/// uninterruptible sleep is held by the kernel): terminate() returns after a bounded time, and once
/// the process can die it is reaped by its keeper, so no zombie is left anywhere.
final class UnkillableProcessTests: XCTestCase {
    /// Holds a process at its exit with ptrace (PTRACE_O_TRACEEXIT: even SIGKILL stops there first)
    /// until told to let go.
    private static let tracer = """
        import ctypes, os, sys
        libc = ctypes.CDLL(None, use_errno=True)
        libc.ptrace.restype = ctypes.c_long
        def ptrace(request, pid, data=0):
            return libc.ptrace(ctypes.c_long(request), ctypes.c_long(pid), ctypes.c_void_p(0), ctypes.c_void_p(data))
        SEIZE, CONT, DETACH, TRACEEXIT, EVENT_EXIT = 0x4206, 7, 17, 0x40, 6
        pid = int(sys.argv[1])
        if ptrace(SEIZE, pid, TRACEEXIT) != 0:
            print("cannot-attach errno=%d" % ctypes.get_errno(), flush=True)
            sys.exit(3)
        print("attached", flush=True)
        while True:
            _, status = os.waitpid(pid, 0x40000000)
            if os.WIFSTOPPED(status) and (status >> 8) == (5 | (EVENT_EXIT << 8)):
                print("stuck", flush=True)
                sys.stdin.readline()
                ptrace(DETACH, pid)
                print("released", flush=True)
                break
            if not os.WIFSTOPPED(status):
                break
            ptrace(CONT, pid, os.WSTOPSIG(status))
        """

    func testTerminateReturnsAndTheProcessIsReapedOnceItCanDie() throws {
        let python = "/usr/bin/python3"
        try requireProgram(python, hint: "install it: apt-get install -y python3")
        let app = try makeApp(.name("sleep"), arguments: ["1000"])
        app.terminationPolicy = .immediate
        try app.launch()
        guard case let .running(pid) = app.state else { return XCTFail("not running: \(app.state)") }
        let watch = try ProcessWatch(pid)
        let tracer = try launchApp(.path(python), arguments: ["-c", Self.tracer, "\(pid)"])
        try tracer.waitForOutput("\n")
        if tracer.standardOutput.hasPrefix("cannot-attach") {
            throw XCTSkip("ptrace is not allowed here (\(tracer.standardOutput)); run as root or with kernel.yama.ptrace_scope=0")
        }
        XCTAssertEqual(tracer.standardOutput, "attached\n")

        app.terminate()  // returns, although the app cannot finish dying
        try tracer.waitForOutput("stuck")
        XCTAssertFalse(watch.hasEnded(within: .zero), "the tracer should still hold the app at its exit")

        try tracer.typeText("release\n")
        try tracer.waitForOutput("released")
        XCTAssertTrue(watch.hasEnded(within: .seconds(10)), "the app did not die once released")
        XCTAssertEqual(zombieChildren(), [], "an app this process cannot reap was left as its zombie")
    }
}
