import Foundation

/// How a command ended.
public struct Termination: Sendable {
    public var status: Int32
    public var signaled: Bool
    public var timedOut: Bool
}

/// Starts `shotter ARGUMENTS` with its standard output and error going to files.
public protocol Launcher {
    func launch(_ arguments: [String], stdoutPath: String, stderrPath: String, timeLimit: Double) throws -> Termination
}

/// A new process per command: slow (process start and font setup each time) but needs nothing
/// from the binary.
public struct ProcessLauncher: Launcher, Sendable {
    public var binary: String
    public init(binary: String) { self.binary = binary }

    public func launch(_ arguments: [String], stdoutPath: String, stderrPath: String, timeLimit: Double) throws -> Termination {
        _ = FileManager.default.createFile(atPath: stdoutPath, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ForkServer.environment
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
        return Termination(status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal,
                           timedOut: timedOut)
    }
}

/// One `shotter fuzz-server` process, which forks a child per command (Sources/shotter/
/// FuzzServer.swift): a case costs a fork instead of a process start and font setup. Not
/// shared between threads: a campaign starts one per job.
public final class ForkServer: Launcher {
    /// A crash should end the child at once, not after a symbolicated backtrace.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        return environment
    }

    private let process = Process()
    private let requests: FileHandle
    private let answers: Int32
    private var buffered: [UInt8] = []

    public init(binary: String) throws {
        let input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["fuzz-server"]
        process.environment = Self.environment
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        requests = input.fileHandleForWriting
        answers = output.fileHandleForReading.fileDescriptor
    }

    deinit {
        try? requests.close()
        process.waitUntilExit()
    }

    public func launch(_ arguments: [String], stdoutPath: String, stderrPath: String, timeLimit: Double) throws -> Termination {
        guard !arguments.contains(where: { $0.contains("\t") || $0.contains("\n") }) else { throw ServerError.died }
        try requests.write(contentsOf: Data(([stdoutPath, stderrPath] + arguments).joined(separator: "\t").utf8 + [0x0A]))
        guard let started = try readLine(timeLimit: 10), started.hasPrefix("pid "), let pid = Int32(started.dropFirst(4)),
              pid > 0 else { throw ServerError.died }
        var timedOut = false
        var answer = try readLine(timeLimit: timeLimit)
        if answer == nil {
            timedOut = true
            kill(pid, SIGKILL)
            answer = try readLine(timeLimit: 10)
        }
        guard let answer, let space = answer.firstIndex(of: " "), let code = Int32(answer[answer.index(after: space)...]) else {
            throw ServerError.died
        }
        return Termination(status: code, signaled: answer.hasPrefix("signal"), timedOut: timedOut)
    }

    public enum ServerError: Error { case died }

    /// The next answer line, or nil when none came within the time limit.
    private func readLine(timeLimit: Double) throws -> String? {
        let deadline = Date().addingTimeInterval(timeLimit)
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return nil }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0 && errno != EINTR { throw ServerError.died }
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 256)
            let count = read(answers, &chunk, chunk.count)
            if count <= 0 { throw ServerError.died }
            buffered += chunk[..<count]
        }
    }
}
