import Foundation
@testable import LayoutEngine
import Testing

@Suite struct SymbolTableTests {
    @Test func commonSymbolsMapToLucide() {
        let expected: [String: String] = [
            "house": "house", "gearshape": "settings", "person.crop.circle": "circle-user-round",
            "magnifyingglass": "search", "xmark": "x", "chevron.right": "chevron-right",
            "square.and.arrow.up": "share", "chart.bar": "chart-column", "cup.and.saucer": "coffee",
            "battery.100": "battery-full", "eye.slash": "eye-off", "fork.knife": "utensils",
        ]
        for (name, lucide) in expected {
            #expect(SymbolTable.lucideName(for: name) == lucide, "\(name)")
        }
        #expect(SymbolTable.table.count >= 250)
    }

    @Test func filledFormsResolveThroughTheirBase() {
        #expect(SymbolTable.lucideName(for: "heart.fill") == "heart")
        #expect(SymbolTable.lucideName(for: "xmark.circle.fill") == "circle-x")
        #expect(SymbolTable.lucideName(for: "person.fill") == "user")
    }

    @Test func badgeSuffixIsDropped() {
        #expect(SymbolTable.lucideName(for: "person.crop.circle.badge.questionmark") == "circle-user-round")
        #expect(SymbolTable.lucideName(for: "envelope.badge") == "mail")
        // A listed badge form wins over the fallback.
        #expect(SymbolTable.lucideName(for: "person.badge.plus") == "user-plus")
        #expect(SymbolTable.candidates(for: "person.crop.circle.badge.questionmark")
                == ["person.crop.circle.badge.questionmark", "person.crop.circle.fill", "person.crop.circle",
                    "person.crop.fill", "person.crop", "person.fill", "person"])
    }

    @Test func trailingPartsAreDroppedOneAtATime() {
        #expect(SymbolTable.lucideName(for: "goforward.15") == "rotate-cw")
        #expect(SymbolTable.lucideName(for: "line.3.horizontal.decrease.circle") == "list-filter")
        #expect(SymbolTable.candidates(for: "heart.circle.fill")
                == ["heart.circle.fill", "heart.circle", "heart.fill", "heart"])
        #expect(SymbolTable.candidates(for: "person.fill.questionmark")
                == ["person.fill.questionmark", "person.fill", "person"])
    }

    @Test func filledFormIsPreferredWhenBothAreListed() {
        let table = ["star": "outline", "star.fill": "filled"]
        #expect(SymbolTable.resolve("star.circle", in: table) == "filled")
        #expect(SymbolTable.resolve("star", in: table) == "outline") // the exact name comes first
        #expect(SymbolTable.resolve("star.circle", in: ["star": "outline"]) == "outline")
    }

    @Test func slashNeverFallsBackToItsOpposite() {
        #expect(SymbolTable.lucideName(for: "bell.slash.circle") == "bell-off")
        #expect(SymbolTable.lucideName(for: "speaker.slash.fill") == "volume-x")
        #expect(SymbolTable.lucideName(for: "trash") != nil)
        #expect(SymbolTable.lucideName(for: "trash.slash") == nil)
        #expect(SymbolTable.candidates(for: "bell.slash.circle") == ["bell.slash.circle", "bell.slash.fill", "bell.slash"])
    }

    @Test func unknownNamesHaveNoGlyph() {
        #expect(SymbolTable.lucideName(for: "") == nil)
        #expect(SymbolTable.lucideName(for: "no.such.symbol") == nil)
        #expect(SymbolTable.lucideName(for: "badge") == nil)
    }

    /// Every mapped value must be a file of the pinned icon set.
    @Test(.enabled(if: iconDirectory != nil, "icons not installed: run scripts/install-icons.sh"))
    func everyValueNamesAnInstalledIcon() throws {
        let directory = try #require(iconDirectory)
        let missing = Set(SymbolTable.table.values).filter {
            !FileManager.default.fileExists(atPath: directory + "/" + $0 + ".svg")
        }
        #expect(missing.isEmpty, "not in the lucide set: \(missing.sorted())")
    }
}

/// Where `scripts/install-icons.sh` put the icons, when it has run.
private let iconDirectory: String? = {
    let directory = ProcessInfo.processInfo.environment["SHOTTER_ICONS"] ?? "/usr/local/share/shotter/lucide"
    return FileManager.default.fileExists(atPath: directory + "/house.svg") ? directory : nil
}()
