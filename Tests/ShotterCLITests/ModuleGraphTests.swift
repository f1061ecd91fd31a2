import Foundation
import Testing

/// The layout core links no C library (docs/architecture.md): LayoutModel, Drawing, Audit,
/// ChartRender and LayoutEngine, and the tests of LayoutEngine, ChartRender and Audit, depend on
/// nothing that reaches Cairo, Pango or librsvg. `scripts/test.sh` builds with SwiftPM's
/// explicit import check, so a source file cannot import a module its target does not declare.
@Suite struct ModuleGraphTests {
    static let cModules: Set<String> = ["CCairo", "TextMeasure", "SVGExport", "RenderPipeline"]

    /// Each target's declared dependencies, read from Package.swift.
    static func dependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: CLI.repository.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(#"\.(?:target|testTarget|executableTarget|systemLibrary)\(\s*name: "([^"]+)"(?:,\s*dependencies: \[([^\]]*)\])?"#)
        var graph: [String: [String]] = [:]
        for match in manifest.matches(of: target) {
            let name = String(match.output[1].substring ?? "")
            let list = match.output[2].substring.map(String.init) ?? ""
            graph[name] = list.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \n\"")) }
                .filter { !$0.isEmpty }
        }
        return graph
    }

    static func closure(of target: String, in graph: [String: [String]]) -> Set<String> {
        var seen: Set<String> = []
        var stack = [target]
        while let next = stack.popLast() {
            for dependency in graph[next] ?? [] where seen.insert(dependency).inserted { stack.append(dependency) }
        }
        return seen
    }

    @Test func layoutCoreAndItsTestsDependOnNoCLibrary() throws {
        let graph = try Self.dependencies()
        // The parse found the targets (a renamed target must not make this pass by absence).
        #expect(graph["SVGExport"]?.contains("CCairo") == true)
        #expect(Self.closure(of: "shotter", in: graph).isSuperset(of: Self.cModules))
        for target in ["LayoutModel", "Drawing", "ChartRender", "LayoutEngine", "LayoutEngineTests", "ChartRenderTests",
                       "LayoutModelTests", "Fuzzer", "Assets", "AssetsTests", "Audit", "AuditTests", "TestSupport"] {
            #expect(graph[target] != nil, "\(target) is not in Package.swift")
            let reached = Self.closure(of: target, in: graph).intersection(Self.cModules)
            #expect(reached.isEmpty, "\(target) reaches \(reached.sorted())")
        }
    }

    /// The shared libraries an executable built beside the tests asks the loader for.
    static func neededLibraries(_ executable: String) throws -> [String] {
        let path = CLI.binary.deletingLastPathComponent().appendingPathComponent(executable).path
        let run = try CLI.run(["-d", path], executable: "/usr/bin/readelf")
        #expect(run.status == 0, "readelf: \(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap { line in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    /// `shotter-fuzz` links LayoutEngine and nothing above it: its link line has none of the
    /// C libraries `shotter` needs.
    @Test func layoutEngineLinksNoCLibrary() throws {
        let drawing = ["libcairo", "libpango", "libfontconfig", "libfreetype", "libharfbuzz"]
        let loadedLater = ["libpoppler", "librsvg", "libgdk_pixbuf"]
        let full = try Self.neededLibraries("shotter")
        #expect(drawing.allSatisfy { prefix in full.contains { $0.hasPrefix(prefix) } }, "\(full)")
        // poppler is loaded by the first PDF picture (`Poppler`), librsvg and gdk-pixbuf on a
        // thread of their own by a command that draws (`PictureLibraries`), not at start-up.
        #expect(!full.contains { library in loadedLater.contains { library.hasPrefix($0) } }, "\(full)")
        let core = try Self.neededLibraries("shotter-fuzz")
        #expect(!core.isEmpty)
        let linked = core.filter { library in (drawing + loadedLater).contains { library.hasPrefix($0) } }
        #expect(linked.isEmpty, "shotter-fuzz links \(linked)")
    }
}
