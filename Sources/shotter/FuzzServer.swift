import Foundation
import LayoutModel
import TextMeasure
import SVGExport

/// `shotter fuzz-server`, for `shotter-fuzz` only (not in the help): runs many commands, each
/// in a child forked from this process once fontconfig is set up and librsvg loaded. A case
/// then skips the process start and font setup (about 0.2 s of a 0.3 s run) but still crashes,
/// hangs, prints and writes files on its own, exactly as `shotter` run alone would.
///
/// One line per request on stdin: `STDOUT-FILE<TAB>STDERR-FILE<TAB>ARGUMENT...`. Answers on
/// stdout: `pid N` once the child runs (the client kills it when it runs too long), then
/// `exit N` or `signal N` when it ends.
enum FuzzServer {
    static func serve() -> Int32 {
        _ = try? PangoTextMeasurer()  // loads the pinned font configuration every child shares
        // A child must not initialize a `static let` on two threads at once: Swift's lock for it
        // names the locking thread by an id cached per thread, which a forked child inherits
        // from this process's thread, and two threads waiting on it in a child never wake.
        // A command that draws loads librsvg on a second thread while its main one may need it.
        try? IconLibrary.loadLibraries()
        // The two halves of a large JSON Lines stream are read on two threads, and both may
        // parse the first number that needs `strtod` (its C locale is made once, on first use).
        _ = Double("0.5")
        while let request = readLine() {
            let fields = request.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3 else { return 2 }
            fflush(nil)
            let pid = fork()
            if pid == 0 { runChild(stdoutPath: fields[0], stderrPath: fields[1], Array(fields.dropFirst(2))) }
            print("pid \(pid)")
            fflush(nil)
            guard pid > 0 else { return 1 }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            // The <sys/wait.h> macros: the low 7 bits are the signal, 0 for a normal exit.
            print(status & 0x7F == 0 ? "exit \((status >> 8) & 0xFF)" : "signal \(status & 0x7F)")
            fflush(nil)
        }
        return 0
    }

    private static func runChild(stdoutPath: String, stderrPath: String, _ arguments: [String]) -> Never {
        dup2(open("/dev/null", O_RDONLY), 0)
        dup2(open(stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644), 1)
        dup2(open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644), 2)
        let status = run(arguments)
        fflush(nil)
        _exit(status)
    }
}
