import Foundation

/// Runs the built `shotter` binary on one case, the way a user would: `render` (PNG and SVG
/// at scale 1, into an empty directory) and then `layout`, each under a time limit, and sorts
/// what happened into an `Outcome`.
public struct CaseRunner: Sendable {
    public var binary: String
    /// Seconds a command may run before it counts as a hang.
    public var timeLimit: Double
    /// Runs commands through `shotter fuzz-server` (a fork per command) rather than a new
    /// process each: about five times as many cases per second.
    public var forkServer: Bool

    public init(binary: String, timeLimit: Double = 10, forkServer: Bool = true) {
        self.binary = binary
        self.timeLimit = timeLimit
        self.forkServer = forkServer
    }

    /// A launcher for one thread.
    public func makeLauncher() -> any Launcher {
        if forkServer, let server = try? ForkServer(binary: binary) { return server }
        return ProcessLauncher(binary: binary)
    }

    /// Runs one case with a launcher of its own.
    public func run(_ text: String) -> Verdict {
        var launcher = makeLauncher()
        return run(text, with: &launcher)
    }

    /// The first failure among the two commands, or render's outcome when neither failed.
    /// A fork server that died is replaced once.
    public func run(_ text: String, with launcher: inout any Launcher) -> Verdict {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let input = directory.appendingPathComponent("case.jsonl").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: input))
            let output = directory.appendingPathComponent("out").path
            let render = try command("render", [input, "-o", output, "--scale", "1", "--format", "png,svg"],
                                     input: input, in: directory, &launcher)
            if render.outcome.isFailure { return render }
            let layout = try command("layout", [input], input: input, in: directory, &launcher)
            return layout.outcome.isFailure ? layout : render
        } catch {
            return Verdict(outcome: .badMessage, command: "fuzz", detail: "could not run \(binary): \(error)")
        }
    }

    /// Runs one command; any file that appears anywhere in the case's directory (temporary
    /// files next to the output directory too) counts as written by it.
    private func command(_ name: String, _ arguments: [String], input: String, in directory: URL,
                         _ launcher: inout any Launcher) throws -> Verdict {
        let stdoutPath = directory.appendingPathComponent("\(name).stdout").path
        let stderrPath = directory.appendingPathComponent("\(name).stderr").path
        let before = Set(Self.files(under: directory.path) + [stdoutPath, stderrPath])
        let termination: Termination
        do {
            termination = try launcher.launch([name] + arguments, stdoutPath: stdoutPath, stderrPath: stderrPath, timeLimit: timeLimit)
        } catch is ForkServer.ServerError {
            launcher = makeLauncher()
            termination = try launcher.launch([name] + arguments, stdoutPath: stdoutPath, stderrPath: stderrPath, timeLimit: timeLimit)
        }
        let stdout = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return Classifier.classify(command: name, input: input, status: termination.status, signaled: termination.signaled,
                                   timedOut: termination.timedOut, stdout: stdout, stderr: stderr,
                                   filesWritten: Self.files(under: directory.path).filter { !before.contains($0) })
    }

    /// Every regular file under `directory`, as paths.
    static func files(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        return walker.compactMap { $0 as? String }.map { directory + "/" + $0 }.filter {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue
        }.sorted()
    }
}
