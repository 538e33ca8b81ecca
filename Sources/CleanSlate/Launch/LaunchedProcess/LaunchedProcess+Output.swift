import Glibc
import _CleanSlateCShim

/// Output delivery: what the I/O thread hands to the output buffers, the screen and the plain-text
/// searches of waits, and how it announces the changes to the waits (threads and tasks).
extension LaunchedProcess {
    /// Records that the I/O thread changed what waits look at (call with the monitor held); `exit`
    /// when it concerns the app's exit (see ``exitChanged``).
    func noteChange(exit: Bool) {
        unpublished.any = true
        if exit { unpublished.exit = true }
        countChange(exit: exit)
    }

    /// Counts a change (call with the monitor held).
    func countChange(exit: Bool) {
        changeCount &+= 1
        if exit { exitChangeCount &+= 1 }
    }

    /// Wakes the waiters for what the I/O thread changed since the last call (on the I/O thread,
    /// after a batch of ready descriptors, without the monitor held).
    func publishChanges() {
        let changes = monitor.withLock { () -> (any: Bool, exit: Bool) in
            defer { unpublished = (false, false) }
            return unpublished
        }
        if changes.any { monitor.broadcast() }
        if changes.exit { monitor.broadcast(exitChanged) }
    }

    /// Starts a plain-text wait's search: it has found `needle` at once if the output kept holds it;
    /// otherwise the I/O thread feeds it every new chunk. Call with the monitor held.
    func startWatch(for needle: [UInt8], in stream: AppOutputStream) -> OutputWatch {
        let kept = output[stream]!
        let watch = OutputWatch(needle: needle, stream: stream, seen: kept.suffix(max(0, needle.count - 1)))
        if kept.bytes.withUnsafeBytes({ ByteSearch.contains(needle, in: $0) }) { watch.markFound() }
        watches.append(watch)
        return watch
    }

    /// Ends a wait's search. Call with the monitor held.
    func stopWatch(_ watch: OutputWatch) {
        watches.removeAll { $0 === watch }
    }

    /// Keeps `bytes` of `source`'s output and hands them to the screen and the searches of waits;
    /// returns the terminal's replies. Call with the monitor held.
    func deliver(_ bytes: UnsafeRawBufferPointer, from source: Source) -> [UInt8] {
        output[source.stream]!.append(bytes)
        recorder.record(.output, bytes)
        for watch in watches where watch.stream == source.stream { watch.scan(bytes) }
        let replies = terminal?.consume(bytes) ?? []
        noteChange(exit: false)
        return replies
    }
}
