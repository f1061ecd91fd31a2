// Benchmark for `shotter diff`'s comparison, driven by scripts/bench-diff.sh.
//
//   bench-diff generate DIR             writes DIR/a.png and DIR/b.png: two 1179x2556
//                                       settings-like screens drawn with Cairo that differ
//                                       in a few places, some only by anti-aliasing
//   bench-diff time A.png B.png [RUNS]  times of ImageComparison.compare (read + decode
//                                       both + pixelmatch; wall and CPU time), of decoding
//                                       both whole and of pixelmatch on them; then the counts
import CCairo
import Foundation
import ImageDiff

let width = 1179, height = 2556, scale = 3.0

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("bench-diff: \(message)\n".utf8))
    exit(2)
}

// MARK: - generate

/// A screen in points (393 x 852 at 3x). `changed` draws the second version.
func drawScreen(_ cr: OpaquePointer, changed: Bool) {
    func fill(_ r: Double, _ g: Double, _ b: Double) { cairo_set_source_rgb(cr, r / 255, g / 255, b / 255); cairo_fill(cr) }
    func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - radius, y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, x + w - radius, y + h - radius, radius, 0, .pi / 2)
        cairo_arc(cr, x + radius, y + h - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, x + radius, y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
    func text(_ string: String, _ x: Double, _ y: Double, size: Double, bold: Bool = false,
              color: (Double, Double, Double) = (0, 0, 0)) {
        cairo_select_font_face(cr, "Inter", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        cairo_set_source_rgb(cr, color.0 / 255, color.1 / 255, color.2 / 255)
        cairo_move_to(cr, x, y)
        cairo_show_text(cr, string)
    }

    cairo_rectangle(cr, 0, 0, 393, 852); fill(242, 242, 247)
    text("9:41", 42, 34, size: 17, bold: true)
    roundedRect(336, 23, 25, 12, 3.5); fill(40, 40, 40)
    text("Settings", 16, 142, size: 34, bold: true)
    // Search field; the second version is one step lighter, far under the threshold.
    roundedRect(16, 158, 361, 36, 10); changed ? fill(228, 228, 233) : fill(227, 227, 232)
    text("Search", 44, 182, size: 17, color: (142, 142, 147))

    let labels = ["Airplane Mode", "Wi-Fi", "Bluetooth", "Cellular", "Personal Hotspot",
                  "Notifications", "Sounds & Haptics", "Focus", "Screen Time",
                  "General", "Control Center", "Display & Brightness"]
    let icons: [(Double, Double, Double)] = [(255, 149, 0), (0, 122, 255), (0, 122, 255), (52, 199, 89),
                                             (52, 199, 89), (0, 122, 255), (255, 59, 48), (255, 45, 85),
                                             (88, 86, 214), (88, 86, 214), (142, 142, 147)]
    let sections = [0..<5, 5..<9, 9..<12]
    var y = 214.0
    for (number, section) in sections.enumerated() {
        // The third section moves by a tenth of a point: its edges change only by anti-aliasing.
        let top = y + (changed && number == 2 ? 0.1 : 0)
        roundedRect(16, top, 361, Double(section.count) * 44, 10); fill(255, 255, 255)
        for (row, index) in section.enumerated() {
            let rowY = top + Double(row) * 44
            roundedRect(32, rowY + 7.5, 29, 29, 6.5)
            let icon = icons[index % icons.count]; fill(icon.0, icon.1, icon.2)
            cairo_arc(cr, 46.5, rowY + 22, 7, 0, 2 * .pi); fill(255, 255, 255)
            let label = changed && index == 1 ? "WLAN" : labels[index]
            text(label, 76, rowY + 28, size: 17)
            if index == 0 || index == 7 {
                // A switch; the second version turns Airplane Mode off.
                let on = !(changed && index == 0)
                roundedRect(310, rowY + 6.5, 51, 31, 15.5); on ? fill(52, 199, 89) : fill(233, 233, 234)
                cairo_arc(cr, on ? 345.5 : 325.5, rowY + 22, 13.5, 0, 2 * .pi); fill(255, 255, 255)
            } else {
                if index == 5 {
                    cairo_arc(cr, 330, rowY + 22, 11, 0, 2 * .pi); fill(255, 59, 48)
                    text(changed ? "4" : "3", 326, rowY + 28, size: 15, color: (255, 255, 255))
                }
                cairo_set_line_width(cr, 2)
                cairo_move_to(cr, 355, rowY + 16); cairo_line_to(cr, 361, rowY + 22); cairo_line_to(cr, 355, rowY + 28)
                cairo_set_source_rgb(cr, 196 / 255, 196 / 255, 199 / 255); cairo_stroke(cr)
            }
            if row < section.count - 1 {
                cairo_rectangle(cr, 76, rowY + 44 - 1 / scale, 301, 1 / scale); fill(198, 198, 200)
            }
        }
        y += Double(section.count) * 44 + 30
    }
    roundedRect(129, 838, 135, 5, 2.5); fill(0, 0, 0)
}

/// Renders one screen to straight RGBA (Cairo keeps premultiplied, native-endian ARGB).
func render(changed: Bool) -> [UInt8] {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
          let cr = cairo_create(surface) else { fail("cannot create a Cairo surface") }
    cairo_scale(cr, scale, scale)
    drawScreen(cr, changed: changed)
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    defer { cairo_surface_destroy(surface) }
    guard let data = cairo_image_surface_get_data(surface) else { fail("no surface data") }
    let stride = Int(cairo_image_surface_get_stride(surface))
    var rgba = [UInt8](repeating: 0, count: width * height * 4)
    for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride)
        for x in 0..<width {
            let argb = row.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self)
            let a = Int(argb >> 24), out = (y * width + x) * 4
            guard a > 0 else { continue }
            for (channel, shift) in [16, 8, 0].enumerated() {
                rgba[out + channel] = UInt8((Int(argb >> UInt32(shift) & 0xFF) * 255 + a / 2) / a)
            }
            rgba[out + 3] = UInt8(a)
        }
    }
    return rgba
}

func generate(into directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, changed) in [("a.png", false), ("b.png", true)] {
        let png = try PNGEncoder.encode(rgba: render(changed: changed), width: width, height: height)
        try Data(png).write(to: URL(fileURLWithPath: directory).appendingPathComponent(name))
    }
}

// MARK: - time

func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return [UInt8](data)
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

/// CPU time of all the process's threads: on a machine shared with other work it moves
/// much less than wall time does.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}

func time(_ pathA: String, _ pathB: String, runs: Int) throws {
    let clock = ContinuousClock()
    var compare: [Double] = [], compareCPU: [Double] = [], decode: [Double] = [], match: [Double] = []
    var count = 0
    for _ in 0..<runs {
        // What `shotter diff` does: read both files, then decode and match them.
        var start = clock.now
        let startCPU = processCPUMilliseconds()
        count = try ImageComparison.compare(pngA: read(pathA), pngB: read(pathB)).0.differingPixels
        compare.append(milliseconds(clock.now - start))
        compareCPU.append(processCPUMilliseconds() - startCPU)
        // The same work on whole decoded images, as `PNGDecoder.decode` and `pixelmatch` do it.
        start = clock.now
        let a = try PNGDecoder.decode(read(pathA)), b = try PNGDecoder.decode(read(pathB))
        let decoded = clock.now
        _ = pixelmatch(a, b)
        decode.append(milliseconds(decoded - start))
        match.append(milliseconds(clock.now - decoded))
    }
    let format = { (values: [Double]) in values.map { String(format: "%.2f", $0) }.joined(separator: " ") }
    print("ms compare \(format(compare))")
    print("ms compare-cpu \(format(compareCPU))")
    print("ms decode-both \(format(decode))")
    print("ms pixelmatch \(format(match))")
    let a = try PNGDecoder.decode(read(pathA)), b = try PNGDecoder.decode(read(pathB))
    print("count includeAA=false \(count)")
    print("count includeAA=true \(pixelmatch(a, b, options: DiffOptions(includeAA: true)))")
}

let arguments = CommandLine.arguments.dropFirst()
switch (arguments.first, arguments.count) {
case ("generate", 2): try generate(into: arguments[arguments.startIndex + 1])
case ("time", 3), ("time", 4):
    let runs = arguments.count == 4 ? Int(arguments[arguments.startIndex + 3]) ?? 0 : 15
    guard runs > 0 else { fail("RUNS must be a positive number") }
    try time(arguments[arguments.startIndex + 1], arguments[arguments.startIndex + 2], runs: runs)
default:
    fail("usage: bench-diff generate DIR | bench-diff time A.png B.png [RUNS]")
}
