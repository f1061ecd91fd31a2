import Drawing
import LayoutEngine
import LayoutModel

/// What `shotter render` and `shotter sheet` draw for documentation instead of a whole
/// screen: one element cropped with a margin, the app without the screen's background and
/// bars, or the screen in a device outline. Everything is composed as a display list, so
/// PNG and SVG show the same thing.
public struct DocumentationOptions: Hashable, Sendable {
    /// The element whose frame (and chrome) is cut out, with `margin` points around it.
    public var crop: CropTarget?
    public var margin: Double = 0
    /// Leave out the screen's background, the status bar and the home indicator.
    public var transparent = false
    /// Draw the screen inside a device outline (`DeviceFrame`).
    public var frame = false

    public init(crop: CropTarget? = nil, margin: Double = 0, transparent: Bool = false, frame: Bool = false) {
        self.crop = crop; self.margin = margin; self.transparent = transparent; self.frame = frame
    }
}

/// What `--crop` names: an element id, or `@identifier`, the `styled` element whose
/// `accessibilityIdentifier` it is (as event scripts' `@save` selector names it).
public enum CropTarget: Hashable, Sendable, CustomStringConvertible {
    case element(Int)
    case identifier(String)

    public var description: String {
        switch self {
        case .element(let id): String(id)
        case .identifier(let name): "@" + name
        }
    }
}

extension Screenshotter {
    /// The scene's frame as `options` ask: its display list cropped, without the screen, or
    /// framed (the layout and its report are the whole screen's). A crop of an element not on
    /// screen, or of an identifier that no element or several elements on screen have, is an
    /// input error naming the commit.
    public func frame(_ scene: Scene, documentation options: DocumentationOptions) throws(InputError) -> Frame {
        var frame = self.frame(scene, screen: !options.transparent)
        if let target = options.crop {
            let id = try Self.element(target, in: frame.layout, of: scene)
            guard let rect = Self.cropRect(of: id, in: frame.layout, margin: options.margin) else {
                throw InputError(file: scene.file, line: 0,
                                 message: "commit \(scene.commit.number): --crop \(id): element \(id) is not on screen at this commit")
            }
            frame.displayList = frame.displayList.cropped(to: rect)
        }
        if options.frame { frame.displayList = DeviceFrame(scene.environment.device).framed(frame.displayList) }
        return frame
    }

    /// The element `target` names in this layout: an id as given; an identifier when exactly
    /// one placed element has it.
    static func element(_ target: CropTarget, in layout: LayoutResult, of scene: Scene) throws(InputError) -> Int {
        switch target {
        case .element(let id):
            return id
        case .identifier(let name):
            let matches = layout.elements(identifiedBy: name)
            func fail(_ message: String) -> InputError {
                InputError(file: scene.file, line: 0, message: "commit \(scene.commit.number): --crop \(target): \(message)")
            }
            switch matches.count {
            case 1: return matches[0]
            case 0: throw fail("no element on screen has accessibilityIdentifier \(MessageText.quoted(name)) at this commit")
            default:
                let named = matches.map { "\(scene.tree[$0]?.kind ?? "element") \($0)" }.joined(separator: ", ")
                throw fail("\(matches.count) elements on screen have accessibilityIdentifier \(MessageText.quoted(name)) (\(named)): "
                           + "crop one by its id")
            }
        }
    }

    /// The element's frame joined with its chrome (a bar's background, a control's track),
    /// `margin` points bigger on every side, out to whole points. Nil when it has no frame.
    public static func cropRect(of id: Int, in layout: LayoutResult, margin: Double) -> Rect? {
        guard let frame = layout.frames[id] else { return nil }
        var (minX, minY, maxX, maxY) = (frame.x, frame.y, frame.maxX, frame.maxY)
        for rect in (layout.chrome[id] ?? [:]).values {
            minX = min(minX, rect.x); minY = min(minY, rect.y); maxX = max(maxX, rect.maxX); maxY = max(maxY, rect.maxY)
        }
        let x = (minX - margin).rounded(.down), y = (minY - margin).rounded(.down)
        let width = max(1, (maxX + margin).rounded(.up) - x), height = max(1, (maxY + margin).rounded(.up) - y)
        return Rect(x: x, y: y, width: width, height: height)
    }
}

/// A device outline drawn by shotter (no artwork from elsewhere): a dark body with a thin
/// edge, the screen clipped to the device's corner radius, and the Dynamic Island, or the
/// home button of an iPhone SE. Numbers in points, read off Apple's device dimensions and
/// rounded (docs/decisions.md).
public struct DeviceFrame: Sendable {
    public var screen: Size
    /// Body around the screen on each side.
    public var bezel: EdgeInsets
    public var screenCornerRadius: Double
    public var bodyCornerRadius: Double
    /// The island's size and its distance below the screen's top edge.
    public var island: (size: Size, top: Double)?
    public var homeButtonDiameter: Double?

    public static let bodyColor = RGBA(hex: 0x1C1C1E)
    public static let edgeColor = RGBA(hex: 0x545458)

    public init(_ device: Device) {
        screen = device.size
        switch device.statusBar {
        case .dynamicIsland:
            let corner = device.name == "iphone16pro" ? 62.0 : 55.0
            bezel = EdgeInsets(top: 14, leading: 14, bottom: 14, trailing: 14)
            screenCornerRadius = corner
            bodyCornerRadius = corner + 14
            island = (Size(width: 125, height: 37), 11)
        case .classic:
            bezel = EdgeInsets(top: 96, leading: 22, bottom: 96, trailing: 22)
            screenCornerRadius = 0
            bodyCornerRadius = 58
            homeButtonDiameter = 56
        case .tablet:
            bezel = EdgeInsets(top: 26, leading: 26, bottom: 26, trailing: 26)
            screenCornerRadius = 18
            bodyCornerRadius = 18 + 26
        case .none:
            bezel = EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16)
            screenCornerRadius = 0
            bodyCornerRadius = 16
        }
    }

    public var size: Size {
        Size(width: screen.width + bezel.leading + bezel.trailing, height: screen.height + bezel.top + bezel.bottom)
    }

    /// `screen` (a list of the screen's size) inside the outline.
    public func framed(_ screen: DisplayList) -> DisplayList {
        var list = DisplayList(size: size)
        let body = Rect(origin: .zero, size: size)
        list.items.append(.fill(.roundedRect(cornerRadius: bodyCornerRadius), body, .solid(Self.bodyColor)))
        list.items.append(.stroke(.roundedRect(cornerRadius: bodyCornerRadius - 1), body.insetBy(dx: 1, dy: 1),
                                  .solid(Self.edgeColor), lineWidth: 2, dash: []))
        let origin = Point(x: bezel.leading, y: bezel.top)
        list.append(screen, at: origin, clip: screenCornerRadius > 0 ? .roundedRect(cornerRadius: screenCornerRadius) : .rect)
        if let (islandSize, top) = island {
            let rect = Rect(x: origin.x + (self.screen.width - islandSize.width) / 2, y: origin.y + top,
                            width: islandSize.width, height: islandSize.height)
            list.items.append(.fill(.capsule, rect, .solid(RGBA(hex: 0x000000))))
            list.lines.append(0)
        }
        if let diameter = homeButtonDiameter {
            let rect = Rect(x: (size.width - diameter) / 2, y: origin.y + self.screen.height + (bezel.bottom - diameter) / 2,
                            width: diameter, height: diameter)
            list.items.append(.stroke(.ellipse, rect, .solid(Self.edgeColor), lineWidth: 2, dash: []))
            list.lines.append(0)
        }
        return list
    }
}

/// `shotter sheet`: variants side by side in one image, each captioned, for READMEs and pull
/// requests. Rows and columns as given; every cell is as large as the largest image, images
/// centered in their cell, captions centered below.
public enum ContactSheet {
    public struct Cell: Sendable {
        public var list: DisplayList
        public var caption: String
        public init(list: DisplayList, caption: String) { self.list = list; self.caption = caption }
    }

    public static let padding = 24.0
    public static let captionGap = 8.0
    public static let captionFont = ResolvedFont(size: 13, lineHeight: 18, weight: .semibold)
    public static let captionColor = RGBA(hex: 0x6E6E73)

    /// One list holding every cell; `background` nil leaves it transparent.
    public static func compose(_ rows: [[Cell]], measurer: any TextMeasuring, background: RGBA?) -> DisplayList {
        let cells = rows.flatMap { $0 }
        let cellWidth = cells.map(\.list.size.width).max() ?? 0
        let imageHeight = cells.map(\.list.size.height).max() ?? 0
        let cellHeight = imageHeight + captionGap + captionFont.lineHeight
        let columns = rows.map(\.count).max() ?? 0
        var sheet = DisplayList(size: Size(width: padding + Double(columns) * (cellWidth + padding),
                                           height: padding + Double(rows.count) * (cellHeight + padding)))
        if let background {
            sheet.items.append(.fill(.rect, Rect(origin: .zero, size: sheet.size), .solid(background)))
            sheet.lines.append(0)
        }
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() {
                let x = padding + Double(c) * (cellWidth + padding), y = padding + Double(r) * (cellHeight + padding)
                sheet.append(cell.list, at: Point(x: x + ((cellWidth - cell.list.size.width) / 2).rounded(.down),
                                                  y: y + ((imageHeight - cell.list.size.height) / 2).rounded(.down)))
                let line = measurer.layout(cell.caption, font: captionFont, width: cellWidth, lineLimit: 1).lines.first
                    ?? TextLine(text: "", width: 0)
                let origin = Point(x: x + ((cellWidth - line.width) / 2).rounded(), y: y + imageHeight + captionGap)
                sheet.items.append(.text(TextRun(text: line.text, font: captionFont, color: captionColor, origin: origin, width: line.width)))
                sheet.lines.append(0)
            }
        }
        return sheet
    }
}
