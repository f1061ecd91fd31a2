import Foundation
import Testing

/// Issue 9: `--prune` never deletes what is not a golden, no flag, plan or stream name makes
/// shotter write outside the folder it was given, and small CLI defects found by fuzzing.
@Suite("CLI: paths and hardening") struct PathSafetyTests {
    static let stream = """
    {"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}
    {"id":1,"index":0,"op":"insert","parent":0}
    {"op":"commit"}

    """

    /// A project: a plan over `flows/*.jsonl`, a README and a source file, inside a parent
    /// folder that holds a sibling project's file (what `--goldens ..` would reach).
    struct Project {
        let parent: URL
        let root: URL
        /// Every file that must survive whatever `shotter test` is asked to do.
        let precious = ["shotter.json", "flows/Greeting.jsonl", "README.md", "Sources/main.swift"]

        init(plan: String = #"{"streams": ["flows/*.jsonl"], "scale": 1}"#) throws {
            parent = try CLI.temporaryDirectory()
            root = parent.appendingPathComponent("project")
            for (name, text) in [("shotter.json", plan), ("flows/Greeting.jsonl", PathSafetyTests.stream),
                                 ("README.md", "# read me\n"), ("Sources/main.swift", "print(1)\n")] {
                try write(text, name)
            }
            try FileManager.default.createDirectory(at: parent.appendingPathComponent("sibling"), withIntermediateDirectories: true)
            try "keep\n".write(to: parent.appendingPathComponent("sibling/notes.txt"), atomically: true, encoding: .utf8)
        }

        func write(_ text: String, _ name: String) throws {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path) }

        /// The precious files and the sibling's, all still there.
        var intact: Bool {
            precious.allSatisfy(exists) && FileManager.default.fileExists(atPath: parent.appendingPathComponent("sibling/notes.txt").path)
        }

        func remove() { try? FileManager.default.removeItem(at: parent) }
    }

    @Test func pruneRefusesEveryGoldensDirectoryThatHoldsTheProject() throws {
        let project = try Project()
        defer { project.remove() }
        let root = project.root.path
        let cases: [(goldens: String, message: String)] = [
            ("", "shotter: --goldens is empty: give a directory of its own (see `shotter test --help`)"),
            ("/", "shotter: --goldens is the file-system root: give a directory of its own (see `shotter test --help`)"),
            (".", "shotter: the goldens directory \(root) is the plan's directory: give the goldens a directory of their own (see `shotter test --help`)"),
            (root, "shotter: the goldens directory \(root) is the plan's directory: give the goldens a directory of their own (see `shotter test --help`)"),
            ("..", "shotter: the goldens directory \(project.parent.path) contains the plan's directory \(root): give the goldens a directory of their own (see `shotter test --help`)"),
            ("flows", "shotter: the goldens directory \(root)/flows contains the stream \(root)/flows/Greeting.jsonl: give the goldens a directory of their own (see `shotter test --help`)"),
        ]
        for (goldens, message) in cases {
            for record in ["--record=missing", "--record=all"] {
                let run = try CLI.run(["test", "--goldens", goldens, "--prune", record], in: project.root)
                #expect(run.status == 2, "\(goldens)")
                #expect(run.stderr == message + "\n")
                #expect(run.stdout == "")
                #expect(project.intact, "--goldens \(goldens)")
            }
        }
        #expect(!project.exists("Greeting") && !project.exists(".shotter-artifacts"), "nothing was recorded")
    }

    @Test func aPlanWithGoldensAtItsOwnDirectoryIsRefused() throws {
        let project = try Project(plan: #"{"streams": ["flows/*.jsonl"], "goldens": ".", "scale": 1}"#)
        defer { project.remove() }
        let run = try CLI.run(["test", "--prune"], in: project.root)
        #expect(run.status == 2)
        #expect(run.stderr == "shotter: the goldens directory \(project.root.path) is the plan's directory: give the goldens a directory of their own (see `shotter test --help`)\n")
        #expect(project.intact && !project.exists("Greeting"))

        for (goldens, message) in [("..", #"goldens ".." must be a relative path inside the plan's directory (--goldens may point elsewhere)"#),
                                   ("/tmp/goldens", #"goldens "/tmp/goldens" must be a relative path inside the plan's directory (--goldens may point elsewhere)"#)] {
            try project.write(#"{"streams": ["flows/*.jsonl"], "goldens": "\#(goldens)"}"#, "shotter.json")
            let outside = try CLI.run(["test", "--prune"], in: project.root)
            #expect(outside.status == 2)
            #expect(outside.stderr == "shotter: shotter.json: \(message) (see `shotter test --help`)\n")
            #expect(project.intact)
        }
    }

    /// In a goldens directory of its own, prune deletes the unused goldens and nothing else.
    @Test func pruneDeletesOnlyGoldenFiles() throws {
        let project = try Project()
        defer { project.remove() }
        let keep = ["__Snapshots__/README.md", "__Snapshots__/Old/notes.txt", "__Snapshots__/Old/001.iphone15pro.large.light.png.orig",
                    "__Snapshots__/Old/1.iphone15pro.large.light.png", "__Snapshots__/Old/deep/001.iphone15pro.large.light.png"]
        for name in keep + ["__Snapshots__/Old/001.iphone15pro.large.light.png", "__Snapshots__/Old/002-tap-Go.iphone15pro.large.dark.layout.json"] {
            try project.write("x", name)
        }
        let run = try CLI.run(["test", "--prune"], in: project.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("deleted unused golden __Snapshots__/Old/001.iphone15pro.large.light.png\n"
                                    + "deleted unused golden __Snapshots__/Old/002-tap-Go.iphone15pro.large.dark.layout.json\n"))
        #expect(run.stdout.components(separatedBy: "deleted unused golden").count - 1 == 2)
        #expect(!project.exists("__Snapshots__/Old/001.iphone15pro.large.light.png"))
        #expect(keep.allSatisfy(project.exists) && project.intact)
        #expect(project.exists("__Snapshots__/Greeting/001.iphone15pro.large.light.png"))
    }

    @Test func emptyOrRootOutputPathsAreUsageErrors() throws {
        let project = try Project()
        defer { project.remove() }
        let cases: [(args: [String], message: String)] = [
            (["render", "flows/Greeting.jsonl", "-o", ""], "shotter: --output is empty: give a directory of its own (see `shotter render --help`)"),
            (["render", "flows/Greeting.jsonl", "--output=/"], "shotter: --output is the file-system root: give a directory of its own (see `shotter render --help`)"),
            (["render", "flows/Greeting.jsonl", "-o", "//."], "shotter: --output is the file-system root: give a directory of its own (see `shotter render --help`)"),
            (["test", "--artifacts", ""], "shotter: --artifacts is empty: give a directory of its own (see `shotter test --help`)"),
            (["test", "--artifacts", "/"], "shotter: --artifacts is the file-system root: give a directory of its own (see `shotter test --help`)"),
            (["test", "--artifacts", "."], "shotter: the artifacts directory \(project.root.path) is the plan's directory: give the artifacts a directory of their own (see `shotter test --help`)"),
            (["test", "--junit", ""], "shotter: --junit is empty: give a file path (see `shotter test --help`)"),
            (["diff", "a.png", "b.png", "-o", ""], "shotter: --output is empty: give a file path (see `shotter diff --help`)"),
        ]
        for (args, message) in cases {
            let run = try CLI.run(args, in: project.root)
            #expect(run.status == 2, "\(args)")
            #expect(run.stderr == message + "\n")
            #expect(run.stdout == "")
        }
        #expect(project.intact && !project.exists("__Snapshots__") && !project.exists(".shotter-artifacts"))
    }

    /// `...jsonl` without its extension would be `..`: the name keeps its extension instead.
    @Test func aStreamNamedWithDotsStaysInsideItsFolder() throws {
        let project = try Project(plan: #"{"streams": ["flows/*.jsonl", "flows/...jsonl", "flows/..jsonl"], "scale": 1}"#)
        defer { project.remove() }
        try project.write(PathSafetyTests.stream, "flows/...jsonl")
        try project.write(PathSafetyTests.stream, "flows/..jsonl")
        let render = try CLI.run(["render", "flows/...jsonl", "-o", "out/shots", "--scale", "1"], in: project.root)
        #expect(render.status == 0)
        #expect(render.stdout == "out/shots/...jsonl/001.iphone15pro.large.light.png\n")
        #expect(project.exists("out/shots/...jsonl/001.iphone15pro.large.light.png"))
        #expect((try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("out").path)) == ["shots"])

        let test = try CLI.run(["test"], in: project.root)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(project.exists("__Snapshots__/...jsonl/001.iphone15pro.large.light.png"))
        #expect(project.exists("__Snapshots__/..jsonl/001.iphone15pro.large.light.layout.json"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: project.root.appendingPathComponent("__Snapshots__").path))
                == ["...jsonl", "..jsonl", "Greeting"])
    }

    /// 40 Tibetan stacks are 40 characters but over 255 bytes: the label is capped in bytes.
    @Test func aLabelOfLongCharactersGivesAFileNameUnder255Bytes() throws {
        let project = try Project()
        defer { project.remove() }
        let stack = "\u{0F40}\u{0FB2}\u{0FB1}\u{0FB7}\u{0FAD}\u{0F74}\u{0F71}" // one character, 7 scalars, 21 bytes
        try project.write(PathSafetyTests.stream + """
            {"id":1,"op":"update","props":{"text":"\(String(repeating: stack, count: 40))"}}
            {"id":1,"op":"event","type":"tap"}
            {"op":"commit"}

            """, "flows/Tibetan.jsonl")
        let run = try CLI.run(["render", "flows/Tibetan.jsonl", "-o", "out", "--scale", "1"], in: project.root)
        #expect(run.status == 0, "\(run.stderr)")
        let name = try #require(run.stdout.split(separator: "\n").first.map { String($0.split(separator: "/").last ?? "") })
        // The label "tap-TEXT" is at most 120 bytes: "tap-" and 38 scalars of 3 bytes, 5 whole
        // stacks and the 6th cut after 3 scalars.
        #expect(name == "002-tap-" + String(repeating: stack, count: 5) + "\u{0F40}\u{0FB2}\u{0FB1}" + ".iphone15pro.large.light.png")
        #expect(name.utf8.count == 4 + 118 + 28)
        #expect(project.exists("out/Tibetan/" + name))
    }

    @Test func aFailedWriteToStandardOutputIsAFailure() throws {
        let project = try Project()
        defer { project.remove() }
        let process = Process()
        process.executableURL = CLI.binary
        process.arguments = ["layout", "flows/Greeting.jsonl"]
        process.currentDirectoryURL = project.root
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stderr == "shotter: cannot write to standard output: No space left on device\n")
    }

    /// A value from the stream is shown escaped and cut: no raw newline, no terminal escape,
    /// not a megabyte of text on the terminal.
    @Test func errorMessagesEscapeAndCutHostileValues() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let value = "\n\u{1B}[31mred" + String(repeating: "A", count: 1 << 20)
        let escapedValue = #"\n\u{1B}[31mred"# + String(repeating: "A", count: 191)
        let line = #"{"id":1,"kind":"vstack","op":"create","props":{"alignment":"\#(value.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\u{1B}", with: "\\u001b"))"}}"#
        let input = try CLI.write(line + "\n", to: "bad\u{1B}]0;x.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.appendingPathComponent("out").path], in: dir)
        #expect(run.status == 1)
        let shownInput = input.replacingOccurrences(of: "\u{1B}", with: #"\u{1B}"#)
        #expect(run.stderr == "\(shownInput):1: create: vstack.alignment: unknown value \"\(escapedValue)…\" (\(value.count) characters)\n")
    }

    @Test func theTestReportEscapesControlCharactersInStreamNames() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write(PathSafetyTests.stream, "flows/Red\u{1B}[31m.jsonl")
        let run = try CLI.run(["test"], in: project.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("REC  Red\\u{1B}[31m/001.iphone15pro.large.light.png: recorded new golden\n"))
        #expect(!run.stdout.contains("\u{1B}"))
        #expect(project.exists("__Snapshots__/Red\u{1B}[31m/001.iphone15pro.large.light.png"))
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        let project = try Project()
        defer { project.remove() }
        try project.write("\u{FEFF}" + PathSafetyTests.stream, "flows/Greeting.jsonl")
        try project.write("\u{FEFF}" + #"{"streams": ["flows/*.jsonl"], "scale": 1}"#, "shotter.json")
        let render = try CLI.run(["render", "flows/Greeting.jsonl", "-o", "out", "--scale", "1"], in: project.root)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout == "out/Greeting/001.iphone15pro.large.light.png\n")
        let test = try CLI.run(["test"], in: project.root)
        #expect(test.status == 0, "\(test.stderr)")
        #expect(test.stdout.contains("recorded 1 snapshot: review and commit them\n"))
    }

    /// Each worker reserves the stack the deepest tree needs, not 512 MiB: 32 of them fit in an
    /// 8 GiB address space (their stacks alone took 16 GiB).
    @Test func manyJobsRunUnderAnAddressSpaceLimit() throws {
        let project = try Project(plan: #"{"streams": ["flows/*.jsonl"], "schemes": ["light", "dark"], "commits": "all", "scale": 1}"#)
        defer { project.remove() }
        for i in 1...40 { try project.write(PathSafetyTests.stream, "flows/S\(i).jsonl") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"ulimit -v 8388608 && exec "$0" test --jobs 32 > out.txt"#, CLI.binary.path]
        process.environment = CLI.environment
        process.currentDirectoryURL = project.root
        try process.run()
        // Threads that cannot start used to leave the run waiting for them forever.
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let output = try String(contentsOf: project.root.appendingPathComponent("out.txt"), encoding: .utf8)
        #expect(output.contains("recorded 82 snapshots: review and commit them\n"))
    }
}
