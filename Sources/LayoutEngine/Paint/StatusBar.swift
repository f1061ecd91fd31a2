import Foundation
import Drawing
import LayoutModel

/// The iOS numbers of the status bar and the home indicator, in points.
enum StatusBarMetrics {
    /// The Dynamic Island, centered at the top.
    static let islandSize = Size(width: 126, height: 37)
    static let islandTop = 11.0
    /// The clock: 17 pt beside the island (centered in its ear, 6 right of the middle), 12 pt
    /// on the classic and tablet bars (the tablet's 20 from the leading edge).
    static let islandClockSize = 17.0
    static let islandClockOffset = 6.0
    static let classicClockSize = 12.0
    static let tabletClockX = 20.0
    /// Signal, wi-fi and battery beside the island: centered this far left of the ear's middle.
    static let indicatorsOffset = 6.0
    /// The classic bar: signal and wi-fi from the leading edge, the battery from the trailing one.
    static let classicSignalX = 6.0
    static let classicWifiX = 30.0
    static let classicBatteryInset = 6.0
    /// The tablet bar: the battery this far from the trailing edge, wi-fi before it.
    static let tabletBatteryInset = 20.0
    /// Between the indicators.
    static let indicatorGap = 6.0
    /// Signal: four bars 3 wide, 4.6 apart, from 4 pt tall in steps of 2.4, bottoms 5.5 below the middle.
    static let signalWidth = 17.0
    static let signalBars = 4
    static let signalBarWidth = 3.0
    static let signalBarPitch = 4.6
    static let signalBarMinHeight = 4.0
    static let signalBarStep = 2.4
    static let signalBarRadius = 1.0
    static let indicatorBaseline = 5.5
    /// Wi-fi: a 16 x 12 fan of two arcs (radii 11.5 and 7.6, 2.6 thick) over a 3.6 pt wedge,
    /// spanning -135° to -45° in 7.5° steps.
    static let wifiSize = Size(width: 16, height: 12)
    static let wifiArcs = [(radius: 11.5, thickness: 2.6), (radius: 7.6, thickness: 2.6)]
    static let wifiDotRadius = 3.6
    static let wifiAngles = (from: -135.0, through: -45.0, by: 7.5)
    /// Battery: a 25 x 12 outline (1 wide, radius 3.8, at 35 %), the level inset 2 (radius
    /// 2.2), a 1.5 x 4 nub (radius 1) 1 after it (at 40 %); 27 wide with the nub.
    static let batterySize = Size(width: 25, height: 12)
    static let batteryWidth = 27.0
    static let batteryOutlineWidth = 1.0
    static let batteryRadius = 3.8
    static let batteryOutlineOpacity = 0.35
    static let batteryLevelInset = 2.0
    static let batteryLevelRadius = 2.2
    static let batteryNub = Size(width: 1.5, height: 4)
    static let batteryNubGap = 1.0
    static let batteryNubRadius = 1.0
    static let batteryNubOpacity = 0.4
    /// The home indicator: 134 x 5, its bottom 8 above the screen's.
    static let homeIndicatorSize = Size(width: 134, height: 5)
    static let homeIndicatorBottom = 8.0
}

/// The iOS status bar (9:41, Dynamic Island, signal, wi-fi, battery) and home indicator,
/// drawn in the label color of the scheme; the numbers are `StatusBarMetrics`.
enum StatusBar {
    typealias Metrics = StatusBarMetrics

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
            items += indicators(centerX: width - earWidth / 2 - Metrics.indicatorsOffset, midY: midY, color: color, palette: palette)
        case .classic:
            let midY = device.safeArea.top / 2
            items += clock
            items += signal(x: Metrics.classicSignalX, midY: midY, color: color) + wifi(x: Metrics.classicWifiX, midY: midY, color: color)
            items += battery(x: width - Metrics.classicBatteryInset - Metrics.batterySize.width, midY: midY, color: color)
        case .tablet:
            let midY = device.safeArea.top / 2
            items += clock
            let batteryX = width - Metrics.tabletBatteryInset - Metrics.batterySize.width
            items += wifi(x: batteryX - Metrics.indicatorGap - Metrics.wifiSize.width, midY: midY, color: color)
            items += battery(x: batteryX, midY: midY, color: color)
        }
        if device.hasHomeIndicator {
            let size = Metrics.homeIndicatorSize
            let bar = Rect(x: (width - size.width) / 2, y: device.size.height - Metrics.homeIndicatorBottom - size.height,
                           width: size.width, height: size.height)
            items.append(.fill(.capsule, bar, .solid(color)))
        }
        return items
    }

    /// The Dynamic Island, centered at the top; the clock and indicators sit in its "ears".
    static func island(screenWidth: Double) -> Rect {
        let size = Metrics.islandSize
        return Rect(x: (screenWidth - size.width) / 2, y: Metrics.islandTop, width: size.width, height: size.height)
    }

    /// The clock's semibold font at `size`.
    static func font(_ size: Double) -> ResolvedFont {
        ResolvedFont(size: size, lineHeight: DynamicTypeTable.lineHeight(forPointSize: size), weight: .semibold)
    }

    /// Signal, wi-fi and battery, 6 pt apart, centered on `centerX`.
    private static func indicators(centerX: Double, midY: Double, color: RGBA, palette: Palette) -> [DisplayItem] {
        let gap = Metrics.indicatorGap
        let total = Metrics.signalWidth + gap + Metrics.wifiSize.width + gap + Metrics.batteryWidth
        let x = centerX - total / 2
        let wifiX = x + (Metrics.signalWidth + gap)
        return signal(x: x, midY: midY, color: color) + wifi(x: wifiX, midY: midY, color: color)
            + battery(x: wifiX + (Metrics.wifiSize.width + gap), midY: midY, color: color)
    }

    /// Four bars, 3 pt wide, 1.5 pt apart, 4 to 11 pt tall.
    private static func signal(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        (0..<Metrics.signalBars).map { i in
            let h = Metrics.signalBarMinHeight + Double(i) * Metrics.signalBarStep
            return .fill(.roundedRect(cornerRadius: Metrics.signalBarRadius),
                         Rect(x: x + Double(i) * Metrics.signalBarPitch, y: midY + Metrics.indicatorBaseline - h, width: Metrics.signalBarWidth, height: h),
                         .solid(color))
        }
    }

    /// Three arcs as wedges: a 16 x 11.5 pt fan.
    private static func wifi(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        let size = Metrics.wifiSize
        let box = Rect(x: x, y: midY - size.height / 2, width: size.width, height: size.height)
        let center = Point(x: x + size.width / 2, y: midY + Metrics.indicatorBaseline)
        var items: [DisplayItem] = []
        for (radius, thickness) in Metrics.wifiArcs {
            items.append(.stroke(.polygon(arc(center: center, radius: radius - thickness / 2), closed: false),
                                 box, .solid(color), lineWidth: thickness, dash: []))
        }
        let dot = [center] + arc(center: center, radius: Metrics.wifiDotRadius)
        items.append(.fill(.polygon(dot, closed: true), box, .solid(color)))
        return items
    }

    private static func arc(center: Point, radius: Double) -> [Point] {
        let angles = Metrics.wifiAngles
        return stride(from: angles.from, through: angles.through, by: angles.by).map { deg in
            let a = deg * .pi / 180
            return Point(x: center.x + radius * cos(a), y: center.y + radius * sin(a))
        }
    }

    /// A 25 x 12 rounded outline at 35 % opacity, the charge level filled, a nub on the right.
    private static func battery(x: Double, midY: Double, color: RGBA) -> [DisplayItem] {
        let size = Metrics.batterySize, nub = Metrics.batteryNub, inset = Metrics.batteryLevelInset
        let outline = Metrics.batteryOutlineWidth
        let body = Rect(x: x, y: midY - size.height / 2, width: size.width, height: size.height)
        return [
            .stroke(.roundedRect(cornerRadius: Metrics.batteryRadius), body.insetBy(dx: outline / 2, dy: outline / 2),
                    .solid(color.withAlpha(Metrics.batteryOutlineOpacity)), lineWidth: outline, dash: []),
            .fill(.roundedRect(cornerRadius: Metrics.batteryLevelRadius), body.insetBy(dx: inset, dy: inset), .solid(color)),
            .fill(.roundedRect(cornerRadius: Metrics.batteryNubRadius), Rect(x: body.maxX + Metrics.batteryNubGap, y: midY - nub.height / 2, width: nub.width, height: nub.height),
                  .solid(color.withAlpha(Metrics.batteryNubOpacity))),
        ]
    }
}
