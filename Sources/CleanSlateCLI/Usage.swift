/// The help text of the `cleanslate` front end.
enum Usage {
    static let text = """
        usage: cleanslate run [OPTIONS] [--] [COMMAND [ARGUMENTS...]]
               cleanslate record [OPTIONS] [--] COMMAND [ARGUMENTS...]
               cleanslate record --from FILE.cast [OPTIONS] [--] [COMMAND [ARGUMENTS...]]
               cleanslate render [--rows R --cols C] [--format F | --elements [--json]] [--at SECONDS] [--cursor] [--framed] FILE|-
               cleanslate sweep [--dry-run] [--root DIR]

        run      Runs COMMAND in a fresh sandbox (a new HOME, XDG folders and TMPDIR) with a pinned
                 environment, streams its output, then reports its exit status and the files it
                 created and wipes the sandbox. With no COMMAND it runs the bundled SampleApp.
                 The exit code mirrors the app's (128 + N when killed by signal N). If the
                 reader of its output goes away (cleanslate run yes | head), the app is stopped,
                 the sandbox wiped, and the exit code is 141 (128 + SIGPIPE), as in a shell.
                 If the app exits 0 but leaves processes running, each is named in a warning and
                 killed, and the exit code is 125. SIGINT, SIGTERM and SIGHUP stop the app and all
                 it started, wipe (or keep) the sandbox and exit with 128 + the signal. If the
                 app exits 0 but the sandbox cannot be wiped entirely, the exit code is 74.
          --terminal ROWSxCOLS   run on a pseudo-terminal of that size; keystrokes pass through
                                 when standard input is a terminal; the final screen is printed
          --record FILE          write the session to FILE as an asciicast v2 recording (timed
                                 output and the input sent; the first 1 MiB and last 4 MiB);
                                 replay it with 'asciinema play FILE' or 'cleanslate render FILE'.
                                 FILE is written into, never replaced (a symlink's target, a
                                 device, a FIFO with a reader). Exit code 73 when it cannot be
                                 written (the app is not run)
          --keep                 keep the sandbox and print its path instead of wiping it
                                 (CLEANSLATE_KEEP=always keeps it too; =failed keeps it when
                                 the command does not exit 0; =never wipes it; exit code 64
                                 for any other value)
          --env NAME=VALUE       set a variable in the app's environment (repeatable)
          --pass-env NAME        pass a variable of this shell through (repeatable)
          --inherit-env          start from this shell's whole environment (session variables
                                 such as DBUS_SESSION_BUS_ADDRESS are still withheld)
          --root DIR             create the sandbox in DIR (default: CLEANSLATE_ROOT, else /dev/shm)
          --isolation LEVEL      standard (the default: a sandboxed environment), strict (own
                                 namespaces: read-only file system but the sandbox, homes and
                                 this folder hidden, own processes, loopback-only network; fails
                                 where user namespaces are not allowed) or strict-or-standard
                                 (strict, or standard with a warning where it is refused)
          --network MODE         with strict isolation: loopback (the default: its own loopback
                                 only) or host (share this machine's network)
          --allow-port N         with strict isolation: relay 127.0.0.1:N inside to this
                                 machine's 127.0.0.1:N, TCP only (repeatable)
          --max-processes N      with strict isolation: the most processes the app may have at
                                 once (default 256; fork fails past it)
          --faults LIST          put the run under faults, comma-separated (repeatable):
                                 pieces=N (output reaches the screen in random pieces of 1-N
                                 bytes), typing=MS (input a byte every MS ms), seed=N (the seed
                                 of the pieces; CLEANSLATE_FAULT_SEED wins; printed at the end),
                                 missing=FOLDER (an empty sandbox folder such as cache removed);
                                 with strict isolation: size=BYTES (writes past it fail with
                                 ENOSPC), read-only=FOLDER (config, data, ...: EROFS)

        record   Runs COMMAND as 'run' does, on a pseudo-terminal of this terminal's size (over pipes
                 when standard input is not a terminal), passing your keys through, and when it
                 exits writes a test that repeats the session: element queries (menuItems[...].
                 select(), textFields[...].typeText, buttons[...].click(), keyHints[...].press())
                 or a wait for the new text then the input; waitForExit with the status, the last
                 screen and the files created. No sleeps. Exit code 0 when written; 64 usage; 65 a
                 recording that is not asciicast v2; 66 one that cannot be read; 73 an output that
                 cannot be created; 127 no such command; 128 + N when interrupted by signal N
                 (nothing written).
          --terminal ROWSxCOLS   the pseudo-terminal's size
          --swift-testing        write a Swift Testing suite (the default)
          --xctest               write an XCTestCase
          --output FILE          write the test to FILE (atomically; nothing on failure), not stdout
          --name NAME            the suite's or class's name (default RecordedSessionTests)
          --env NAME=VALUE       set in the app's environment and in the test's launch (repeatable)
          --from FILE            write the test from an asciicast v2 recording instead of running
                                 the app (COMMAND defaults to the recording's title)
          --exit-status N        with --from: the exit status the test expects (default 0)

        render   Feeds a raw byte capture (what a program wrote to its terminal), or an asciicast v2
                 recording (cleanslate run --record, a failed test's artifacts, asciinema rec),
                 through the screen emulator and prints the final screen. '-' reads standard input.
          --rows R, --cols C     the terminal size (required for a raw capture; for a recording
                                 they replace the size its header gives)
          --format F             text (the default), styled (colours, attributes and the cursor as
                                 text), html (a self-contained page) or svg (an image)
          --at SECONDS           a recording's screen at that time (its events up to SECONDS)
          --cursor               add the cursor position after the screen
          --framed               draw the screen in a box with row and column numbers
          --elements             print the elements recognised on the screen instead (windows,
                                 buttons, check boxes, menu items, text fields, key hints...),
                                 one per line, indented under their window
          --json                 with --elements: one JSON object, a stable listing for tools
                                 (kind, label, identifier, frame, states, value, key, detail, children)

        sweep    Removes the sandboxes left in the root folder by processes that are gone (a killed
                 test run), after killing the processes still running in them, and lists each one.
                 Kept sandboxes go once CLEANSLATE_KEEP_DAYS (default 7) days have passed. Only
                 processes CleanSlate launched are killed; a sandbox that another process stands
                 in, or that is a mount point, is left alone and listed. Exit code 1 when one
                 could not be removed entirely or was left alone; 64 for bad usage or a bad
                 CLEANSLATE_KEEP_DAYS; 70 when the root folder cannot be used. SIGINT, SIGTERM
                 and SIGHUP end render and sweep at once with 128 + the signal.
          --dry-run              list what would be removed (and killed), change nothing
          --root DIR             the folder to sweep (default: CLEANSLATE_ROOT, else /dev/shm)
        """
}
