import Drawing
import LayoutEngine
import LayoutModel

/// What an audit of one commit found: its findings, and how many texts' contrast could not be
/// measured (no drawn run found for them).
public struct AuditResult: Sendable {
    public var findings: [Finding]
    public var unmeasured: Int
}

/// The checks of docs/audit.md over one commit laid out in several configurations. They read
/// what layout decided (frames, laid-out lines and truncation, chrome and labels) and what
/// paint drew (the display list's resolved colors); they never measure text.
public enum Audit {
    /// The size the cross-size checks compare against; the command always lays it out.
    public static let referenceSize = DynamicTypeSize.large

    /// `pixels` measures texts over gradients, images and materials from rendered pixels;
    /// without it their ratio is the worst over the gradient's stops.
    public static func run(stream: String, commit: Int, tree: ElementTree, facts: StreamFacts,
                           samples: [ScreenSample], pixels: (any PixelSampler)? = nil) throws -> AuditResult {
        let screen = ScreenTree(tree: tree, facts: facts)
        var observations: [Observation] = []
        var unmeasured = 0
        for sample in samples {
            var checks = SampleChecks(screen: screen, sample: sample, pixels: pixels)
            try checks.run()
            observations += checks.observations
            unmeasured += checks.unmeasured
            // The reference: `large` in the same device, scheme and contrast, with the texts as
            // the app wrote them, so a pseudolanguage's or Bold Text's truncations are new ones.
            let environment = sample.layout.environment
            let plain = environment.plainTexts(at: referenceSize)
            if let reference = samples.first(where: { $0.layout.environment == plain }),
               sample.configuration.size.index > referenceSize.index || !sample.configuration.plainTexts {
                observations += SizeChecks(screen: screen, reference: reference, sample: sample).run()
            }
        }
        return AuditResult(findings: Finding.merge(observations, stream: stream, commit: commit), unmeasured: unmeasured)
    }
}
