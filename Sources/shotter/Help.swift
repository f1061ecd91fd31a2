import RenderPipeline

/// Help texts, one per subcommand.
enum Help {
    static let main = """
    shotter: render SwiftUI render-op streams (SB_HEADLESS=1 output) to PNG and SVG screenshots.

    Usage:
      shotter render INPUT [options]   render commits to PNG/SVG files
      shotter layout INPUT [options]   print the laid-out frames of one commit as JSON
      shotter events INPUT [options]   print the geometry / layout records for SB_EVENTS
      shotter diff A.png B.png         compare two images pixel by pixel
      shotter test [options]           check the snapshots of shotter.json against their goldens
      shotter audit INPUT... [options] Dynamic Type and accessibility findings at every size
      shotter sheet INPUT... -o FILE   variants of screens side by side in one captioned image
      shotter report merge RESULTS... -o DIR   one report from the shards of a run
      shotter accept ARTIFACTS [NAME...]       copy failures' actual images over the goldens

    INPUT is a JSON Lines file (one op per line), a JSON array of ops, or - for stdin.
    Run `shotter COMMAND --help` for a command's options.
    """

    static let render = """
    Usage: shotter render INPUT [-o DIR] [--format png|svg|layout,...] [--device NAME]
                          [--dynamic-type SIZE,...|all] [--scheme light|dark|light,dark]
                          [--layout-direction ltr|rtl|ltr,rtl]
                          [--commit N,...|last|all] [--scale N] [--max-pixels N] [--jobs N]
                          [--assets PATH.xcassets]... [--images DIR|MAP.json]
                          [--crop ID|@IDENTIFIER [--margin N]] [--background transparent] [--frame]

    Renders commits of an op stream and prints the path of every file written. Files are
    written only when the whole run succeeded: a failure leaves none of them.
      -o, --output DIR     output directory (default: shots)
      --format F           png, svg, layout (the frames as JSON), comma separated
                           (default: png)
      --device NAME        \(OptionParser.deviceNames) or WIDTHxHEIGHT@SCALE (default: iphone15pro)
      --dynamic-type S     Dynamic Type sizes, comma separated, or all (default: large)
                           \(OptionParser.sizeNames)
      --scheme S           light, dark or light,dark (default: light)
      --layout-direction D ltr, rtl or ltr,rtl (default: ltr); rtl mirrors the layout as
                           SwiftUI's .rightToLeft and adds .rtl to file names
      --pseudolanguage P   Xcode's pseudolanguages: none, double, accented, bounded, rtl,
                           comma separated (default: none)
      --legibility-weight W  regular, bold or regular,bold: iOS's Bold Text (default: regular);
                           --bold-text is --legibility-weight bold
      --contrast C         standard, increased or standard,increased: Increase Contrast
                           (default: standard)
      --commit C           commit numbers (from 1, comma separated), last or all (default: last)
      --scale N            pixels per point for PNG (default: the device's)
      --max-pixels N       the most pixels a PNG may have (default: 16777216, 4096x4096)
      --jobs N             render threads (default: the number of cores)
    \(imageOptions)
    For documentation images:
      --crop ID            only element ID (its frame and chrome; shotter layout lists ids)
      --crop @IDENTIFIER   only the element with .accessibilityIdentifier(IDENTIFIER)
      --margin N           points around the cropped element (default: 0)
      --background transparent   leave out the screen's background, status bar and home
                           indicator: the app's elements on a transparent canvas
      --frame              the screen inside a device outline drawn by shotter

    Files are named DIR/STREAM/NNN[-EVENT].DEVICE.SIZE.SCHEME.EXT,
    e.g. shots/Todos/003-tap-Add.iphone15pro.large.dark.png
    """

    static let audit = """
    Usage: shotter audit INPUT... [--commit N|last|all] [--device NAME] [--dynamic-type SIZE,...|all]
                         [--scheme light,dark] [--layout-direction ltr,rtl] [--json FILE] [--html DIR] [--junit FILE] [--sarif FILE]
                         [--baseline FILE] [--write-baseline FILE] [--fail-on error|warning|never]

    Lays out each commit at every Dynamic Type size and scheme and checks what layout and
    paint decided (docs/audit.md): text.truncated, text.clipped, text.overlap,
    layout.offscreen, layout.lost, type.fixed, type.small, contrast.text, contrast.nontext,
    target.size, target.overlap, target.obscured, name.missing, name.symbol. Prints one line
    per finding, STREAM:LINE: SEVERITY CHECK #ID KIND 'TEXT': WHAT from FIRST-SIZE (SCHEMES),
    the line being the element's create op, then `N errors, M warnings`.
      --commit C             a commit number (from 1), last or all (default: last)
      --device NAME          \(OptionParser.deviceNames) or WIDTHxHEIGHT@SCALE (default: iphone15pro)
      --dynamic-type S       sizes, comma separated, or all (default: all; large is always laid out)
      --scheme S             light, dark or light,dark (default: both)
      --layout-direction D   ltr, rtl or ltr,rtl (default: ltr)
      --pseudolanguage P     none, double, accented, bounded, rtl: a text whole in English at
                             large and cut in the pseudolanguage is a text.truncated finding
      --legibility-weight W  regular, bold (--bold-text: bold)
      --contrast C           standard, increased
      --json FILE            findings and a summary as JSON
      --html DIR             a report page: screenshots with the findings outlined, a contact
                             sheet of every size (also as one image), the VoiceOver order
                             (DIR/index.html)
      --junit FILE           a JUnit XML report, one test case per finding
      --sarif FILE           SARIF 2.1.0 for code-scanning views
      --baseline FILE        findings in FILE are reported as baselined and do not fail
      --write-baseline FILE  record the current findings (keeps the reasons of --baseline)
      --fail-on L            error, warning or never (default: error)

    Exit status: 0 when no new finding is at or above --fail-on, 1 otherwise, 2 on usage errors.
    """

    static let layout = """
    Usage: shotter layout INPUT [--commit N|last] [--device NAME] [--dynamic-type SIZE] [--scheme S]
                          [--layout-direction ltr|rtl]
                          [--pseudolanguage P] [--legibility-weight W|--bold-text] [--contrast C]
                          [--assets PATH.xcassets]... [--images DIR|MAP.json]

    Prints one JSON object: commit, device, dynamicTypeSize, colorScheme (and layoutDirection
    when rtl) and elements, one
    entry per element with id, kind, label (its text, or the text inside it), frame ({x, y,
    width, height} in screen points, or null when not laid out), chrome (named rects of
    compound kinds), labels (their texts: lines, and truncated: true where an ellipsis or a
    line limit cut them), lines (of a text), and events: the geometry and layout records a
    renderer would send back after this pass. One element and one event per line.

    \(imageOptions)
    """

    /// The options every command that lays out shares for pictures.
    static let imageOptions = """
      --assets PATH        an Xcode asset catalog (*.xcassets) for Image("name") and
                           Color("name"); repeatable, the first catalog naming an asset wins
      --images DIR|MAP     local files for image URLs (AsyncImage), found by the URL's last
                           path component in DIR, or mapped by a JSON {"URL": "file"} file;
                           no network is used, an unresolved URL draws a loading placeholder
    """

    static let events = """
    Usage: shotter events INPUT [--commit N|last] [--device NAME] [--dynamic-type SIZE] [--scheme S]
                          [--layout-direction ltr|rtl]
                          [--pseudolanguage P] [--legibility-weight W|--bold-text] [--contrast C]
                          [--assets PATH.xcassets]... [--images DIR|MAP.json]

    Lays out one commit and prints, one per line, the records a renderer sends back to the
    app after that pass, in the form SB_EVENTS accepts: geometry:ID:WIDTHxHEIGHT for every
    geometry element, and the JSON event {"type":"layout",...} with the measured subviews of
    every custom layout. Append them to SB_EVENTS and run the app again until nothing changes.
    """

    static let diff = """
    Usage: shotter diff A.png B.png [-o DIFF.png] [--threshold T] [--include-aa]
                        [--max-diff-pixels N] [--max-diff-ratio R] [--max-pixels N]

    Compares two PNG images with pixelmatch's algorithm and prints the number of differing
    pixels. Exit status 0 when within tolerance, 1 when they differ, 2 on usage errors.
      -o, --output FILE    write a diff image (differences red, anti-aliasing yellow)
      --threshold T        YIQ color distance threshold, 0...1 (default: 0.1)
      --include-aa         count anti-aliased pixels as differences
      --max-diff-pixels N  tolerated differing pixels (default: 0)
      --max-diff-ratio R   tolerated differing fraction of all pixels (default: 0)
      --max-pixels N       refuse larger images before decoding them (default: 16777216)
    """

    static let test = """
    Usage: shotter test [--config shotter.json] [--record never|missing|failed|all] [--prune]
                        [--jobs N] [--shard I/N] [--artifacts DIR] [--junit FILE] [overrides]

    Renders every snapshot the plan lists (streams x commits x devices x sizes x schemes x
    layout directions x formats) and compares it with its golden: bytes first, then pixel by pixel (pixelmatch),
    and the frames with the stored layout report, to name what moved. The plan format is in
    docs/test-plan.md. Exit status 0 when everything matches, 1 on any mismatch (or when
    something was recorded while CI is set), 2 on usage errors. The last line is
    `N passed, M failed`; a plan with an "audit" key then prints `shotter audit`'s findings.
      --config FILE        the plan (default: ./shotter.json); its paths are relative to it
      --record MODE        never (default when CI is set), missing (default elsewhere): write
                           goldens that do not exist, failed: also overwrite mismatches,
                           all: overwrite every golden that differs
      --prune              delete golden files (images and layout reports, by name) that no
                           configuration produces
      --jobs N             render and compare on N threads (default: the number of cores)
      --shard I/N          check only the I-th of N deterministic slices of the snapshots
      --artifacts DIR      where report.html and the expected/actual/diff PNGs of failures go
                           (default: .shotter-artifacts next to the plan)
      --junit FILE         also write JUnit XML
      --results FILE       also write every snapshot's result as JSON (for shotter report merge)
      --summary FILE       a Markdown summary for the pull request (default when
                           GITHUB_STEP_SUMMARY is set: appended to that file)
      --annotations github print ::error annotations at the stream line of what moved
      --goldens DIR        goldens directory (default: the plan's, __Snapshots__ next to it)
      --max-pixels N       the most pixels a rendered PNG may have (default: 16777216)
    Overrides of the plan, for every stream:
      --device NAME,...  --dynamic-type SIZE,...|all  --scheme light,dark  --layout-direction ltr,rtl
      --pseudolanguage none,double,...  --legibility-weight regular,bold (--bold-text)
      --contrast standard,increased
      --commit last|all|N,...  --format png,svg,layout  --scale N
      --threshold T (default 0.1)  --include-aa  --max-diff-pixels N  --max-diff-ratio R
      --assets PATH.xcassets (repeatable)  --images DIR|MAP.json
    """

    static let sheet = """
    Usage: shotter sheet INPUT... -o FILE.png|FILE.svg [--device NAME,...] [--dynamic-type SIZE,...]
                         [--scheme light,dark] [--layout-direction ltr,rtl] [--pseudolanguage P,...]
                         [--legibility-weight regular,bold|--bold-text] [--contrast standard,increased]
                         [--commit N|last] [--scale N] [--frame]
                         [--crop ID|@IDENTIFIER [--margin N]] [--background transparent]
                         [--assets PATH.xcassets]... [--images DIR|MAP.json]

    Renders one commit of each INPUT in every chosen variant and lays them out in one image:
    a row per input and device, a column per Dynamic Type size, color scheme and setting
    (layout direction, pseudolanguage, Bold Text, contrast), each captioned (device, size,
    scheme and the settings that are not the default). For READMEs and pull requests.
      -o, --output FILE    the sheet: PNG, or SVG when the name ends in .svg
      --device NAME,...    devices, one row each (default: iphone15pro)
      --dynamic-type S,... Dynamic Type sizes, one column each (default: large)
      --scheme S           light, dark or light,dark (default: light)
      --layout-direction, --pseudolanguage, --legibility-weight (--bold-text), --contrast:
                           as for shotter render, one column per value
      --commit C           a commit number or last (default: last)
      --scale N            pixels per point of a PNG sheet (default: 2)
      --frame, --crop ID|@IDENTIFIER, --margin N, --background transparent: as for shotter render
    \(imageOptions)
    """

    static let report = """
    Usage: shotter report merge RESULTS... -o DIR [--summary FILE] [--annotations github]

    Merges the results of a sharded run (each shard's `shotter test --results FILE`, with the
    artifacts directory it names beside it) into DIR: one report.html, junit.xml and
    results.json, and the failures' images, as one unsharded run would have written them.
    Exit status 0 when everything passed, 1 on any failure or a results file that cannot be
    used (an artifact outside its directory, a link, a snapshot in two shards), 2 on usage errors.
      -o, --output DIR     where the merged report goes (not a shard's artifacts directory)
      --results FILE       the merged results (default: DIR/results.json)
      --summary FILE       a Markdown summary (default when GITHUB_STEP_SUMMARY is set)
      --annotations github print ::error annotations at the stream line of what moved
    """

    static let accept = """
    Usage: shotter accept ARTIFACTS [NAME...] [--config shotter.json] [--goldens DIR]

    Copies the actual images and layout dumps of a run's failures, as its artifacts directory
    holds them (failures/STREAM/NAME.actual.png), over their goldens: all of them, or the
    snapshots named (STREAM/NNN.DEVICE.SIZE.SCHEME.png, as report.html shows each with its
    command). Everything is checked before anything is written: a name that is not a
    snapshot's, a link, a file that is not what its name says or a golden path that would
    leave the goldens directory stops it with nothing written (exit status 1).
      --config FILE        the plan whose goldens to update (default: ./shotter.json)
      --goldens DIR        the goldens directory (instead of the plan's)
    """
}
