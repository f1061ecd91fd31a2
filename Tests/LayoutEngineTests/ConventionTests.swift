import Foundation
import Testing

/// Conventions of the LayoutEngine sources that the compiler cannot hold (docs/architecture.md,
/// "Conventions"): every color a family or the painter draws with is a `Palette` member.
@Suite("Conventions") struct ConventionTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/LayoutEngine")

    /// Where colors may be spelled: the palette itself, and the decoder of a stream's own
    /// `{"r":..,"g":..,"b":..}` colors.
    static let colorFiles: Set<String> = ["Environment/Colors.swift", "Protocol/Paint.swift"]

    /// Every line outside `colorFiles` that spells a color, as `path:line: text`: an
    /// `RGBA(...)` literal, an `RGBA.` constant or a bare `.white` / `.black` / `.clear` /
    /// `.magenta` (an RGBA constant by inference).
    static func colorLiterals(in root: URL) throws -> [String] {
        let colorLiteral = /RGBA\s*\(|RGBA\.[a-z]|[(:=,]\s*\.(white|black|clear|magenta)\b/
        var found: [String] = []
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        for file in files.sorted() where file.hasSuffix(".swift") && !colorFiles.contains(file) {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") && line.contains(colorLiteral) {
                found.append("Sources/LayoutEngine/\(file):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func colorsAreSpelledOnlyInThePalette() throws {
        #expect(FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent("Environment/Colors.swift").path))
        let found = try Self.colorLiterals(in: Self.sources)
        #expect(found.isEmpty, "colors belong in Palette (Environment/Colors.swift):\n\(found.joined(separator: "\n"))")
    }

    @Test func theCheckNamesTheFileAndLineOfAColorLiteral() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Families"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = """
            // RGBA(1, 0, 0, 1) in a comment is fine
            let a = palette.label
            let b = RGBA(hex: 0x123456)
            painter.append(.fill(.rect, r, .solid(.white)))
            let c = RGBA.black.withAlpha(0.3)
            """
        try source.write(to: dir.appendingPathComponent("Families/Bad.swift"), atomically: true, encoding: .utf8)
        #expect(try Self.colorLiterals(in: dir) == [
            "Sources/LayoutEngine/Families/Bad.swift:3: let b = RGBA(hex: 0x123456)",
            "Sources/LayoutEngine/Families/Bad.swift:4: painter.append(.fill(.rect, r, .solid(.white)))",
            "Sources/LayoutEngine/Families/Bad.swift:5: let c = RGBA.black.withAlpha(0.3)",
        ])
    }
}
