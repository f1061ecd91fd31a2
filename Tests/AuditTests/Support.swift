import Audit
import Drawing
import LayoutEngine
import LayoutModel
import TestSupport

/// A screen with no safe areas: the root proposal is the whole 400 x 800 canvas.
let testScreen = plainScreen.device

extension StreamBuilder {
    /// Puts `root` on the screen, commits, lays the commit out with the fixed-advance
    /// measurer (every character 0.5 em) in every size and scheme given, and audits it.
    /// `lines` are the stream, so a finding's line can be checked against `createLine(of:)`.
    func audit(root: Int, sizes: [DynamicTypeSize] = DynamicTypeSize.allCases, schemes: [ColorScheme] = [.light],
               pixels: (any PixelSampler)? = nil, edit: (inout LayoutResult) -> Void = { _ in }) throws -> AuditResult {
        let stream = try stream(root: root)
        var result: AuditResult?
        try stream.replay { commit, tree in
            let samples = schemes.flatMap { scheme in
                sizes.map { size in
                    var layout = LayoutPass.run(tree: tree, environment: RenderEnvironment(device: testScreen, dynamicTypeSize: size,
                                                                                          colorScheme: scheme),
                                                measurer: FixedAdvanceMeasurer(advance: 0.5))
                    if size != .large { edit(&layout) }
                    return ScreenSample(layout: layout, displayList: Painter.paint(tree: tree, layout: layout, diagnostics: Diagnostics()))
                }
            }
            result = try Audit.run(stream: "test.jsonl", commit: commit.number, tree: tree,
                               facts: StreamFacts(ops: stream.ops, upTo: commit.line), samples: samples, pixels: pixels)
        }
        return result!
    }
}

extension StreamBuilder {
    /// The stream with `root` put on the screen and one commit.
    func stream(root: Int) throws -> OpStream {
        var builder = self
        builder.insert(root, into: 0, at: 0)
        builder.commit()
        return try OpStream(file: "test.jsonl", bytes: Array(builder.text.utf8))
    }

    /// The layout of `root` on the test screen at `large`, light, with the fixed-advance measurer.
    func layout(root: Int) throws -> LayoutResult {
        var result: LayoutResult?
        try stream(root: root).replay { _, tree in
            result = LayoutPass.run(tree: tree, environment: RenderEnvironment(device: testScreen), measurer: FixedAdvanceMeasurer(advance: 0.5))
        }
        return result!
    }
}

extension Finding {
    var sizes: [DynamicTypeSize] { occursAt.map(\.size) }
}
