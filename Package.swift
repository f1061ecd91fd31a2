// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shotter",
    products: [
        .executable(name: "shotter", targets: ["shotter"]),
        .library(name: "ShotterKit", targets: ["LayoutEngine", "ChartRender", "TextMeasure", "SVGExport", "ImageDiff", "SnapshotRunner"]),
    ],
    targets: [
        // Cairo, Pango (with its fontconfig backend), librsvg for symbol SVGs.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo pangocairo pangofc fontconfig librsvg-2.0",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "librsvg2-dev"])]
        ),
        // libdeflate: whole-buffer deflate and CRC-32 for PNG files, 2-3 times zlib's speed (ImageDiff only).
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .target(name: "TextMeasure", dependencies: ["CCairo"]),
        // Chart layout (legend, axis bands, plot, labels, annotations) and mark geometry, in points.
        .target(name: "ChartRender", dependencies: ["TextMeasure"]),
        .target(name: "LayoutEngine", dependencies: ["TextMeasure", "ChartRender"]),
        // PNG encoding and decoding, and the pixel comparison behind `shotter diff` / `shotter test`.
        .target(name: "ImageDiff", dependencies: ["CDeflate"]),
        .target(name: "SVGExport", dependencies: ["LayoutEngine", "TextMeasure", "ImageDiff", "CCairo"]),
        // `shotter test`: the plan, rendering in parallel, comparison with goldens, reports.
        .target(name: "SnapshotRunner", dependencies: ["LayoutEngine", "SVGExport", "ImageDiff", "TextMeasure"]),
        .executableTarget(name: "shotter", dependencies: ["LayoutEngine", "TextMeasure", "SVGExport", "ImageDiff", "SnapshotRunner"]),
        // Prints render-stage timings for scripts/bench.sh (docs/performance.md).
        .executableTarget(name: "shotter-bench", dependencies: ["LayoutEngine", "TextMeasure", "SVGExport", "ImageDiff"]),
        // Times the comparison against other tools: scripts/bench-diff.sh.
        .executableTarget(name: "bench-diff", dependencies: ["ImageDiff", "CCairo"]),
        // The seeded mutation fuzzer: cases from Examples and test streams, run through the
        // built `shotter`, outcomes classified, failures shrunk (scripts/fuzz.sh).
        .target(name: "Fuzzer", dependencies: ["LayoutEngine"]),
        .executableTarget(name: "shotter-fuzz", dependencies: ["Fuzzer"]),
        .testTarget(name: "TextMeasureTests", dependencies: ["TextMeasure", "CCairo"]),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "TextMeasure", "ChartRender"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartRender", "TextMeasure"]),
        .testTarget(name: "SVGExportTests", dependencies: ["SVGExport", "LayoutEngine", "TextMeasure", "ImageDiff"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff"]),
        .testTarget(name: "SnapshotRunnerTests", dependencies: ["SnapshotRunner", "LayoutEngine", "SVGExport", "ImageDiff", "TextMeasure"]),
        .testTarget(name: "ShotterCLITests", dependencies: ["shotter", "Fuzzer", "SnapshotRunner", "SVGExport", "LayoutEngine", "TextMeasure", "ImageDiff"]),
    ]
)
