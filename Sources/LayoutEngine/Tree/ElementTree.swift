import Drawing

/// The live element tree: ops applied in order, exactly as a renderer applies them.

public struct Element: Sendable {
    public let id: Int
    /// The kind name as the stream spells it (`text`, `vstack`, ...).
    public let kind: String
    public let family: any ElementFamily.Type
    public var props: any ElementProps
    public var children: [Int] = []
    public var parent: Int?
    /// The stream line of the op that last set its props (its create or latest update), so
    /// a failure while drawing it can name that line. 0 for the screen.
    public var line = 0
}

public struct ElementTree: Sendable {
    public static let rootID = 0
    public private(set) var elements: [Int: Element]
    /// Bitmap sources by key, from `imagedata` ops: kept for the rest of the run.
    public private(set) var bitmaps: [String: BitmapSource] = [:]
    public let diagnostics: Diagnostics

    public init(diagnostics: Diagnostics = Diagnostics()) {
        self.diagnostics = diagnostics
        elements = [Self.rootID: Element(id: Self.rootID, kind: "screen", family: ScreenFamily.self,
                                         props: ScreenProps(colorScheme: nil))]
    }

    public subscript(id: Int) -> Element? { elements[id] }
    public var root: Element { elements[Self.rootID]! }

    /// Applies one op. Ops that do not touch elements (commit, event, ...) are accepted as is.
    public mutating func apply(_ located: LocatedOp, file: String) throws(InputError) {
        let line = located.line
        func fail(_ message: String) -> InputError {
            InputError(file: file, line: line, op: located.op.name, message: message)
        }
        func decode(_ kind: String, _ family: any ElementFamily.Type, _ json: JSON) throws(InputError) -> any ElementProps {
            do { return try PropsDecoder.decode(kind: kind, family: family, json: json, diagnostics: diagnostics) } catch {
                throw fail(error.message)
            }
        }
        switch located.op {
        case .create(let id, let kindName, let json):
            if id == Self.rootID { throw fail("element 0 is the screen and cannot be created") }
            if elements[id] != nil { throw fail("element \(id) already exists") }
            if !ElementRegistry.isKnown(kindName) {
                diagnostics.warn("unknown element kind \(MessageText.quoted(kindName)): drawn as a placeholder")
            }
            let family = ElementRegistry.family(for: kindName)
            elements[id] = Element(id: id, kind: kindName, family: family, props: try decode(kindName, family, json), line: line)
        case .update(let id, let json):
            guard let element = elements[id] else { throw fail("unknown element \(id)") }
            elements[id]?.props = try decode(element.kind, element.family, json)
            elements[id]?.line = line
        case .insert(let parentID, let id, let index):
            guard elements[parentID] != nil else { throw fail("unknown parent \(parentID)") }
            guard elements[id] != nil else { throw fail("unknown element \(id)") }
            if id == Self.rootID { throw fail("element 0 is the screen and cannot be inserted") }
            var ancestor: Int? = parentID
            while let a = ancestor {
                if a == id {
                    throw fail(a == parentID ? "cannot insert element \(id) into itself"
                                             : "cannot insert element \(id) into its own descendant \(parentID)")
                }
                ancestor = elements[a]?.parent
            }
            detach(id)
            let count = elements[parentID]!.children.count
            guard index >= 0 && index <= count else {
                throw fail("index \(index) is out of range for parent \(parentID) with \(count) children")
            }
            elements[parentID]!.children.insert(id, at: index)
            elements[id]!.parent = parentID
        case .remove(let id):
            if id == Self.rootID { throw fail("element 0 is the screen and cannot be removed") }
            guard elements[id] != nil else { throw fail("unknown element \(id)") }
            detach(id)
            destroy(id)
        case .other("imagedata", let fields):
            let source = try ImageDataOp.decode(fields, fail: fail)
            bitmaps[source.key] = source
        case .commit, .event, .other:
            break
        }
    }

    private mutating func detach(_ id: Int) {
        guard let parent = elements[id]?.parent else { return }
        elements[parent]?.children.removeAll { $0 == id }
        elements[id]?.parent = nil
    }

    private mutating func destroy(_ id: Int) {
        var stack = [id]
        while let next = stack.popLast() {
            if let element = elements.removeValue(forKey: next) { stack.append(contentsOf: element.children) }
        }
    }

    /// The nearest ancestor of `id` (not `id` itself) whose kind is one of `kinds`.
    public func nearestAncestor(of id: Int, kindIn kinds: Set<String>) -> Element? {
        var current = elements[id]?.parent
        while let ancestor = current, let element = elements[ancestor] {
            if kinds.contains(element.kind) { return element }
            current = element.parent
        }
        return nil
    }

    /// Deepest nesting shotter lays out. Layout and painting recurse once per level; real
    /// SwiftUI trees (each modifier a level) stay in the low hundreds.
    public static let maxDepth = 2000

    /// The stack a thread that lays out and paints needs for a tree `maxDepth` deep, with room
    /// to spare: a chain of lists, the deepest frames, takes 24 MiB in a debug build (measured
    /// with `shotter render`). Every `shotter test` worker reserves it, so it stays small.
    public static let threadStackSize = 64 << 20

    /// How deeply the attached elements nest, the most on any one path from the screen.
    public struct Nesting: Equatable, Sendable {
        /// Levels below the screen (a child of the screen is 1).
        public var depth = 0
        /// Transparency groups open at once while painting (`Limits.maxNestedGroups`).
        public var groups = 0
    }

    /// The most nesting on any path below `id` (a child of `id` is 1 level down, and counts as
    /// a group when it opens one), and how many elements were looked at.
    public func nesting(below id: Int = rootID) -> (nesting: Nesting, visited: Int) {
        var deepest = Nesting()
        var visited = 0
        var stack = [(id, Nesting())]
        while let (node, path) = stack.popLast() {
            visited += 1
            deepest.depth = max(deepest.depth, path.depth)
            deepest.groups = max(deepest.groups, path.groups)
            for child in elements[node]?.children ?? [] {
                var next = path
                next.depth += 1
                if let element = elements[child], Self.opensGroup(element) { next.groups += 1 }
                stack.append((child, next))
            }
        }
        return (deepest, visited)
    }

    /// Whether painting `element` opens a transparency group (`opacity` below 1, `disabled`).
    static func opensGroup(_ element: Element) -> Bool {
        guard let style = element.props as? Style else { return false }
        return StyledFamily.opensGroup(style)
    }

    /// Ids of the subtree under `id` (itself first), depth first in child order: document order.
    public func documentOrder(from id: Int = rootID) -> [Int] {
        var out: [Int] = []
        var stack = [id]
        while let next = stack.popLast() {
            guard let element = elements[next] else { continue }
            out.append(next)
            stack.append(contentsOf: element.children.reversed())
        }
        return out
    }
}
