import Assets
import Foundation
import LayoutEngine
import LayoutModel
import RenderPipeline
import Testing

/// The options model: one parser for the flags and `shotter.json`.
@Suite struct OptionParserTests {
    func flags(_ given: [String: String], _ settings: [Setting] = Setting.allCases,
               single: Set<Setting> = []) throws(OptionError) -> OptionValues {
        try OptionParser.values(flags: settings, single: single, given: { given[$0].map { [$0] } ?? [] }, isSet: { given[$0] != nil })
    }

    func plan(_ json: String) throws -> OptionValues {
        var parser = JSONParser(Array(json.utf8))
        guard case .object(let fields) = try parser.parseDocument() else { throw OptionError("not an object") }
        return try OptionParser.values(plan: fields, at: "p", directory: "/plan")
    }

    func message(_ body: () throws -> OptionValues) -> String? {
        do { _ = try body(); return nil } catch { return "\(error)" }
    }

    @Test func flagsAndPlanKeysGiveTheSameValues() throws {
        let fromFlags = try flags(["--device": "iphonese,390x844@2", "--dynamic-type": "all", "--scheme": "light,dark",
                                   "--commit": "3,1", "--format": "png,svg", "--scale": "2", "--threshold": "0.2",
                                   "--include-aa": "", "--max-diff-pixels": "5", "--max-diff-ratio": "0.5"])
        let fromPlan = try plan("""
        {"devices": ["iphonese", "390x844@2"], "dynamicTypeSizes": "all", "schemes": ["light", "dark"], "commits": [3, 1],
         "formats": ["png", "svg"], "scale": 2, "threshold": 0.2, "includeAA": true, "maxDiffPixels": 5, "maxDiffRatio": 0.5}
        """)
        #expect(fromFlags == fromPlan)
        #expect(fromFlags.devices?.map(\.name) == ["iphonese", "390x844@2"])
        #expect(fromFlags.sizes == DynamicTypeSize.allCases)
        #expect(fromFlags.commits == .numbers([3, 1]))
        #expect(try plan(#"{"commits": "3,1"}"#).commits == .numbers([3, 1]))
        let options = RenderOptions().applying(fromFlags)
        #expect(options.schemesGiven && options.tolerance.includeAA && options.tolerance.maxDiffPixels == 5)
        #expect(options.environments.count == 2 * 12 * 2)
        #expect(!RenderOptions().applying(try flags(["--dynamic-type": "large"])).schemesGiven)
    }

    /// Issue 14's axes: lists like `--scheme`, `none` for no pseudolanguage, `--bold-text` for
    /// `--legibility-weight bold`; each environment carries them, the rtl pseudolanguage with
    /// right-to-left layout; file names gain a part only off the default.
    @Test func theAxesAreListsLikeSchemesAndNameFilesOnlyOffTheDefault() throws {
        let fromFlags = try flags(["--pseudolanguage": "none,double,rtl", "--legibility-weight": "regular,bold", "--contrast": "increased"])
        let fromPlan = try plan(#"{"pseudolanguages": ["none", "double", "rtl"], "legibilityWeights": ["regular", "bold"], "contrasts": "increased"}"#)
        #expect(fromFlags == fromPlan && fromFlags.narrowsPlan)
        #expect(fromFlags.pseudolanguages == [nil, .double, .rtl])
        #expect(try flags(["--bold-text": ""]).legibilityWeights == [.bold])
        let environments = RenderOptions().applying(fromFlags).environments
        #expect(environments.count == 3 * 2)
        #expect(environments.map(\.axisNames) == [["increased-contrast"], ["bold-text", "increased-contrast"],
                                                  ["pseudo-double", "increased-contrast"], ["pseudo-double", "bold-text", "increased-contrast"],
                                                  ["pseudo-rtl", "increased-contrast"], ["pseudo-rtl", "bold-text", "increased-contrast"]])
        #expect(environments.map(\.layoutDirection) == [.ltr, .ltr, .ltr, .ltr, .rtl, .rtl])
        #expect(RenderOptions().environments.map(\.axisNames) == [[]])
        #expect(message { try flags(["--pseudolanguage": "german"]) } == #"unknown pseudolanguage "german" (use none, double, accented, bounded, rtl)"#)
        #expect(message { try plan(#"{"contrasts": ["high"]}"#) } == #"unknown contrast "high" (use standard or increased)"#)
        #expect(message { try flags(["--legibility-weight": "heavy"]) } == #"unknown legibility weight "heavy" (use regular or bold)"#)
    }

    /// The same mistake is named the way it was written: `--flag takes ...` on the command
    /// line, `AT: key must be ...` in the plan.
    @Test func aMistakeIsNamedAsItWasWritten() throws {
        let cases: [(flag: String, value: String, json: String, flagMessage: String, planMessage: String)] = [
            ("--scale", "9", #"{"scale": 9}"#, "--scale takes a number from 0 to 8", "p: scale must be a number from 0 to 8"),
            ("--threshold", "x", #"{"threshold": "x"}"#, "--threshold takes a number from 0 to 1", "p: threshold must be a number from 0 to 1"),
            ("--max-diff-pixels", "1.5", #"{"maxDiffPixels": 1.5}"#, "--max-diff-pixels takes a whole number from 0",
             "p: maxDiffPixels must be a whole number from 0"),
            ("--max-diff-ratio", "2", #"{"maxDiffRatio": 2}"#, "--max-diff-ratio takes a number from 0 to 1",
             "p: maxDiffRatio must be a number from 0 to 1"),
            ("--commit", "0", #"{"commits": "0"}"#, "--commit takes last, all or commit numbers from 1 separated by commas",
             "p: commits must be last, all or commit numbers from 1 separated by commas"),
            ("--scheme", "sepia", #"{"schemes": "sepia"}"#, #"unknown color scheme "sepia" (use light or dark)"#,
             #"unknown color scheme "sepia" (use light or dark)"#),
            ("--format", "jpg", #"{"formats": ["jpg"]}"#, #"unknown format "jpg" (use png, svg or layout)"#, #"unknown format "jpg" (use png, svg or layout)"#),
        ]
        for c in cases {
            #expect(message { try flags([c.flag: c.value]) } == c.flagMessage)
            #expect(message { try plan(c.json) } == c.planMessage)
        }
        #expect(message { try plan(#"{"commits": 0}"#) } == "p: commits must be a whole number from 1")
        #expect(message { try plan(#"{"commits": true}"#) } == #"p: commits must be "last", "all", a number or an array of numbers"#)
        #expect(message { try plan(#"{"devices": [1]}"#) } == "p: devices must hold strings, got a number")
        #expect(message { try plan(#"{"includeAA": 1}"#) } == "p: includeAA must be true or false")
        #expect(message { try flags(["--scheme": ","]) } == "--scheme needs a value")
    }

    /// `--assets` (repeatable) and `--images` read what the plan's `"assets"` and `"images"`
    /// read, the plan's paths relative to its directory; every environment carries them.
    @Test func catalogsAndRemoteImagesComeFromFlagsAndPlanAlike() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").path
        let catalog = fixtures + "/Test.xcassets", images = fixtures + "/Test.xcassets/Logo.imageset"
        let given = ["--assets": [catalog, catalog], "--images": [images]]
        let fromFlags = try OptionParser.values(flags: Setting.allCases, given: { given[$0] ?? [] }, isSet: { _ in false })
        var parser = JSONParser(Array(#"{"assets": ["Test.xcassets", "Test.xcassets"], "images": "Test.xcassets/Logo.imageset"}"#.utf8))
        guard case .object(let fields) = try parser.parseDocument() else { throw OptionError("not an object") }
        let fromPlan = try OptionParser.values(plan: fields, at: "p", directory: fixtures)
        #expect(fromFlags == fromPlan)
        #expect(fromFlags.catalog?.folders == [catalog, catalog])
        #expect(fromFlags.catalog?.images["Logo"]?.size == Size(width: 20, height: 10))
        // The broken entry, once for each time the folder was read.
        #expect(fromFlags.catalog?.warnings.count == 2 && fromFlags.catalog?.warnings.allSatisfy { $0.contains("Bad.imageset/bad.png") } == true)
        #expect(fromFlags.remoteImages?.file(for: "https://example.com/a/logo.png") == images + "/logo.png")
        #expect(!fromFlags.narrowsPlan)
        let options = RenderOptions().applying(try flags(["--scheme": "light,dark"])).applying(fromFlags)
        #expect(options.environments.count == 2)
        #expect(options.environments.allSatisfy { $0.catalog.folders == [catalog, catalog] && $0.remoteImages.source == images })
        #expect(try plan(#"{"assets": "\#(catalog)"}"#).catalog?.folders == [catalog], "an absolute path stays")

        #expect(message { try flags(["--assets": "/nonexistent.xcassets"]) } == "/nonexistent.xcassets: no such asset catalog folder")
        #expect(message { try plan(#"{"assets": "Missing.xcassets"}"#) } == "p: /plan/Missing.xcassets: no such asset catalog folder")
        #expect(message { try plan(#"{"assets": []}"#) } == "p: assets must be a string or a non-empty array of strings")
        #expect(message { try plan(#"{"assets": [1]}"#) } == "p: assets must hold strings, got a number")
        #expect(message { try flags(["--images": "/nonexistent"]) } == "/nonexistent: no such images folder or map file")
        #expect(message { try plan(#"{"images": "nowhere"}"#) } == "p: /plan/nowhere: no such images folder or map file")
        #expect(message { try plan(#"{"images": ["a"]}"#) } == "p: images must be a folder or map file path")
    }

    /// `shotter layout` takes one commit, device, size and scheme.
    @Test func aCommandThatTakesOneValueSaysSo() {
        let one = Set(Setting.allCases)
        let sizes = DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ")
        #expect(message { try flags(["--commit": "all"], single: one) } == "--commit takes a number from 1 or last")
        #expect(message { try flags(["--commit": "1,2"], single: one) } == "--commit takes a number from 1 or last")
        #expect(message { try flags(["--scheme": "light,dark"], single: one) } == "--scheme takes one color scheme here")
        #expect(message { try flags(["--device": "iphonese,ipadpro11"], single: one) } == "--device takes one device here")
        #expect(message { try flags(["--dynamic-type": "all"], single: one) } == #"unknown Dynamic Type size "all" (use \#(sizes))"#)
        #expect(message { try flags(["--dynamic-type": "huge"]) } == #"unknown Dynamic Type size "huge" (use \#(sizes) or all)"#)
        #expect(message { try flags(["--commit": "2"], single: one) } == nil)
    }
}

/// The one pipeline: a stream read and validated once, replayed into scenes, rendered into frames.
@Suite struct RenderSessionTests {
    /// Commit 1 shows a placeholder kind and a missing symbol; commit 2 asks for the dark scheme
    /// and changes the text;
    /// commit 3 changes the text again.
    static let stream = """
    {"id":1,"kind":"gizmo","op":"create","props":{}}
    {"id":1,"index":0,"op":"insert","parent":0}
    {"id":2,"kind":"image","op":"create","props":{"systemName":"no.such.symbol"}}
    {"id":2,"index":1,"op":"insert","parent":0}
    {"id":3,"kind":"text","op":"create","props":{"text":"One"}}
    {"id":3,"index":2,"op":"insert","parent":0}
    {"op":"commit"}
    {"id":0,"op":"update","props":{"colorScheme":"dark"}}
    {"id":3,"op":"update","props":{"text":"Two"}}
    {"op":"commit"}
    {"id":3,"op":"update","props":{"text":"Three"}}
    {"op":"commit"}

    """

    func session() throws -> RenderSession { try RenderSession(file: "s.jsonl", bytes: Array(Self.stream.utf8)) }

    func options(_ flags: [String: String]) throws -> RenderOptions {
        RenderOptions().applying(try OptionParser.values(flags: Setting.allCases, given: { flags[$0].map { [$0] } ?? [] }, isSet: { _ in false }))
    }

    @Test func validatingWarnsAndSelectsCommits() throws {
        let session = try session()
        #expect(session.warnings == [#"unknown element kind "gizmo": drawn as a placeholder"#])
        #expect(session.commits.map(\.number) == [1, 2, 3])
        #expect(try session.select(.numbers([3, 1])).map(\.number) == [3, 1])
        #expect(throws: InputError(file: "s.jsonl", line: 0, message: "commit 4 does not exist: the stream has 3 commits")) {
            try session.select(.numbers([4]))
        }
        let empty = try RenderSession(file: "e.jsonl", bytes: Array(#"{"id":1,"kind":"text","op":"create","props":{"text":"Hi"}}"#.utf8))
        #expect(throws: InputError(file: "e.jsonl", line: 0, message: "the stream has no commit: nothing to render")) {
            try empty.select(.last)
        }
    }

    /// Commits in stream order, then device, size and scheme; the stream's own scheme replaces
    /// the default, and given schemes beat it with one note.
    @Test func scenesComeInStreamOrderInEveryEnvironment() throws {
        let session = try session()
        var scenes: [String] = []
        var notes: [String] = []
        func name(_ s: Scene) -> String { "\(s.commit.number).\(s.environment.dynamicTypeSize).\(s.environment.colorScheme)" }
        try session.scenes(try options(["--commit": "3,1", "--dynamic-type": "large,xxxLarge"]), note: { notes.append($0) }) {
            scenes.append(name($0))
        }
        #expect(scenes == ["1.large.light", "1.xxxLarge.light", "3.large.dark", "3.xxxLarge.dark"])
        #expect(notes.isEmpty)
        #expect(try session.sceneCount(try options(["--commit": "3,1", "--dynamic-type": "large,xxxLarge"])) == 4)

        scenes = []
        try session.scenes(try options(["--commit": "all", "--scheme": "light"]), note: { notes.append($0) }) { scenes.append(name($0)) }
        #expect(scenes == ["1.large.light", "2.large.light", "3.large.light"])
        #expect(notes == ["the stream asks for the dark color scheme; --scheme overrides it"])

        // The last commit alone comes from the tree validating built.
        var last: [String] = []
        try session.scenes(RenderOptions()) { last.append(name($0) + " " + ($0.tree.firstText(under: 3) ?? "")) }
        #expect(last == ["3.large.dark Three"])
    }

    /// Frames come back in scene order for any number of workers; painting's warnings follow
    /// validating's, each once; the first failure in scene order is the one thrown.
    @Test func renderingInParallelKeepsSceneOrder() throws {
        let session = try session()
        let options = try options(["--commit": "all", "--dynamic-type": "large,xxxLarge", "--scheme": "light,dark"])
        for jobs in [1, 3] {
            let run = try session.render(options, jobs: jobs) { frame, renderer in
                let png = try renderer.encode(frame, format: .png, scale: 1)
                return "\(frame.commit.number).\(frame.environment.dynamicTypeSize).\(frame.environment.colorScheme) \(png.count > 100)"
            }
            #expect(run.results == ["1.large.light true", "1.large.dark true", "1.xxxLarge.light true", "1.xxxLarge.dark true",
                                    "2.large.light true", "2.large.dark true", "2.xxxLarge.light true", "2.xxxLarge.dark true",
                                    "3.large.light true", "3.large.dark true", "3.xxxLarge.light true", "3.xxxLarge.dark true"])
            #expect(run.warnings == [#"no symbol for image "no.such.symbol": drawn as a placeholder"#])

            struct Refused: Error, Equatable { var scene: String }
            #expect(throws: Refused(scene: "2.large.dark")) {
                try session.render(options, jobs: jobs) { frame, _ in
                    let name = "\(frame.commit.number).\(frame.environment.dynamicTypeSize).\(frame.environment.colorScheme)"
                    if frame.commit.number >= 2 && (frame.environment.colorScheme == .dark || frame.commit.number == 3) {
                        throw Refused(scene: name)
                    }
                    return name
                }
            }
        }
    }
}
