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
               edit: (inout LayoutResult) -> Void = { _ in }) throws -> AuditResult {
        var builder = self
        builder.insert(root, into: 0, at: 0)
        builder.commit()
        let stream = try OpStream(file: "test.jsonl", bytes: Array(builder.text.utf8))
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
            result = Audit.run(stream: "test.jsonl", commit: commit.number, tree: tree,
                               facts: StreamFacts(ops: stream.ops, upTo: commit.line), samples: samples)
        }
        return result!
    }
}

extension Finding {
    var sizes: [DynamicTypeSize] { occursAt.map(\.size) }
}
