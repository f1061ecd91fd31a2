import Drawing
import Foundation
import ImageDiff
import LayoutEngine
import LayoutModel
import RenderPipeline
import SVGExport
import Testing

/// A screen drawn in two bands of rows at once (`BandPlan`) has the pixels of one piece, word
/// for word: every example at 3x, large and light and accessibility3 and dark (every
/// environment of the plan at 2x and 3x, 272 screens, was checked once the same way).
@Suite struct BandTests {
    @Test(arguments: GoldenTests.examples)
    func bandsDrawThePixelsOfOnePiece(example: String) throws {
        let renderer = try Screenshotter()
        let (planned, tree) = try GoldenTests.lastCommit(example)
        var cut = 0
        for (size, scheme) in [(DynamicTypeSize.large, ColorScheme.light), (.accessibility3, .dark)] {
            let env = GoldenTests.environment(planned, device: planned.settings.devices[0], size: size, scheme: scheme)
            let list = renderer.displayList(tree: tree, environment: env, diagnostics: Diagnostics())
            renderer.banding = .none
            let whole = try renderer.image(list, scale: 3)
            renderer.banding = .twoThreads
            let bands = try renderer.image(list, scale: 3)
            let boundary = renderer.bandBoundary(list, scale: 3)
            let differing = zip(whole.pixels.words, bands.pixels.words).filter { $0 != $1 }.count
            #expect(differing == 0, "\(example) \(size) \(scheme), cut at \(String(describing: boundary)): \(differing) pixels differ")
            if boundary != nil { cut += 1 }
        }
        // Two examples fill the screen with a picture or a gradient: no row is free of them.
        #expect(cut == (["ProductPage", "SafeArea"].contains(example) ? 0 : 2), "\(example): \(cut) of 2 screens cut")
    }
}
