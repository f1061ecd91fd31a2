import Foundation

/// Runs the built `shotter` binary on one case, the way a user would: `render` (PNG and SVG
/// at scale 1, into an empty directory) and then `layout`, each under a time limit, and sorts
/// what happened into an `Outcome`.
public struct CaseRunner: Sendable {
    public var binary: String
    /// Seconds a command may run before it counts as a hang.
    public var timeLimit: Double

    public init(binary: String, timeLimit: Double = 10) {
        self.binary = binary
        self.timeLimit = timeLimit
    }

    /// The first failure among the two commands, or render's outcome when neither failed.
    public func run(_ text: String) -> Verdict {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let input = directory.appendingPathComponent("case.jsonl").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: input))
            let output = directory.appendingPathComponent("out").path
            let render = try command("render", [input, "-o", output, "--scale", "1", "--format", "png,svg"],
                                     input: input, output: output, in: directory)
            if render.outcome.isFailure { return render }
            let layout = try command("layout", [input], input: input, output: nil, in: directory)
            return layout.outcome.isFailure ? layout : render
        } catch {
            return Verdict(outcome: .badMessage, command: "fuzz", detail: "could not run \(binary): \(error)")
        }
    }

    private func command(_ name: String, _ arguments: [String], input: String, output: String?, in directory: URL) throws -> Verdict {
        let stdoutPath = directory.appendingPathComponent("\(name).stdout").path
        let stderrPath = directory.appendingPathComponent("\(name).stderr").path
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = [name] + arguments
        process.currentDirectoryURL = directory
        // A crash should end the process at once, not after a symbolicated backtrace.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeLimit) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let stdout = (try? String(contentsOfFile: stdoutPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
        return Classifier.classify(command: name, input: input, status: process.terminationStatus,
                                   signaled: process.terminationReason == .uncaughtSignal, timedOut: timedOut,
                                   stdout: stdout, stderr: stderr, filesWritten: output.map(Self.files) ?? [])
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
