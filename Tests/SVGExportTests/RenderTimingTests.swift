import Foundation
import ImageDiff
import LayoutEngine
import SVGExport
import Drawing
import LayoutModel
import Testing

/// A screen-like list of about 200 items: a grouped list of rows with text, icons, separators
/// and chevrons, a clipped card with a gradient, a translucent tab bar.
func busyScreen() -> DisplayList {
    let width = 393.0, height = 852.0
    let body = ResolvedFont(size: 17, lineHeight: 22)
    let caption = ResolvedFont(size: 12, lineHeight: 16)
    var items: [DisplayItem] = [.fill(.rect, rect(0, 0, width, height), .solid(RGBA(hex: 0xF2F2F7)))]
    let stops = [GradientStop(color: RGBA(hex: 0x5856D6), location: 0), GradientStop(color: RGBA(hex: 0xFF2D55), location: 1)]
    items += [
        .pushClip(.roundedRect(cornerRadius: 16), rect(16, 60, 361, 160)),
        .fill(.rect, rect(16, 60, 361, 160), .linearGradient(stops: stops, start: Point(x: 16, y: 60), end: Point(x: 377, y: 220))),
        .fill(.ellipse, rect(250, 90, 160, 160), .radialGradient(stops: stops.reversed(), center: Point(x: 330, y: 170), startRadius: 0, endRadius: 80)),
        .text(TextRun(text: "Today's Specials", font: body, color: .white, origin: Point(x: 32, y: 76), width: 140)),
        .popClip,
    ]
    for row in 0..<28 {
        let y = 240 + Double(row) * 20.5
        items += [
            .fill(.rect, rect(16, y, 361, 20.5), .solid(.white)),
            .symbol(name: ["house", "heart", "star", "bell", "calendar", "settings", "user"][row % 7],
                    rect: rect(24, y + 2, 16, 16), color: RGBA(hex: 0x007AFF), strokeWidth: 2),
            .text(TextRun(text: "Row number \(row) with a title", font: caption, color: .black,
                          origin: Point(x: 48, y: y + 2), width: 180)),
            .text(TextRun(text: "\(row * 7) items", font: caption, color: RGBA(hex: 0x8E8E93),
                          origin: Point(x: 300, y: y + 2), width: 50)),
            .stroke(.polygon([Point(x: 360, y: y + 6), Point(x: 365, y: y + 10), Point(x: 360, y: y + 14)], closed: false),
                    .zero, .solid(RGBA(hex: 0xC7C7CC)), lineWidth: 1.5, dash: []),
            .fill(.rect, rect(48, y + 20, 329, 0.5), .solid(RGBA(hex: 0xC6C6C8))),
        ]
    }
    items += [
        .pushGroup(opacity: 0.94),
        .fill(.rect, rect(0, 769, width, 83), .solid(RGBA(hex: 0xF9F9F9))),
        .fill(.rect, rect(0, 769, width, 0.33), .solid(RGBA(0, 0, 0, 0.3))),
        .popGroup,
    ]
    for tab in 0..<5 {
        let x = 20 + Double(tab) * 75
        items += [
            .symbol(name: ["house", "search", "shopping-cart", "user", "settings"][tab],
                    rect: rect(x + 12, 776, 28, 28), color: tab == 0 ? RGBA(hex: 0x007AFF) : RGBA(hex: 0x999999), strokeWidth: 2),
            .text(TextRun(text: ["Home", "Search", "Cart", "Profile", "Settings"][tab], font: ResolvedFont(size: 10, lineHeight: 12),
                          color: RGBA(hex: 0x999999), origin: Point(x: x + 8, y: 806), width: 40)),
        ]
    }
    items.append(.stroke(.capsule, rect(130, 838, 134, 5), .solid(.black), lineWidth: 1, dash: [4, 2]))
    return DisplayList(size: Size(width: width, height: height), items: items)
}

/// Timings for the report: `SHOTTER_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter RenderTiming`.
@Test(.enabled(if: ProcessInfo.processInfo.environment["SHOTTER_BENCH"] != nil, "set SHOTTER_BENCH=1 to time rendering"))
func renderTiming() throws {
    let list = busyScreen()
    let text = SimplePangoText(showGlyphs: true)
    func time<T>(_ body: () throws -> T) rethrows -> (T, Double) {
        let start = Date()
        let value = try body()
        return (value, Date().timeIntervalSince(start) * 1000)
    }
    _ = try renderPNG(list, scale: 3, text: text) // warm caches: fonts, icons
    var paint: [Double] = [], convertOnly: [Double] = [], encode: [Double] = [], svg: [Double] = []
    for _ in 0..<5 {
        let (image, p) = try time { try renderImage(list, scale: 3, text: text) }
        let (_, c) = try time { try renderImage(DisplayList(size: list.size), scale: 3, text: text) }
        let (png, e) = try time { try PNGEncoder.encode(rgba: image.rgba, width: image.width, height: image.height) }
        let (_, s) = try time { try renderSVG(list, text: text) }
        paint.append(p); convertOnly.append(c); encode.append(e); svg.append(s)
        #expect(image.width == 1179 && image.height == 2556 && png.count > 0)
    }
    func median(_ v: [Double]) -> String { String(format: "%.1f ms", v.sorted()[v.count / 2]) }
    print("items \(list.items.count): paint+convert \(median(paint)) (of which surface+convert alone \(median(convertOnly))), "
          + "PNG encode \(median(encode)), SVG \(median(svg))")
}
