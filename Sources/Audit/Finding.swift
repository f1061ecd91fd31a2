import LayoutEngine
import LayoutModel

/// How bad a finding is. `--fail-on` compares against this order.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    case warning, error

    public static func < (a: Severity, b: Severity) -> Bool { a == .warning && b == .error }
}

/// The checks shotter audits, by id (docs/audit.md gives each one's threshold and source).
public enum Check: String, Sendable, Hashable, CaseIterable, Comparable {
    case textTruncated = "text.truncated"
    case textClipped = "text.clipped"
    case textOverlap = "text.overlap"
    case layoutOffscreen = "layout.offscreen"
    case layoutLost = "layout.lost"
    case typeFixed = "type.fixed"
    case typeSmall = "type.small"
    case contrastText = "contrast.text"
    case contrastNonText = "contrast.nontext"
    case targetSize = "target.size"
    case targetOverlap = "target.overlap"
    case targetObscured = "target.obscured"
    case nameMissing = "name.missing"
    case nameSymbol = "name.symbol"

    public static func < (a: Check, b: Check) -> Bool { a.rawValue < b.rawValue }

    /// One line for reports and SARIF rules.
    public var summary: String {
        switch self {
        case .textTruncated: "Text cut by an ellipsis or a line limit at a size where it was whole at large"
        case .textClipped: "Text lines extend past their frame, a clipping ancestor or the screen"
        case .textOverlap: "Lines of two texts, or of a text and a control, are drawn over each other"
        case .layoutOffscreen: "An element on screen at large is partly past a screen edge at a larger size"
        case .layoutLost: "An element laid out at large has no frame or no area at a larger size"
        case .typeFixed: "Text with a fixed size that does not scale with Dynamic Type"
        case .typeSmall: "Text under 11 pt at large"
        case .contrastText: "Text contrast below WCAG 1.4.3 (4.5:1, 3:1 for large text)"
        case .contrastNonText: "A control's boundary or a meaningful icon below 3:1 against what is beneath it (WCAG 1.4.11)"
        case .targetSize: "Touch target under 24x24 pt (WCAG 2.5.8) or 44x44 pt (Apple HIG)"
        case .targetOverlap: "Two touch targets intersect"
        case .targetObscured: "A control is more than half covered by something drawn above it"
        case .nameMissing: "An interactive element has no accessible name"
        case .nameSymbol: "An accessible name is a symbol or asset name"
        }
    }
}

/// One configuration a screen was laid out in.
public struct Configuration: Hashable, Sendable, Comparable {
    public var device: String
    public var size: DynamicTypeSize
    public var scheme: ColorScheme
    /// Issue 14's axes that differ from the default (`RenderEnvironment.axisNames`).
    public var axes: [String]
    /// True when texts are as the app wrote them (no pseudolanguage, no Bold Text): what
    /// the cross-size checks compare with.
    public var plainTexts: Bool

    public init(device: String, size: DynamicTypeSize, scheme: ColorScheme, axes: [String] = [], plainTexts: Bool = true) {
        self.device = device; self.size = size; self.scheme = scheme; self.axes = axes; self.plainTexts = plainTexts
    }

    public init(_ environment: RenderEnvironment) {
        self.init(device: environment.device.name, size: environment.dynamicTypeSize, scheme: environment.colorScheme,
                  axes: environment.axisNames, plainTexts: environment.plainTexts(at: environment.dynamicTypeSize) == environment)
    }

    public static func < (a: Configuration, b: Configuration) -> Bool {
        (a.size.index, a.scheme.caseIndex, a.device, a.axes.joined(separator: ".")) < (b.size.index, b.scheme.caseIndex, b.device, b.axes.joined(separator: "."))
    }
}

extension DynamicTypeSize {
    /// Position in the Dynamic Type order (xSmall 0 ... accessibility5 11).
    public var index: Int { Self.allCases.firstIndex(of: self)! }
}

extension CaseIterable where Self: Equatable {
    /// Position among the cases: configurations sort by it.
    var caseIndex: Int { Self.allCases.firstIndex(of: self).map { Self.allCases.distance(from: Self.allCases.startIndex, to: $0) }! }
}

/// An element as findings name it: by id and kind, its first text, the stream line of its
/// `create` op, and a selector that survives re-recording (ids change between recordings).
public struct ElementRef: Hashable, Sendable {
    public var id: Int
    public var kind: String
    public var text: String?
    public var line: Int
    /// The element's `accessibilityIdentifier`, else its kind path from the screen with each
    /// step's index among its siblings, and its text: `vstack[0]/gridrow[3]/text[0] 'Revenue'`.
    public var selector: String

    /// `#28 text 'Revenue'`.
    public var description: String {
        "#\(id) \(kind)" + (text.map { " " + MessageText.quoted($0) } ?? "")
    }
}

/// A measured value and the threshold it was held against, in `unit` (`pt`, `pt²`, `:1`).
public struct Measurement: Hashable, Sendable {
    public var value: Double
    public var threshold: Double
    public var unit: String

    public init(value: Double, threshold: Double, unit: String) {
        self.value = value; self.threshold = threshold; self.unit = unit
    }
}

/// What one check found in one configuration, before findings are merged across them.
public struct Observation: Hashable, Sendable {
    public var check: Check
    public var severity: Severity
    public var element: ElementRef
    /// A compound kind's laid-out text or part (`title`, `segment1`, `decrement`), else nil.
    public var part: String?
    /// The other element of an overlap.
    public var related: ElementRef?
    public var frame: Rect?
    public var measurement: Measurement?
    /// What was found, without the sizes and schemes: `lines overlap #32 text '$412'`.
    public var detail: String
    /// True where the value is an estimate to be checked by eye (text over a gradient).
    public var review = false
    public var configuration: Configuration
}

/// Observations of one check on one element (and part, and related element) merged across the
/// configurations where they occur.
public struct Finding: Hashable, Sendable {
    /// What was seen at the first configuration where it appears (its frame, measurement, detail).
    public var first: Observation
    /// The worst severity over the configurations.
    public var severity: Severity
    public var stream: String
    public var commit: Int
    /// True when any configuration's value is to be checked by eye.
    public var review: Bool
    public var occursAt: [Configuration]
    /// The element's (or part's) frame in each configuration where the finding occurs.
    public var frames: [Configuration: Rect]

    public var check: Check { first.check }
    public var element: ElementRef { first.element }
    public var part: String? { first.part }
    public var related: ElementRef? { first.related }
    public var frame: Rect? { first.frame }
    public var measurement: Measurement? { first.measurement }
    public var detail: String { first.detail }
    public var firstSize: DynamicTypeSize { occursAt[0].size }

    /// Stable across recordings: the check, the stream, the element's selector and part, and
    /// the related element's selector, hashed (FNV-1a, 64 bits).
    public var fingerprint: String {
        Self.fingerprint(check: check.rawValue, stream: stream, selector: element.selector, part: part, related: related?.selector)
    }

    static func fingerprint(check: String, stream: String, selector: String, part: String?, related: String?) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [check, stream, selector, part ?? "", related ?? ""].joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Finding {
    /// Merges observations by check, element, part and related element; sorted by stream
    /// line, then check, part and related element, so output is the same on every run.
    public static func merge(_ observations: [Observation], stream: String, commit: Int) -> [Finding] {
        struct Key: Hashable { var check: Check; var element: Int; var part: String?; var related: Int? }
        var groups: [Key: [Observation]] = [:]
        for o in observations {
            groups[Key(check: o.check, element: o.element.id, part: o.part, related: o.related?.id), default: []].append(o)
        }
        let findings = groups.values.map { group -> Finding in
            let sorted = group.sorted { $0.configuration < $1.configuration }
            let first = sorted[0]
            return Finding(first: first, severity: sorted.map(\.severity).max()!, stream: stream, commit: commit,
                           review: sorted.contains { $0.review }, occursAt: Array(Set(sorted.map(\.configuration))).sorted(),
                           frames: Dictionary(sorted.compactMap { o in o.frame.map { (o.configuration, $0) } },
                                              uniquingKeysWith: { first, _ in first }))
        }
        return findings.sorted {
            ($0.element.line, $0.check, $0.part ?? "", $0.related?.line ?? 0, $0.element.id)
                < ($1.element.line, $1.check, $1.part ?? "", $1.related?.line ?? 0, $1.element.id)
        }
    }
}
