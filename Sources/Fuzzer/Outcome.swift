/// What one run of `shotter` on a case came to. Only `ok` and `rejected` are acceptable.
public enum Outcome: String, CaseIterable, Sendable, Comparable {
    /// Exit 0 and the files it printed exist.
    case ok
    /// Exit 1, one `FILE:LINE: ...` line (or a whole-file `FILE: ...` one) on stderr, nothing written.
    case rejected
    /// Killed by a signal: a trap, a stack overflow, a bad access.
    case crash
    /// Still running after the time limit.
    case hang
    /// Files (or standard output) left behind by a run that failed, or promised and missing.
    case partialOutput
    /// A failure whose message is not one located line: several lines, a raw error, no location.
    case badMessage

    public var isFailure: Bool { self != .ok && self != .rejected }

    public static func < (a: Outcome, b: Outcome) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// The outcome of one command on one case, with what showed it.
public struct Verdict: Sendable, Equatable {
    public var outcome: Outcome
    /// `render` or `layout`.
    public var command: String
    /// The error line, the signal, or why the run counts as a failure.
    public var detail: String

    public init(outcome: Outcome, command: String, detail: String) {
        self.outcome = outcome; self.command = command; self.detail = detail
    }

    /// The failure with the input path, numbers, quoted values and prop paths (`hstack.alignment`)
    /// left out, so cases that fail the same way are saved once.
    public var signature: String {
        var text = detail
        if let colon = text.range(of: ".jsonl") { text = String(text[colon.upperBound...]) }
        text = text.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.dropLast().contains(".") && !$0.contains("\"") ? "…" : String($0) }.joined(separator: " ")
        var result = ""
        var inQuote = false
        for c in text {
            if c == "\"" {
                inQuote.toggle()
                if inQuote { result += "\"…\"" }
            } else if !inQuote && !(c.isNumber && result.last == "#") {
                result.append(c.isNumber ? "#" : c)
            }
        }
        return "\(outcome.rawValue) \(command)\(result.prefix(100))"
    }
}

/// Sorts a finished run into an `Outcome`; pure, so the rules are tested on their own.
public enum Classifier {
    /// The messages `shotter` prints with no line number: problems of the whole file.
    public static let wholeFileMessages = ["the stream has no commit", "commit ", "no such file", "is a directory", "cannot be read"]

    public static func classify(command: String, input: String, status: Int32, signaled: Bool, timedOut: Bool,
                                stdout: String, stderr: String, filesWritten: [String]) -> Verdict {
        func verdict(_ outcome: Outcome, _ detail: String) -> Verdict { Verdict(outcome: outcome, command: command, detail: detail) }
        let stderrLines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
        if timedOut { return verdict(.hang, "still running after the time limit") }
        if signaled {
            // Release builds trap with no message; Pango's criticals say what went in.
            let cause = stderrLines.first { $0.contains("Fatal error") || $0.contains("CRITICAL") }
            return verdict(.crash, "signal \(status)" + (cause.map { ": " + $0 } ?? ""))
        }
        let printed = stdout.split(separator: "\n").map(String.init)
        if status == 0 {
            if command == "render" {
                let missing = printed.filter { !filesWritten.contains($0) }
                if printed.isEmpty || !missing.isEmpty {
                    return verdict(.partialOutput, "exit 0 but \(printed.isEmpty ? "no file printed" : "\(missing[0]) not written")")
                }
            } else if printed.isEmpty {
                return verdict(.partialOutput, "exit 0 with nothing on standard output")
            }
            return verdict(.ok, "")
        }
        if !filesWritten.isEmpty { return verdict(.partialOutput, "exit \(status) left \(filesWritten.count) file(s): \(filesWritten[0])") }
        if !stdout.isEmpty { return verdict(.partialOutput, "exit \(status) after printing \(printed.first ?? "")") }
        let errors = stderrLines.filter { !$0.hasPrefix("warning: ") && !$0.hasPrefix("note: ") }
        guard status == 1 else { return verdict(.badMessage, "exit \(status): \(errors.first ?? "")") }
        guard errors.count == 1, let line = errors.first else {
            return verdict(.badMessage, "\(errors.count) error lines: \(errors.prefix(2).joined(separator: " | "))")
        }
        guard line.hasPrefix(input + ":") else { return verdict(.badMessage, "no location: \(line)") }
        let rest = line.dropFirst(input.count + 1)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        let located = !digits.isEmpty && rest.dropFirst(digits.count).hasPrefix(": ")
        let wholeFile = rest.hasPrefix(" ") && wholeFileMessages.contains { rest.dropFirst().hasPrefix($0) }
        guard located || wholeFile else { return verdict(.badMessage, "no line number: \(line)") }
        if line.contains("Error Domain=") || line.contains("NSCocoaErrorDomain") {
            return verdict(.badMessage, "raw error: \(line)")
        }
        return verdict(.rejected, line)
    }
}
