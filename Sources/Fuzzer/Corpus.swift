import Foundation

/// The seed streams: `Examples/*.jsonl` and the op lines written out in the test sources (one
/// stream per test file, in the order written). Not the saved cases in `Tests/FuzzCases/`:
/// saving one would renumber every case, and the indices a campaign printed would go stale.
public enum Corpus {
    public static func load(repository: URL) -> [SeedStream] {
        var seeds: [SeedStream] = []
        for path in files(in: repository.appendingPathComponent("Examples"), ending: ".jsonl") {
            guard let text = try? String(contentsOf: path, encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n").map(String.init)
            if !lines.isEmpty { seeds.append(SeedStream(name: "Examples/\(path.lastPathComponent)", lines: lines)) }
        }
        let tests = repository.appendingPathComponent("Tests")
        for directory in files(in: tests, ending: "") where directory.lastPathComponent.hasSuffix("Tests") {
            for path in files(in: directory, ending: ".swift") {
                guard let text = try? String(contentsOf: path, encoding: .utf8) else { continue }
                let lines = opLines(inSwiftSource: text)
                if lines.count >= 2 {
                    let name = "Tests/\(directory.lastPathComponent)/\(path.lastPathComponent)"
                    seeds.append(SeedStream(name: name, lines: lines.contains(#"{"op":"commit"}"#) ? lines : lines + [#"{"op":"commit"}"#]))
                }
            }
        }
        return seeds
    }

    /// The complete op objects in a Swift file's string literals: `{"...","op":"..."...}`
    /// spans that parse as JSON (interpolated ones do not, and are skipped).
    static func opLines(inSwiftSource text: String) -> [String] {
        text.split(separator: "\n").compactMap { sourceLine -> String? in
            guard let start = sourceLine.range(of: "{\""), let end = sourceLine.range(of: "}", options: .backwards),
                  start.lowerBound < end.lowerBound else { return nil }
            let candidate = String(sourceLine[start.lowerBound..<end.upperBound])
            guard candidate.contains("\"op\":"), case .object? = Value(line: candidate) else { return nil }
            return candidate
        }
    }

    private static func files(in directory: URL, ending suffix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(suffix) }.sorted().map { directory.appendingPathComponent($0) }
    }
}
