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
                diagnostics.warn("unknown element kind \"\(kindName)\": drawn as a placeholder")
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

    /// Levels below the screen of the deepest attached element (a child of the screen is 1).
    public func depth() -> Int {
        var deepest = 0
        var stack = [(Self.rootID, 0)]
        while let (id, level) = stack.popLast() {
            deepest = max(deepest, level)
            for child in elements[id]?.children ?? [] { stack.append((child, level + 1)) }
        }
        return deepest
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
