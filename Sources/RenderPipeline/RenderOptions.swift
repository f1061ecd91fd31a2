import Assets
import ImageDiff
import LayoutEngine
import LayoutModel

/// Which commits of a stream to render.
public enum CommitSelection: Hashable, Sendable {
    case last, all
    /// Commit numbers from 1, in the order given.
    case numbers([Int])
}

/// How close a rendering must be to its golden: pixelmatch's options plus the limits.
public struct Tolerance: Hashable, Sendable {
    /// YIQ color distance threshold, 0...1 (pixelmatch's default 0.1).
    public var threshold = 0.1
    /// Count anti-aliased pixels as differences.
    public var includeAA = false
    public var maxDiffPixels: Int?
    /// 0...1, a fraction of all pixels.
    public var maxDiffRatio: Double?

    public init() {}

    public var diffOptions: DiffOptions { DiffOptions(threshold: threshold, includeAA: includeAA) }
    /// Neither limit set means an exact match (no counted pixel differs).
    public var limits: DiffTolerance { DiffTolerance(maxDiffPixels: maxDiffPixels, maxDiffRatio: maxDiffRatio) }
}

/// What to render of a stream and how close it must come to a golden: the one model behind
/// the command-line flags of every command and the keys of `shotter.json`. Each source gives
/// an `OptionValues` (see `OptionParser`), applied over the defaults or the plan's values.
public struct RenderOptions: Hashable, Sendable {
    public var devices: [Device] = [.default]
    public var sizes: [DynamicTypeSize] = [.large]
    public var schemes: [ColorScheme] = [.light]
    /// Xcode's pseudolanguages (nil: none), iOS's Bold Text and Increase Contrast (issue 14).
    public var pseudolanguages: [Pseudolanguage?] = [nil]
    public var legibilityWeights: [LegibilityWeight] = [.regular]
    public var contrasts: [ColorSchemeContrast] = [.standard]
    /// True when the schemes were given: they then beat the stream's own root `colorScheme`.
    public var schemesGiven = false
    /// `--layout-direction`: right to left mirrors the layout (docs/decisions.md).
    public var layoutDirections: [LayoutDirection] = [.ltr]
    public var commits: CommitSelection = .last
    public var formats: [ImageFormat] = [.png]
    /// Pixels per point for PNG; nil is the device's own scale.
    public var scale: Double?
    public var tolerance = Tolerance()
    /// Where `Image("name")` and `Color("name")` are looked up (`--assets`, `"assets"`).
    public var catalog = AssetCatalog.empty
    /// The local files behind `url` images (`--images`, `"images"`).
    public var remoteImages = RemoteImages.none

    public init() {}

    /// These options with every value `values` gives replacing this one's.
    public func applying(_ values: OptionValues) -> RenderOptions {
        var o = self
        if let v = values.devices { o.devices = v }
        if let v = values.sizes { o.sizes = v }
        if let v = values.schemes { o.schemes = v; o.schemesGiven = true }
        if let v = values.layoutDirections { o.layoutDirections = v }
        if let v = values.pseudolanguages { o.pseudolanguages = v }
        if let v = values.legibilityWeights { o.legibilityWeights = v }
        if let v = values.contrasts { o.contrasts = v }
        if let v = values.commits { o.commits = v }
        if let v = values.formats { o.formats = v }
        if let v = values.scale { o.scale = v }
        if let v = values.threshold { o.tolerance.threshold = v }
        if let v = values.includeAA { o.tolerance.includeAA = v }
        if let v = values.maxDiffPixels { o.tolerance.maxDiffPixels = v }
        if let v = values.maxDiffRatio { o.tolerance.maxDiffRatio = v }
        if let v = values.catalog { o.catalog = v }
        if let v = values.remoteImages { o.remoteImages = v }
        return o
    }

    public func scale(for device: Device) -> Double { scale ?? device.scale }

    /// Every device x size x scheme x layout direction x pseudolanguage x legibility weight x
    /// contrast, in that nesting order (once each: the rtl pseudolanguage is right to left in
    /// either direction).
    public var environments: [RenderEnvironment] { environments(schemes: schemes) }

    /// The environments a commit is drawn in: the stream's root `colorScheme` update (Phase 12,
    /// `.preferredColorScheme`) replaces the schemes when it is set and none were given.
    public func environments(for tree: ElementTree) -> [RenderEnvironment] {
        guard !schemesGiven, let asked = Self.scheme(askedBy: tree) else { return environments }
        return environments(schemes: [asked])
    }

    /// The scheme the stream's root asks for, if any.
    static func scheme(askedBy tree: ElementTree) -> ColorScheme? {
        (tree.root.props as? ScreenProps)?.colorScheme.flatMap(ColorScheme.init(rawValue:))
    }

    private func environments(schemes: [ColorScheme]) -> [RenderEnvironment] {
        var seen = Set<RenderEnvironment>()
        return devices.flatMap { device in
            sizes.flatMap { size in
                schemes.flatMap { scheme in
                    layoutDirections.flatMap { direction in
                        pseudolanguages.flatMap { pseudolanguage in
                            legibilityWeights.flatMap { weight in
                                contrasts.map {
                                    // The rtl pseudolanguage is right-to-left layout with its strings marked.
                                    RenderEnvironment(device: device, dynamicTypeSize: size, colorScheme: scheme, catalog: catalog,
                                                      remoteImages: remoteImages, layoutDirection: pseudolanguage == .rtl ? .rtl : direction,
                                                      pseudolanguage: pseudolanguage, legibilityWeight: weight, contrast: $0)
                                }
                            }
                        }
                    }
                }
            }
        }.filter { seen.insert($0).inserted }
    }
}
