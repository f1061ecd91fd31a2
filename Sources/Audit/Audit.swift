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

    public static func run(stream: String, commit: Int, tree: ElementTree, facts: StreamFacts,
                           samples: [ScreenSample]) -> AuditResult {
        let screen = ScreenTree(tree: tree, facts: facts)
        var observations: [Observation] = []
        var unmeasured = 0
        for sample in samples {
            var checks = SampleChecks(screen: screen, sample: sample)
            checks.run()
            observations += checks.observations
            unmeasured += checks.unmeasured
            if let reference = samples.first(where: {
                $0.configuration.scheme == sample.configuration.scheme && $0.configuration.size == referenceSize
                    && $0.configuration.layoutDirection == sample.configuration.layoutDirection
                    && $0.configuration.device == sample.configuration.device
            }), sample.configuration.size.index > referenceSize.index {
                observations += SizeChecks(screen: screen, reference: reference, sample: sample).run()
            }
        }
        return AuditResult(findings: Finding.merge(observations, stream: stream, commit: commit), unmeasured: unmeasured)
    }
}
