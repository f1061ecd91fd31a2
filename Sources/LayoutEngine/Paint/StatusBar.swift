import Foundation
import Drawing
import LayoutModel

/// The iOS status bar (9:41, Dynamic Island, signal, wi-fi, battery) and home indicator,
/// drawn in the label color of the scheme.
enum StatusBar {
    /// Everything but the clock's lines comes from the device; the clock was laid out with the screen.
    static func items(for device: Device, palette: Palette, time: PlacedText?) -> [DisplayItem] {
        let color = palette.label
        let clock: [DisplayItem] = time.map { time in
            time.lines.map { .text(TextRun(text: $0.text, font: time.font, color: color, origin: $0.origin, width: $0.width)) }
        } ?? []
        var items: [DisplayItem] = []
        let width = device.size.width
        switch device.statusBar {
        case .none:
            return []
        case .dynamicIsland:
            // Everything is centered on the island's midline; time and indicators sit in the "ears".
            let island = island(screenWidth: width)
            items.append(.fill(.capsule, island, .solid(palette.backdrop)))
            let midY = island.midY
            let earWidth = island.minX
            items += clock
            items += indicators(centerX: width - earWidth / 2 - 6, midY: midY, color: color, palette: palette)
        case .classic:
            let midY = device.safeArea.top / 2
            items += clock
            items += signal(x: 6, midY: midY, color: color) + wifi(x: 30, midY: midY, color: color)
            items += battery(x: width - 6 - 25, midY: midY, color: color)
        case .tablet:
            let midY = device.safeArea.top / 2
            items += clock
            items += wifi(x: width - 20 - 25 - 6 - 16, midY: midY, color: color)
            items += battery(x: width - 20 - 25, midY: midY, color: color)
        }
        if device.hasHomeIndicator {
            let bar = Rect(x: (width - 134) / 2, y: device.size.height - 8 - 5, width: 134, height: 5)
            items.append(.fill(.capsule, bar, .solid(color)))
        }
        return items
    }

    /// The Dynamic Island, centered at the top; the clock and indicators sit in its "ears".
    static func island(screenWidth: Double) -> Rect { Rect(x: (screenWidth - 126) / 2, y: 11, width: 126, height: 37) }

    /// The clock's semibold font at `size`.
    static func font(_ size: Double) -> ResolvedFont {
        ResolvedFont(size: size, lineHeight: DynamicTypeTable.lineHeight(forPointSize: size), weight: .semibold)
    }

    /// Signal, wi-fi and battery, 6 pt apart, centered on `centerX`.
    private static func indicators(centerX: Double, midY: Double, color: RGBA, palette: Palette) -> [DisplayItem] {
        let total = 17.0 + 6 + 16 + 6 + 27
        let x = centerX - total / 2
        return signal(x: x, midY: midY, color: color) + wifi(x: x + 23, midY: midY, color: color)
            + battery(x: x + 23 + 22, midY: midY, color: color)
    }

    /// Four bars, 3 pt wide, 1.5 pt apart, 4 to 11 pt tall.
    private static func signal(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        (0..<4).map { i in
            let h = 4 + Double(i) * 2.4
            return .fill(.roundedRect(cornerRadius: 1), Rect(x: x + Double(i) * 4.6, y: midY + 5.5 - h, width: 3, height: h),
                         .solid(color))
        }
    }

    /// Three arcs as wedges: a 16 x 11.5 pt fan.
    private static func wifi(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        let center = Point(x: x + 8, y: midY + 5.5)
        var items: [DisplayItem] = []
        for (radius, thickness) in [(11.5, 2.6), (7.6, 2.6)] {
            items.append(.stroke(.polygon(arc(center: center, radius: radius - thickness / 2), closed: false),
                                 Rect(x: x, y: midY - 6, width: 16, height: 12), .solid(color),
                                 lineWidth: thickness, dash: []))
        }
        let dot = [center] + arc(center: center, radius: 3.6)
        items.append(.fill(.polygon(dot, closed: true), Rect(x: x, y: midY - 6, width: 16, height: 12), .solid(color)))
        return items
    }

    private static func arc(center: Point, radius: Double) -> [Point] {
        stride(from: -135.0, through: -45.0, by: 7.5).map { deg in
            let a = deg * .pi / 180
            return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
    }

    /// A 25 x 12 rounded outline at 35 % opacity, the charge level filled, a nub on the right.
    private static func battery(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        let body = Rect(x: x, y: midY - 6, width: 25, height: 12)
        return [
            .stroke(.roundedRect(cornerRadius: 3.8), body.insetBy(dx: 0.5, dy: 0.5), .solid(color.withAlpha(0.35)),
                    lineWidth: 1, dash: []),
            .fill(.roundedRect(cornerRadius: 2.2), body.insetBy(dx: 2, dy: 2), .solid(color)),
            .fill(.roundedRect(cornerRadius: 1), Rect(x: body.maxX + 1, y: midY - 2, width: 1.5, height: 4),
                  .solid(color.withAlpha(0.4))),
        ]
    }
}
