import Foundation
import Testing

/// `shotter render` writes all of a run's files or none, reports failures in one line, and
/// renders the same files whatever `--jobs` says.
@Suite("CLI: transactional render") struct TransactionTests {
    /// Three commits, each changing the text.
    static let threeCommits = """
    {"id":1,"kind":"text","op":"create","props":{"text":"One"}}
    {"id":1,"index":0,"op":"insert","parent":0}
    {"op":"commit"}
    {"id":1,"op":"update","props":{"text":"Two"}}
    {"op":"commit"}
    {"id":1,"op":"update","props":{"text":"Three"}}
    {"op":"commit"}

    """

    static func files(in directory: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        return (enumerator?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aFileThatCannotBeWrittenLeavesNoFileOfTheRun() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.threeCommits, to: "ops.jsonl", in: dir)
        // The second commit's PNG cannot take the place of a directory.
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("shots/ops/002.iphone15pro.large.light.png"),
                                                withIntermediateDirectories: true)
        let run = try CLI.run(["render", input, "--commit", "all", "--format", "svg,png", "--scale", "1"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "shots/ops/002.iphone15pro.large.light.png: cannot write: Is a directory\n")
        #expect(run.stdout == "")
        #expect(Self.files(in: dir.appendingPathComponent("shots")) == ["ops", "ops/002.iphone15pro.large.light.png"])
    }

    @Test func aFailedRunKeepsTheFilesOfTheRunBefore() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.threeCommits, to: "ops.jsonl", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("shots/ops"), withIntermediateDirectories: true)
        let old = try CLI.write("old", to: "shots/ops/001.iphone15pro.large.light.svg", in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("shots/ops/003.iphone15pro.large.light.svg"),
                                                withIntermediateDirectories: true)
        let run = try CLI.run(["render", input, "--commit", "all", "--format", "svg"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "shots/ops/003.iphone15pro.large.light.svg: cannot write: Is a directory\n")
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "old")
        #expect(Self.files(in: dir.appendingPathComponent("shots")) == ["ops", "ops/001.iphone15pro.large.light.svg", "ops/003.iphone15pro.large.light.svg"])
    }

    @Test func anOutputPathTooLongIsOneLine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.threeCommits, to: "ops.jsonl", in: dir)
        let long = String(repeating: "x", count: 300)
        let run = try CLI.run(["render", input, "-o", long, "--scale", "1"], in: dir)
        #expect(run.status == 1)
        #expect(run.stderr == "\(long)/ops/003.iphone15pro.large.light.png: cannot write: File name too long\n")
        #expect(Self.files(in: dir) == ["ops.jsonl"])
    }

    @Test func oneJobAndTwoJobsWriteTheSameFilesInTheSameOrder() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.threeCommits, to: "ops.jsonl", in: dir)
        var outputs: [(stdout: String, files: [String: Data])] = []
        for jobs in ["1", "2"] {
            let out = "out\(jobs)"
            let run = try CLI.run(["render", input, "--commit", "all", "--scheme", "light,dark", "--dynamic-type", "large,xxxLarge",
                                   "--format", "png,svg", "--scale", "1", "--jobs", jobs, "-o", out], in: dir)
            #expect(run.status == 0)
            #expect(run.stderr == "")
            let root = dir.appendingPathComponent(out)
            var files: [String: Data] = [:]
            for name in Self.files(in: root) { files[name] = FileManager.default.contents(atPath: root.appendingPathComponent(name).path) }
            outputs.append((run.stdout.replacingOccurrences(of: out + "/", with: ""), files))
        }
        let printed = outputs[0].stdout.split(separator: "\n")
        #expect(printed.count == 24)
        #expect(printed.prefix(3) == ["ops/001.iphone15pro.large.light.png", "ops/001.iphone15pro.large.light.svg",
                                      "ops/001.iphone15pro.large.dark.png"])
        #expect(outputs[0].stdout == outputs[1].stdout)
        #expect(outputs[0].files.count == 24)
        #expect(outputs[0].files == outputs[1].files)
    }

    @Test func jobsMustBeANumberFrom1To256() throws {
        let run = try CLI.run(["render", "-", "--jobs", "0"], stdin: Self.threeCommits)
        #expect(run.status == 2)
        #expect(run.stderr == "shotter: --jobs takes a number from 1 to 256 (see `shotter render --help`)\n")
    }
}

/// The progress line shows on a terminal once a run takes over a second, and never otherwise.
@Suite("CLI: progress") struct ProgressTests {
    /// Enough commits at every Dynamic Type size to take well over a second (six took 0.99 s
    /// once start-up got faster).
    static let longRun = ["--commit", "all", "--dynamic-type", "all", "--scheme", "light,dark", "--scale", "1", "--jobs", "1"]
    static let commits = 12
    /// Every commit at the 12 sizes in both schemes.
    static let renders = commits * 12 * 2

    static func stream() -> String {
        var lines = [#"{"id":1,"kind":"text","op":"create","props":{"text":"0"}}"#, #"{"id":1,"index":0,"op":"insert","parent":0}"#,
                     #"{"op":"commit"}"#]
        for i in 1..<commits {
            lines += [#"{"id":1,"op":"update","props":{"text":"\#(i)"}}"#, #"{"op":"commit"}"#]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func nothingWhenNotATerminal() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.stream(), to: "ops.jsonl", in: dir)
        let start = Date()
        let run = try CLI.run(["render", input] + Self.longRun, in: dir)
        #expect(Date().timeIntervalSince(start) > 1, "the run must be long enough for a progress line")
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.stdout.split(separator: "\n").count == Self.renders)
    }

    /// Under a pseudo-terminal (`script`) the line appears, counts up and is cleared; with `CI` set it does not.
    @Test func anUpdatingLineOnATerminalUnlessCI() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try CLI.write(Self.stream(), to: "ops.jsonl", in: dir)
        let command = ([CLI.binary.path, "render", input] + Self.longRun).joined(separator: " ")
        for ci in [false, true] {
            let run = try CLI.run(["-qfec", (ci ? "CI=1 " : "env -u CI ") + command, "/dev/null"], in: dir, executable: "/usr/bin/script")
            #expect(run.status == 0)
            let shown = run.stdout.contains("\r\u{1B}[Krender ") && run.stdout.contains("/\(Self.renders)")
            #expect(shown == !ci)
            #expect(run.stdout.contains("\u{1B}[K") == !ci)
        }
    }
}
