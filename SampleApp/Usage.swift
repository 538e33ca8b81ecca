/// The text of `sampleapp --help` and the version line.
enum Usage {
    /// The version `--version` reports.
    static let versionLine = "SampleApp 1.0.0"

    /// Prints the help text to standard output.
    static func write() throws(SampleAppError) {
        try Console.write(text + "\n")
    }

    /// The help text, printed to standard output by `--help`, `-h` and `help`.
    static let text = """
        Usage: SampleApp [LAUNCH OPTIONS] [COMMAND [ARGUMENTS...]]

        SampleApp greets you by name. On the first launch it asks for your name (a
        full-screen wizard on a terminal, a one-line prompt otherwise) and saves it.

        Launch options (before the command):
          --reset-data     delete SampleApp's saved config, data, cache and state first
          --wizard         onboard with the full-screen wizard (needs a terminal)
          --no-wizard      onboard with the line prompt even on a terminal
          -h, --help       show this help
          --version        show the version

        Commands:
          (none)           greet, or onboard on the first launch
          whoami           print the saved name (exit 1 before onboarding)
          notes add TEXT…  add a note
          notes list       print the notes, numbered
          notes clear      delete all notes
          cache warm       build the cache file
          cache status     print "cache: warm" or "cache: cold"
          args ARGS…       print each argument on its own line as a JSON string
          env NAMES…       print NAME=value, or "NAME is unset", for each name
          help             show this help

        Files (XDG base directories; $HOME/.config, .local/share, .cache and
        .local/state when the variables are unset):
          $XDG_CONFIG_HOME/sampleapp/profile.json
          $XDG_DATA_HOME/sampleapp/notes.txt
          $XDG_CACHE_HOME/sampleapp/index.cache

        Environment:
          SAMPLEAPP_SOLARIZED_LABEL   what the wizard's menu shows for Solarized (for
                                      tests of a changed app; the profile keeps Solarized)

        Exit status: 0 ok, 1 not onboarded, 64 usage, 65 bad data, 66 no input,
        73 cannot create, 74 I/O error, 78 no HOME or XDG folder, 130 setup cancelled.
        """
}
