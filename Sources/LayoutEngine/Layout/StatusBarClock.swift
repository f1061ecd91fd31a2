import LayoutModel

extension StatusBar {
    /// The clock ("9:41", "9:41 AM" or the tablet's "9:41  Mon Jun 10"), laid out with the
    /// rest of the screen; nil for a device without a status bar.
    static func layOutTime(for device: Device, _ measurer: TextMeasuring) -> PlacedText? {
        let width = device.size.width
        func centered(_ text: String, size: Double, centerX: Double, midY: Double) -> PlacedText {
            let f = font(size)
            return PlacedText(measurer.layout(text, font: f, width: nil, lineLimit: 1), font: f, x: centerX, width: 0,
                              top: midY - f.lineHeight / 2, alignment: 0.5)
        }
        switch device.statusBar {
        case .none:
            return nil
        case .dynamicIsland:
            let island = island(screenWidth: width)
            return centered("9:41", size: Metrics.islandClockSize, centerX: island.minX / 2 + Metrics.islandClockOffset, midY: island.midY)
        case .classic:
            return centered("9:41 AM", size: Metrics.classicClockSize, centerX: width / 2, midY: device.safeArea.top / 2)
        case .tablet:
            let f = font(Metrics.classicClockSize)
            return PlacedText(measurer.layout("9:41  Mon Jun 10", font: f, width: nil, lineLimit: 1), font: f, x: Metrics.tabletClockX, width: 0,
                              top: device.safeArea.top / 2 - f.lineHeight / 2)
        }
    }
}
