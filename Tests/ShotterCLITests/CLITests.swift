import Foundation
import Testing

/// Runs the built `shotter` binary and checks exit statuses, messages and files.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum CLI {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `swift test` builds every product first, so the binary sits next to the test bundle.
    static var binary: URL {
        let candidates = [
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("shotter"),
            Bundle.main.bundleURL.appendingPathComponent("shotter"),
            repository.appendingPathComponent(".build/debug/shotter"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    @discardableResult
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL? = nil,
                    executable: String? = nil) throws -> CLIRun {
        let process = Process()
        process.executableURL = executable.map { URL(fileURLWithPath: $0) } ?? binary
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                      stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// The test runner's environment without `CI` (nor `GITHUB_STEP_SUMMARY`): CI runs the suite with `CI=true`, which
    /// makes `shotter test` record nothing and hides the progress line; tests that are about
    /// that set it themselves.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        // A run inside GitHub Actions must not write the tests' summaries into the job's.
        environment["GITHUB_STEP_SUMMARY"] = nil
        return environment
    }

    /// A fresh empty directory for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}

/// A valid two-line prefix: a text inserted into the screen.
private let hello = """
{"id":1,"kind":"text","op":"create","props":{"text":"Hello"}}
{"id":1,"index":0,"op":"insert","parent":0}
"""

@Suite("CLI: bad input") struct BadInputTests {
    /// Each bad stream, with the message it must produce. Nothing is written for any of them.
    static let cases: [(name: String, stream: String, message: String)] = [
        ("not JSON", hello + "\n{\"op\":\"commit\"\n", "ops.jsonl:3: not valid JSON: unterminated object"),
        ("missing field", hello + "\n{\"id\":1,\"op\":\"insert\",\"parent\":0}\n", "ops.jsonl:3: insert: missing field \"index\""),
        ("unknown id", hello + "\n{\"id\":17,\"index\":0,\"op\":\"insert\",\"parent\":0}\n", "ops.jsonl:3: insert: unknown element 17"),
        ("insert into itself", hello + "\n{\"id\":1,\"index\":0,\"op\":\"insert\",\"parent\":1}\n",
         "ops.jsonl:3: insert: cannot insert element 1 into itself"),
        ("insert into a descendant", """
         {"id":1,"kind":"vstack","op":"create","props":{}}
         {"id":2,"kind":"vstack","op":"create","props":{}}
         {"id":2,"index":0,"op":"insert","parent":1}
         {"id":1,"index":0,"op":"insert","parent":2}
         """, "ops.jsonl:4: insert: cannot insert element 1 into its own descendant 2"),
        ("second create", hello + "\n{\"id\":1,\"kind\":\"text\",\"op\":\"create\",\"props\":{}}\n", "ops.jsonl:3: create: element 1 already exists"),
        ("remove the screen", hello + "\n{\"id\":0,\"op\":\"remove\"}\n", "ops.jsonl:3: remove: element 0 is the screen and cannot be removed"),
        ("wrong prop type", "{\"id\":1,\"kind\":\"vstack\",\"op\":\"create\",\"props\":{\"spacing\":\"wide\"}}\n",
         "ops.jsonl:1: create: vstack.spacing must be a number, got a string"),
    ]

    @Test(arguments: cases.indices)
    func badInputStopsWithFileAndLine(index: Int) throws {
        let (_, stream, message) = Self.cases[index]
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(stream + "\n{\"op\":\"commit\"}\n", to: "ops.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.appendingPathComponent("out").path])
        #expect(run.status == 1)
        #expect(run.stderr == dir.path + "/" + message + "\n")
        #expect(run.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func aStreamWithNoCommitRendersNothingAndSaysSo() throws {
        let dir = try CLI.temporaryDirectory()
        let input = try CLI.write(hello + "\n", to: "ops.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.appendingPathComponent("out").path])
        #expect(run.status == 1)
        #expect(run.stderr == "\(input): the stream has no commit: nothing to render\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }

    @Test func anUnknownKindWarnsOnceAndStillRenders() throws {
        let dir = try CLI.temporaryDirectory()
        let stream = """
        {"id":1,"kind":"hologram","op":"create","props":{}}
        {"id":2,"kind":"hologram","op":"create","props":{}}
        {"id":3,"kind":"vstack","op":"create","props":{}}
        {"id":1,"index":0,"op":"insert","parent":3}
        {"id":2,"index":1,"op":"insert","parent":3}
        {"id":3,"index":0,"op":"insert","parent":0}
        {"op":"commit"}
        """
        let input = try CLI.write(stream, to: "ops.jsonl", in: dir)
        let run = try CLI.run(["render", input, "-o", dir.path])
        #expect(run.status == 0)
        #expect(run.stderr == "warning: unknown element kind \"hologram\": drawn as a placeholder\n")
        #expect(run.stdout == dir.path + "/ops/001.iphone15pro.large.light.png\n")
    }

    @Test func garbageNeverCrashes() throws {
        let dir = try CLI.temporaryDirectory()
        var generator = SystemRandomNumberGenerator()
        for i in 0..<20 {
            let bytes = (0..<200).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = dir.appendingPathComponent("garbage\(i).jsonl")
            try Data(bytes).write(to: path)
            let run = try CLI.run(["render", path.path, "-o", dir.appendingPathComponent("out").path])
            #expect(run.status == 1)
            #expect(run.stderr.hasPrefix(path.path + ":"))
        }
    }
}

@Suite("CLI: usage") struct UsageTests {
    @Test func usageErrorsExitTwoWithAHint() throws {
        let cases: [([String], String)] = [
            (["render"], "shotter: expected one INPUT (see `shotter render --help`)\n"),
            (["render", "x.jsonl", "--frobnicate"], "shotter: unknown option --frobnicate (see `shotter render --help`)\n"),
            (["render", "x.jsonl", "--device", "nokia3310"],
             "shotter: unknown device \"nokia3310\" (use iphone15pro, iphone15promax, iphone16pro, iphonese, ipadpro11 or WIDTHxHEIGHT@SCALE) (see `shotter render --help`)\n"),
            (["render", "x.jsonl", "--dynamic-type", "huge"], "shotter: unknown Dynamic Type size \"huge\" (use xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3, accessibility4, accessibility5 or all) (see `shotter render --help`)\n"),
            (["layout", "x.jsonl", "--commit", "all"], "shotter: --commit takes a number from 1 or last (see `shotter layout --help`)\n"),
            (["frobnicate"], "shotter: unknown command \"frobnicate\" (see `shotter --help`)\n"),
        ]
        for (arguments, message) in cases {
            let run = try CLI.run(arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stderr == message)
        }
    }

    @Test func helpForEachCommand() throws {
        for command in [["--help"], ["render", "--help"], ["layout", "--help"], ["diff", "--help"]] {
            let run = try CLI.run(command)
            #expect(run.status == 0)
            #expect(run.stdout.contains("Usage") || run.stdout.contains("shotter render INPUT"))
        }
    }

    @Test func aMissingInputFileIsAnInputError() throws {
        let run = try CLI.run(["render", "/nonexistent/ops.jsonl"])
        #expect(run.status == 1)
        #expect(run.stderr == "/nonexistent/ops.jsonl: no such file\n")
    }
}

@Suite("CLI: output") struct OutputTests {
    static let counter = CLI.repository.appendingPathComponent("Examples/Counter.jsonl").path

    @Test func filesAreNamedByStreamCommitEventDeviceSizeAndScheme() throws {
        let dir = try CLI.temporaryDirectory()
        let run = try CLI.run(["render", Self.counter, "-o", "shots", "--commit", "all", "--scheme", "light,dark",
                               "--dynamic-type", "large,accessibility3", "--format", "png,svg"], in: dir)
        #expect(run.status == 0)
        var expected: [String] = []
        for commit in ["001", "002-tap-13", "003-tap-13"] {
            for size in ["large", "accessibility3"] {
                for scheme in ["light", "dark"] {
                    for format in ["png", "svg"] { expected.append("shots/Counter/\(commit).iphone15pro.\(size).\(scheme).\(format)") }
                }
            }
        }
        #expect(run.stdout.split(separator: "\n").map(String.init) == expected)
        for path in expected { #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path)) }
    }

    @Test func theLayoutFormatWritesWhatShotterLayoutPrints() throws {
        let dir = try CLI.temporaryDirectory()
        let run = try CLI.run(["render", Self.counter, "-o", "shots", "--commit", "2", "--format", "layout"], in: dir)
        #expect(run.status == 0)
        #expect(run.stdout == "shots/Counter/002-tap-13.iphone15pro.large.light.layout.json\n")
        let written = try String(contentsOf: dir.appendingPathComponent("shots/Counter/002-tap-13.iphone15pro.large.light.layout.json"), encoding: .utf8)
        let printed = try CLI.run(["layout", Self.counter, "--commit", "2"])
        #expect(printed.status == 0 && written == printed.stdout && written.hasPrefix("{\"colorScheme\":\"light\",\"commit\":2,"))
    }

    /// `render` lays out its first scene with the measurer warmed while the stream was read
    /// (`MeasurerWarming`): the same frames and pixels as `shotter test`'s goldens, at an
    /// accessibility size and under Bold Text.
    @Test func renderWithAWarmedMeasurerMatchesTheGoldens() throws {
        let dir = try CLI.temporaryDirectory()
        let cases = [("DonutGallery", ["--dynamic-type", "accessibility3"], "001.iphone15pro.accessibility3.light"),
                     ("Settings", ["--bold-text"], "002-select-Settings.iphone15pro.large.light.bold-text")]
        for (example, arguments, name) in cases {
            let stream = CLI.repository.appendingPathComponent("Examples/\(example).jsonl").path
            let run = try CLI.run(["render", stream, "-o", dir.path, "--scale", "1", "--format", "layout,png"] + arguments)
            #expect(run.status == 0, "\(run.stderr)")
            let golden = CLI.repository.appendingPathComponent("Goldens/Screenshots/\(example)/\(name)")
            let rendered = dir.appendingPathComponent("\(example)/\(name)")
            #expect(try Data(contentsOf: rendered.appendingPathExtension("layout.json")) == Data(contentsOf: golden.appendingPathExtension("layout.json")), "\(name)")
            let diff = try CLI.run(["diff", rendered.appendingPathExtension("png").path, golden.appendingPathExtension("png").path])
            #expect(diff.status == 0 && diff.stdout.hasPrefix("identical"), "\(name): \(diff.stdout)")
        }
    }

    @Test func pngIsAtTheDeviceScaleOrTheGivenOne() throws {
        let dir = try CLI.temporaryDirectory()
        for (arguments, width, height) in [([String](), 1179, 2556), (["--scale", "1"], 393, 852),
                                           (["--device", "iphonese"], 750, 1334), (["--device", "320x480@2"], 640, 960)] {
            let run = try CLI.run(["render", Self.counter, "-o", dir.path] + arguments)
            #expect(run.status == 0)
            let path = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            let w = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, h = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect((w, h) == (width, height), "\(arguments)")
        }
    }

    @Test func svgIsInPixelUnits() throws {
        let dir = try CLI.temporaryDirectory()
        let run = try CLI.run(["render", Self.counter, "-o", dir.path, "--format", "svg"])
        let svg = try String(contentsOfFile: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines), encoding: .utf8)
        #expect(svg.contains(#"width="393px""#))
        #expect(svg.contains(#"height="852px""#))
    }

    @Test func stdinAndJSONArraysWork() throws {
        let dir = try CLI.temporaryDirectory()
        let lines = try String(contentsOfFile: Self.counter, encoding: .utf8).split(separator: "\n")
        let array = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        let run = try CLI.run(["render", "-", "-o", dir.path], stdin: array)
        #expect(run.status == 0)
        #expect(run.stdout == dir.path + "/stdin/003-tap-13.iphone15pro.large.light.png\n")
    }

    @Test func layoutPrintsFramesAsJSON() throws {
        let run = try CLI.run(["layout", Self.counter, "--commit", "1", "--scheme", "dark"])
        #expect(run.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect(object?["commit"] as? Int == 1)
        #expect(object?["device"] as? String == "iphone15pro")
        #expect(object?["colorScheme"] as? String == "dark")
        #expect(object?["dynamicTypeSize"] as? String == "large")
        let elements = object?["elements"] as? [[String: Any]] ?? []
        // The spec's Counter geometry: three 88 x 44 buttons at x 48, 152, 256 and y 521.
        let buttons = elements.filter { $0["kind"] as? String == "button" }.compactMap { $0["frame"] as? [String: Int] }
        #expect(buttons == [48, 152, 256].map { ["x": $0, "y": 521, "width": 88, "height": 44] })
        let title = elements.first { ($0["lines"] as? [String]) == ["Counter"] }
        #expect(title != nil)
    }

    @Test func diffCountsDifferingPixels() throws {
        let dir = try CLI.temporaryDirectory()
        let one = try CLI.run(["render", Self.counter, "-o", dir.appendingPathComponent("a").path, "--commit", "1", "--scale", "1"])
        let three = try CLI.run(["render", Self.counter, "-o", dir.appendingPathComponent("b").path, "--commit", "3", "--scale", "1"])
        let a = one.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let b = three.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let same = try CLI.run(["diff", a, a])
        #expect(same.status == 0)
        let different = try CLI.run(["diff", a, b, "-o", dir.appendingPathComponent("diff.png").path])
        #expect(different.status == 1)
        #expect(different.stdout.contains("pixels differ"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("diff.png").path))
        let tolerated = try CLI.run(["diff", a, b, "--max-diff-ratio", "0.5"])
        #expect(tolerated.status == 0)
    }
}
