import LayoutEngine
import LayoutModel

/// One element VoiceOver stops on: its frame and what it reads.
public struct ReadingItem: Sendable, Hashable {
    public var element: Int
    public var label: String
    public var frame: Rect

    public init(element: Int, label: String, frame: Rect) {
        self.element = element; self.label = label; self.frame = frame
    }
}

extension Audit {
    /// The elements VoiceOver stops on, in reading order: controls (read by their accessible
    /// name, else the image they show, else their kind) and the texts and labels outside
    /// controls; top to bottom, and leading to trailing among those that share a line (their
    /// vertical extents overlap). An approximation of UIKit's order for screens without
    /// `accessibilitySortPriority`, which the protocol does not carry.
    public static func readingOrder(tree: ElementTree, facts: StreamFacts, sample: ScreenSample) -> [ReadingItem] {
        let screen = ScreenTree(tree: tree, facts: facts)
        func inControl(_ id: Int) -> Bool { screen.hasAncestor(of: id, kindIn: ScreenTree.interactiveKinds) }
        var items: [ReadingItem] = []
        for id in sample.layout.frames.keys.sorted() {
            guard let element = tree[id], ScreenTree.interactiveKinds.contains(element.kind), !inControl(id), !screen.isHidden(id),
                  let frame = sample.layout.frames[id], frame.width > 0, frame.height > 0 else { continue }
            items.append(ReadingItem(element: id, label: screen.accessibleName(id) ?? screen.imageBelow(id) ?? element.kind, frame: frame))
        }
        for box in sample.textBoxes(screen) where !ScreenTree.interactiveKinds.contains(tree[box.element]?.kind ?? "") && !inControl(box.element) {
            let rects = box.lineRects
            items.append(ReadingItem(element: box.element, label: box.string, frame: rects.dropFirst().reduce(rects[0]) { $0.union($1) }))
        }
        let byTop = items.sorted { ($0.frame.minY, $0.frame.minX, $0.element) < ($1.frame.minY, $1.frame.minX, $1.element) }
        var ordered: [ReadingItem] = []
        var line: [ReadingItem] = []
        var lineBottom = -Double.infinity
        for item in byTop {
            if item.frame.minY >= lineBottom {
                ordered += line.sorted { ($0.frame.minX, $0.element) < ($1.frame.minX, $1.element) }
                line = []
            }
            line.append(item)
            lineBottom = line.count == 1 ? item.frame.maxY : max(lineBottom, item.frame.maxY)
        }
        return ordered + line.sorted { ($0.frame.minX, $0.element) < ($1.frame.minX, $1.element) }
    }
}
