import TestSupport
import Audit
import LayoutEngine
import LayoutModel
import Testing

/// Streams built to trigger one check each, laid out with `FixedAdvanceMeasurer` (every
/// character 0.5 em: "Revenue" in body is 59.5 pt at large, 140 pt at accessibility3).
@Suite struct ChecksTests {
    /// A leading-aligned 60 pt column and a second text right after it, as in Stats' grid.
    static func column(_ b: inout StreamBuilder, _ label: String, _ value: String, style: [String: JSON] = [:]) -> (Int, Int, Int) {
        let labelText = b.text(label)
        var frame: [String: JSON] = ["width": .n(60), "alignment": .s("leading")]
        for (k, v) in style { frame[k] = v }
        let column = b.styled(["frame": .object(frame)], labelText)
        let valueText = b.text(value)
        return (b.hstack(spacing: 0, [column, valueText]), labelText, valueText)
    }

    @Test func aTextDrawnAcrossItsNeighbourIsAnOverlapFromTheFirstSizeItLeavesItsColumn() throws {
        var b = StreamBuilder()
        let (root, revenue, amount) = Self.column(&b, "Revenue", "$412")
        let result = try b.audit(root: root)
        #expect(result.findings.map(\.check) == [.textOverlap])
        let finding = try #require(result.findings.first)
        #expect(finding.element.id == revenue && finding.element.kind == "text" && finding.element.text == "Revenue")
        #expect(finding.element.line == b.createLine(of: revenue))
        #expect(finding.related?.id == amount)
        // 59.5 pt fits 60 at large; at xLarge (19 pt) it is 66.5 pt: 6.5 pt over "$412", one
        // 23 pt line high (round(19 x 1.2), the spec's line height).
        #expect(finding.firstSize == .xLarge)
        #expect(finding.sizes == Array(DynamicTypeSize.allCases[4...]))
        #expect(finding.measurement == Measurement(value: 6.5 * 23, threshold: 1, unit: "pt²"))
        #expect(finding.severity == .error)
    }

    @Test func aTextInAZStackIsLayeredOnPurpose() throws {
        var b = StreamBuilder()
        let revenue = b.text("Revenue"), amount = b.text("$412")
        let root = b.node("zstack", ["alignment": .s("leading")], [revenue, amount])
        #expect(try b.audit(root: root).findings.isEmpty)
    }

    @Test func aLineLimitThatCutsATextFromALargerSizeIsATruncation() throws {
        var b = StreamBuilder()
        let pay = b.text("Pay now")
        let root = b.styled(["lineLimit": .n(1), "frame": .object(["width": .n(70)])], pay)
        let result = try b.audit(root: root)
        #expect(result.findings.map(\.check) == [.textTruncated])
        let finding = try #require(result.findings.first)
        #expect(finding.element.id == pay && finding.element.line == b.createLine(of: pay))
        // 7 characters: 66.5 pt at xLarge (19 pt) fit 70, 73.5 at xxLarge (21 pt) do not.
        #expect(finding.firstSize == .xxLarge)
        // An error up to accessibility3, a warning above: merged, the worst.
        #expect(finding.severity == .error)
    }

    @Test func aTruncationOnlyAboveAccessibility3IsAWarning() throws {
        var b = StreamBuilder()
        let pay = b.text("Pay now")
        // 7 x 0.5 x 47 (body at accessibility4) = 164.5 > 150 > 140 (accessibility3).
        let root = b.styled(["lineLimit": .n(1), "frame": .object(["width": .n(150)])], pay)
        let finding = try #require(try b.audit(root: root).findings.first)
        #expect(finding.check == .textTruncated && finding.firstSize == .accessibility4 && finding.severity == .warning)
    }

    @Test func linesPastAClippingAncestorAreClipped() throws {
        var b = StreamBuilder()
        let revenue = b.text("Revenue")
        let root = b.styled(["frame": .object(["width": .n(60), "alignment": .s("leading")]), "clipped": .bool(true)], revenue)
        let result = try b.audit(root: root)
        #expect(result.findings.map(\.check) == [.textClipped])
        let finding = try #require(result.findings.first)
        #expect(finding.element.id == revenue && finding.firstSize == .xLarge)
        #expect(finding.measurement == Measurement(value: 6.5, threshold: 0.5, unit: "pt"))
        #expect(finding.detail == "lines extend 6.5 pt past the clipping #2 styled")
    }

    @Test func aWordWiderThanTheScreenPushesItOffAtTheSizeItNoLongerFits() throws {
        var b = StreamBuilder()
        // 40 characters: 340 pt at large, 380 at xLarge, 420 at xxLarge on a 400 pt screen.
        let word = b.text(String(repeating: "W", count: 40))
        let result = try b.audit(root: word)
        #expect(result.findings.map(\.check) == [.layoutOffscreen])
        let finding = try #require(result.findings.first)
        #expect(finding.firstSize == .xxLarge)
        #expect(finding.measurement == Measurement(value: 10, threshold: 0.5, unit: "pt"))
    }

    @Test func anElementWithNoFrameAtALargerSizeIsLost() throws {
        var b = StreamBuilder()
        let first = b.text("First")
        let second = b.text("Second")
        let padded = b.styled(["padding": .object(["top": .n(4)])], second)
        let root = b.vstack(spacing: 0, [first, padded])
        // The layout of every size but large loses the padded text (and its wrapper).
        let result = try b.audit(root: root, sizes: [.large, .xLarge]) { layout in
            layout.frames[second] = nil
            layout.frames[second + 1] = nil
        }
        #expect(result.findings.map(\.check) == [.layoutLost])
        #expect(result.findings.first?.element.id == second)
        #expect(result.findings.first?.detail == "not laid out")
    }

    @Test func aFixedSizeWithoutRelativeToNeverGrows() throws {
        var b = StreamBuilder()
        let fixedText = b.text("Fixed"), scaledText = b.text("Scaled")
        let fixed = b.styled(["font": .object(["size": .n(17)])], fixedText)
        let scaled = b.styled(["font": .object(["size": .n(17), "relativeTo": .s("body")])], scaledText)
        let root = b.vstack(spacing: 0, [fixed, scaled])
        let result = try b.audit(root: root, sizes: [.large, .accessibility3])
        #expect(result.findings.map(\.check) == [.typeFixed])
        #expect(result.findings.first?.element.text == "Fixed")
        #expect(result.findings.first?.measurement == Measurement(value: 17, threshold: 17, unit: "pt"))
    }

    @Test func textUnderElevenPointsAtLargeIsSmall() throws {
        var b = StreamBuilder()
        let tinyText = b.text("Tiny")
        let tiny = b.styled(["font": .object(["size": .n(10), "relativeTo": .s("caption2")])], tinyText)
        let result = try b.audit(root: tiny, sizes: [.large])
        #expect(result.findings.map(\.check) == [.typeSmall])
        #expect(result.findings.first?.measurement == Measurement(value: 10, threshold: 11, unit: "pt"))
        #expect(result.findings.first?.severity == .warning)
    }
}
