// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "shotter",
    products: [
        .executable(name: "shotter", targets: ["shotter"]),
        .library(name: "ShotterKit", targets: ["LayoutModel", "LayoutEngine", "ChartRender", "Drawing", "TextMeasure", "SVGExport",
                                               "RenderPipeline", "ImageDiff", "SnapshotRunner", "Assets", "Audit"]),
    ],
    targets: [
        // Cairo, Pango (with its fontconfig backend). librsvg and gdk-pixbuf, which draw icons and
        // pictures, are loaded with dlopen (SVGExport's PictureLibraries), not linked.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo pangocairo pangofc fontconfig",
            providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "librsvg2-dev"])]
        ),
        // libdeflate: whole-buffer deflate and CRC-32 for PNG files, 2-3 times zlib's speed; and
        // zlib, whose adler32_combine joins the checksums of a large image's pieces (ImageDiff only).
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev", "zlib1g-dev"])]
        ),
        // The values layout speaks in: geometry, paths, the font model and Dynamic Type table, the
        // `TextMeasuring` protocol and the fixed-advance measurer. Links no C library.
        .target(name: "LayoutModel"),
        // Cairo's faces of the pinned fonts, opened when Pango first asks for one (faces.c).
        // DWARF 4: valgrind 3.19, which counts the benchmarks' instructions, cannot read clang's 5.
        .target(name: "CFontFaces", dependencies: ["CCairo"], cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        // Text measured and drawn by Pango with the pinned fonts: the one module that knows Pango.
        .target(name: "TextMeasure", dependencies: ["LayoutModel", "CCairo", "CFontFaces"]),
        // Chart layout (legend, axis bands, plot, labels, annotations) and mark geometry, in points.
        .target(name: "ChartRender", dependencies: ["LayoutModel"]),
        // What a screenshot is made of: the display list, colors and paints. Links no C library.
        .target(name: "Drawing", dependencies: ["LayoutModel"]),
        // Asset catalogs (`*.xcassets`) and the local files behind remote image URLs, read with
        // Foundation; image sizes from file headers. Links no C library.
        .target(name: "Assets", dependencies: ["LayoutModel"]),
        // Ops, the element tree, layout (propose / report / place), the painter that builds the
        // display list, layout reports. Links no C library.
        .target(name: "LayoutEngine", dependencies: ["LayoutModel", "ChartRender", "Drawing", "Assets"]),
        // `shotter audit`: Dynamic Type and accessibility checks over layout results and display
        // lists, and their reports (console, JSON, JUnit, SARIF, baselines). Links no C library.
        .target(name: "Audit", dependencies: ["LayoutModel", "LayoutEngine", "Drawing"]),
        // PNG encoding and decoding, and the pixel comparison behind `shotter diff` / `shotter test`.
        .target(name: "ImageDiff", dependencies: ["CDeflate"]),
        // The Cairo backend: plays a display list to PNG or SVG (icons through librsvg, PDF
        // pictures through poppler-glib, loaded with dlopen on the first PDF: `Poppler`).
        .target(name: "SVGExport", dependencies: ["LayoutModel", "Drawing", "TextMeasure", "ImageDiff", "CCairo"]),
        // One stream in, per commit the tree, layout, display list, diagnostics and images out.
        .target(name: "RenderPipeline", dependencies: ["Assets", "LayoutModel", "LayoutEngine", "Drawing", "TextMeasure", "SVGExport", "ImageDiff"]),
        // `shotter test`: the plan, rendering in parallel, comparison with goldens, reports.
        .target(name: "SnapshotRunner", dependencies: ["LayoutModel", "LayoutEngine", "Drawing", "RenderPipeline", "SVGExport", "ImageDiff", "TextMeasure"]),
        // A release build links the Swift runtime and Foundation statically (compiled against the
        // static modules, whose autolink entries name _FoundationICU and the rest): the dynamic
        // loader no longer resolves some 7,000 symbols between a dozen Swift libraries at every
        // start (docs/decisions.md, "Start-up loads only what every render needs"). Debug builds,
        // which the tests use, link them dynamically.
        .executableTarget(name: "shotter", dependencies: ["Audit", "LayoutModel", "LayoutEngine", "Drawing", "TextMeasure", "SVGExport", "RenderPipeline", "ImageDiff", "SnapshotRunner"],
                          swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
                          // Not position-independent: the loader then relocates none of the
                          // static runtime's 88,000 pointers at every start.
                          linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "-no-pie"], .when(configuration: .release))]),
        // Prints render-stage timings for scripts/bench.sh (docs/performance.md).
        .executableTarget(name: "shotter-bench", dependencies: ["LayoutModel", "LayoutEngine", "Drawing", "TextMeasure", "SVGExport", "RenderPipeline", "ImageDiff"]),
        // Times the comparison against other tools: scripts/bench-diff.sh.
        .executableTarget(name: "bench-diff", dependencies: ["ImageDiff", "CCairo"]),
        // The seeded mutation fuzzer: cases from Examples and test streams, run through the
        // built `shotter`, outcomes classified, failures shrunk (scripts/fuzz.sh).
        .target(name: "Fuzzer", dependencies: ["LayoutEngine"]),
        .executableTarget(name: "shotter-fuzz", dependencies: ["Fuzzer"]),
        // What the layout, audit and CLI tests share: `StreamBuilder`, `layOut`, `rect`, `plainScreen`.
        .target(name: "TestSupport", dependencies: ["LayoutEngine", "LayoutModel"], path: "Tests/TestSupport"),
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel"]),
        .testTarget(name: "AssetsTests", dependencies: ["Assets", "LayoutModel"]),
        .testTarget(name: "TextMeasureTests", dependencies: ["TextMeasure", "LayoutModel", "CCairo"]),
        // Layout and chart tests link no C library: they measure with `FixedAdvanceMeasurer`.
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutModel", "Drawing", "ChartRender", "Assets", "TestSupport"]),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "LayoutEngine", "LayoutModel", "Drawing", "TestSupport"]),
        .testTarget(name: "ChartRenderTests", dependencies: ["ChartRender", "LayoutModel"]),
        .testTarget(name: "SVGExportTests", dependencies: ["Assets", "SVGExport", "RenderPipeline", "LayoutEngine", "LayoutModel", "Drawing", "TextMeasure", "ImageDiff"]),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "CDeflate"]),
        .testTarget(name: "SnapshotRunnerTests", dependencies: ["Assets", "SnapshotRunner", "RenderPipeline", "LayoutEngine", "LayoutModel", "Drawing", "SVGExport", "ImageDiff", "TextMeasure"]),
        .testTarget(name: "ShotterCLITests", dependencies: ["Assets", "shotter", "Fuzzer", "SnapshotRunner", "RenderPipeline", "SVGExport", "LayoutEngine", "LayoutModel", "Drawing", "TextMeasure", "ImageDiff", "TestSupport"]),
    ]
)
