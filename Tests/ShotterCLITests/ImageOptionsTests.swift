import Foundation
import Testing

/// `--assets` and `--images` on the commands that lay out, and the plan's `"assets"` key.
@Suite struct ImageOptionsTests {
    static let catalog = CLI.repository.appendingPathComponent("Tests/Fixtures/Test.xcassets").path
    static let stream = """
        {"id":1,"kind":"vstack","op":"create","props":{"alignment":"center","spacing":0}}
        {"id":2,"kind":"image","op":"create","props":{"name":"Logo"}}
        {"id":3,"kind":"image","op":"create","props":{"name":"Food/Pizza"}}
        {"id":4,"kind":"image","op":"create","props":{"height":20,"url":"https://example.com/x/logo.png","width":40}}
        {"id":2,"index":0,"op":"insert","parent":1}
        {"id":3,"index":1,"op":"insert","parent":1}
        {"id":4,"index":2,"op":"insert","parent":1}
        {"id":1,"index":0,"op":"insert","parent":0}
        {"op":"commit"}

        """

    func frames(_ json: String) throws -> [Int: [Double]] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var out: [Int: [Double]] = [:]
        for case let e as [String: Any] in object["elements"] as? [Any] ?? [] {
            guard let id = e["id"] as? Int, let f = e["frame"] as? [String: Double] else { continue }
            out[id] = [f["width"]!, f["height"]!]
        }
        return out
    }

    @Test func layoutReadsIntrinsicSizesFromEveryCatalogGiven() throws {
        let run = try CLI.run(["layout", "-", "--assets", Self.catalog, "--assets=\(Self.catalog)"], stdin: Self.stream)
        #expect(run.status == 0, "\(run.stderr)")
        let f = try frames(run.stdout)
        #expect(f[2] == [20, 10] && f[3] == [12, 8] && f[4] == [40, 20])
        #expect(run.stderr.contains("Bad.imageset/bad.png"))
        let without = try frames(try CLI.run(["layout", "-"], stdin: Self.stream).stdout)
        #expect(without[2] == [44, 44])
    }

    @Test func renderResolvesURLsFromImagesAndWarnsOnceForWhatIsMissing() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-images-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let images = CLI.repository.appendingPathComponent("Tests/Fixtures/Test.xcassets/Logo.imageset").path
        let run = try CLI.run(["render", "-", "-o", out.path, "--images", images], stdin: Self.stream)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("URL"))
        #expect(run.stderr.contains("warning: stream line 2: the asset catalog has no image \"Logo\"; drawn as a placeholder"))
        let missing = try CLI.run(["render", "-", "-o", out.path], stdin: Self.stream)
        #expect(missing.stderr.contains("stream line 4: no local file for image URL \"https://example.com/x/logo.png\""))
    }

    @Test func aMissingCatalogOrImagesPathIsAUsageError() throws {
        for args in [["layout", "-", "--assets", "/nonexistent.xcassets"], ["events", "-", "--images", "/nonexistent"],
                     ["render", "-", "--assets", "/nonexistent.xcassets"]] {
            let run = try CLI.run(args, stdin: Self.stream)
            #expect(run.status == 2, "\(args)")
            #expect(run.stderr.contains("/nonexistent"), "\(run.stderr)")
        }
    }

    @Test func thePlanNamesCatalogsRelativeToItself() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.catalog, toPath: dir.appendingPathComponent("App.xcassets").path)
        try Data(Self.stream.utf8).write(to: dir.appendingPathComponent("screen.jsonl"))
        try Data(#"{"streams": ["screen.jsonl"], "assets": ["App.xcassets"], "scale": 1}"#.utf8)
            .write(to: dir.appendingPathComponent("shotter.json"))
        let record = try CLI.run(["test", "--record", "all"], in: dir)
        #expect(record.status == 0, "\(record.stderr)")
        let dump = try String(contentsOf: dir.appendingPathComponent("__Snapshots__/screen/001.iphone15pro.large.light.layout.json"),
                              encoding: .utf8)
        let logo = dump.split(separator: "\n").first { $0.contains(#""id":2,"kind":"image""#) }
        #expect(logo?.hasPrefix(#"{"frame":{"height":10,"width":20,"#) == true, "\(logo ?? "no line")")
        try Data(#"{"streams": ["screen.jsonl"], "assets": "Missing.xcassets"}"#.utf8).write(to: dir.appendingPathComponent("shotter.json"))
        let bad = try CLI.run(["test"], in: dir)
        #expect(bad.status == 2 && bad.stderr.contains("Missing.xcassets: no such asset catalog folder"), "\(bad.stderr)")
    }

    /// `shotter test` prints the catalog's skipped entries once per stream, however many
    /// snapshots and workers render it, as `shotter render` prints them for that stream; the
    /// plan's `"assets"` and `--assets` give the same run.
    @Test func catalogWarningsArePrintedOncePerStreamAsRenderPrintsThem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("shotter-plan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.copyItem(atPath: Self.catalog, toPath: dir.appendingPathComponent("App.xcassets").path)
        for name in ["a", "b"] { try Data(Self.stream.utf8).write(to: dir.appendingPathComponent("\(name).jsonl")) }
        let plan = #"{"streams": ["a.jsonl", "b.jsonl"], "schemes": ["light", "dark"], "scale": 1}"#
        try Data(plan.replacingOccurrences(of: "}", with: #", "assets": "App.xcassets"}"#).utf8).write(to: dir.appendingPathComponent("shotter.json"))
        let test = try CLI.run(["test", "--jobs", "2"], in: dir)
        #expect(test.status == 0, "\(test.stderr)")
        let catalogWarnings = test.stderr.split(separator: "\n").filter { $0.contains("Bad.imageset/bad.png") }
        #expect(catalogWarnings.count == 2, "\(test.stderr)")
        let renders = try ["a", "b"].map { name in
            try CLI.run(["render", "\(name).jsonl", "-o", "out", "--assets", "App.xcassets", "--scheme", "light,dark", "--scale", "1",
                         "--jobs", "2"], in: dir)
        }
        #expect(renders.allSatisfy { $0.status == 0 })
        #expect(test.stderr == renders.map(\.stderr).joined())
        let first = renders[0].stderr.split(separator: "\n").first ?? ""
        #expect(first.hasPrefix("warning: ") && first.contains("/App.xcassets/Bad.imageset/bad.png"), "the catalog's warnings come first")

        try Data(plan.utf8).write(to: dir.appendingPathComponent("shotter.json"))
        let flagged = try CLI.run(["test", "--assets", "App.xcassets", "--jobs", "1"], in: dir)
        #expect(flagged.status == 0 && flagged.stdout.hasSuffix("4 passed, 0 failed\n"), "\(flagged.stdout)")
        #expect(flagged.stderr == test.stderr)
    }
}
