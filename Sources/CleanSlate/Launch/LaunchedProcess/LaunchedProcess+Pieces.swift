import Glibc
import _CleanSlateCShim

/// Fault pacing: output delivered in pieces (``Faults/outputFragmentLength``), each given to the waits
/// in progress to look at before the next.
extension LaunchedProcess {
    /// Delivers one piece of output in fault injection. A piece waits (up to ``pieceLookLimit``,
    /// after which the rest of the chunk goes at once, `holding` cleared) for a wait to be in
    /// progress, as the test's next wait usually starts just after the input that made the app
    /// redraw; then it is delivered, and each wait in progress is given the time (up to the same
    /// limit) to look at it before the next piece comes. So a wait sees the screen or the output as
    /// it is after each piece, on every run, as it would if the app's output had arrived in such pieces.
    func deliverPiece(_ piece: UnsafeRawBufferPointer, from source: Source, holding: inout Bool) -> [UInt8] {
        monitor.withLock {
            if holding {
                let held = MonotonicInstant.now.advanced(by: Self.pieceLookLimit)
                while waitsInProgress == 0 && waitsForAll == 0 {
                    if !monitor.wait(on: pieceSeen, until: held) { holding = false; break }
                }
            }
            let replies = deliver(piece, from: source)
            unpublished = (false, unpublished.exit)
            pieceNumber += 1
            waitsBehind = waitsInProgress
            monitor.broadcast()
            let limit = MonotonicInstant.now.advanced(by: Self.pieceLookLimit)
            while waitsBehind > 0 { if !monitor.wait(on: pieceSeen, until: limit) { break } }
            return replies
        }
    }

    /// Marks a wait that needs all the output, not each piece (waiting for the app's exit), until
    /// ``endReceivingAllOutput()``: pieces are not held back for a wait while it runs.
    func beginReceivingAllOutput() {
        monitor.withLock { waitsForAll += 1 }
        monitor.broadcast(pieceSeen)
    }

    /// Ends what ``beginReceivingAllOutput()`` started.
    func endReceivingAllOutput() {
        monitor.withLock { waitsForAll -= 1 }
    }

    /// How long a piece of output waits for the waits in progress to look at it.
    static let pieceLookLimit: Duration = .seconds(1)

    /// Starts a wait that looks at output piece by piece; returns the piece it has seen. Call with the monitor held.
    func beginPieceWait() -> Int {
        waitsInProgress += 1
        if faultNote != nil { monitor.broadcast(pieceSeen) }
        return pieceNumber
    }

    /// Ends a wait begun with ``beginPieceWait()``. Call with the monitor held.
    func endPieceWait(seen: Int) {
        var seen = seen
        notePieceSeen(&seen)
        waitsInProgress -= 1
    }

    /// Tells the I/O thread the wait has looked at the latest piece. Call with the monitor held.
    func notePieceSeen(_ seen: inout Int) {
        guard seen != pieceNumber else { return }
        seen = pieceNumber
        if waitsBehind > 0 {
            waitsBehind -= 1
            monitor.broadcast(pieceSeen)
        }
    }
}
