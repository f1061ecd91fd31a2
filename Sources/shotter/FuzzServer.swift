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
        try? IconLibrary.loadLibraries()  // and librsvg, which every command that draws loads
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
        // The command runs on a thread made in the child, as `shotter` runs it. Not on this one:
        // Swift's lock for a first use of a `static let` names its holder by a thread id cached
        // per thread, and this thread's copy still holds the server thread's id, so a second
        // thread waiting on a lock it holds would never wake (seed 55's campaign hung two of
        // 100,000 cases this way; docs/decisions.md, "Fuzzer").
        let status = runOnCommandThread(arguments)
        fflush(nil)
        _exit(status)
    }
}
