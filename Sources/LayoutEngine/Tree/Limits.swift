/// The limits shotter puts on what a stream may ask for, so that no input can trap a numeric
/// conversion, hang Cairo or exhaust memory. docs/limits.md lists every limit with its value,
/// what happens past it and where it is enforced. Two live next to what they limit:
/// `ElementTree.maxDepth` (nesting) and `ResolvedFont.sizeRange` (font sizes, in TextMeasure).
public enum Limits {
    /// Ids and indexes are integers of magnitude below 10^15: exact in a Double, safe as an Int.
    public static let maxInteger = 1e15

    /// Transparency groups (`opacity` below 1, `disabled`) nested on one path of the tree. Each
    /// open group holds a canvas-sized surface while it is drawn (12 MB for an iPhone 15 Pro at
    /// 3x): 200 of them took 2.1 GB. Clips hold no surface and need no limit of their own.
    public static let maxNestedGroups = 32

    /// Points of one chart series (a line or area mark).
    public static let maxChartPoints = 100_000

    /// Display-list geometry lives inside the canvas grown by this margin on every side, in
    /// points. Cairo's fixed-point coordinates overflow near 8 million device pixels and its
    /// arcs grow with their radius; anything farther than this is off screen anyway.
    public static let drawingMargin = 100_000.0
}
