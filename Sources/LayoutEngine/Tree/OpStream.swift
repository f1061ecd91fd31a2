/// A whole op stream: read once, validated by applying every op, then replayed to render
/// the commits asked for. Replaying instead of keeping a tree per commit keeps memory flat
/// however many commits a stream has.
public struct OpStream: Sendable {
    /// The name errors use: the path as given, or `<stdin>`.
    public let file: String
    public let ops: [LocatedOp]

    public init(file: String, bytes: [UInt8]) throws(InputError) {
        self.file = file
        self.ops = try OpStreamReader.read(bytes, file: file)
    }

    /// Whether an element the stream creates is of a kind that may draw a symbol or a picture
    /// (`ElementFamily.mayDrawPictures`): without one, rendering needs no picture libraries.
    public var mayDrawPictures: Bool {
        ops.contains { located in
            guard case .create(_, let kind, _) = located.op else { return false }
            return ElementRegistry.family(for: kind).mayDrawPictures
        }
    }

    /// Whether `bytes` hold a `"kind":"NAME"` field, as a headless run prints create ops, that
    /// names a kind that may draw a symbol or a picture: a look at a stream before it is read,
    /// to start loading the picture libraries sooner. A stream that spells its fields another
    /// way (spaces, escapes) is found out once read (`mayDrawPictures`).
    public static func namesKindThatMayDrawPictures(_ bytes: [UInt8]) -> Bool {
        let field = Array(#""kind":""#.utf8)
        var i = 0
        while i + field.count < bytes.count {
            guard bytes[i] == field[0], bytes[i..<i + field.count].elementsEqual(field) else { i += 1; continue }
            let start = i + field.count
            // Kind names are short: a longer one is left to the ops.
            guard let end = bytes[start...].prefix(64).firstIndex(of: UInt8(ascii: "\"")) else { i = start; continue }
            if ElementRegistry.family(for: String(decoding: bytes[start..<end], as: UTF8.self)).mayDrawPictures { return true }
            i = end + 1
        }
        return false
    }

    /// One `commit` op: numbered from 1 in stream order, labelled by the event before it.
    public struct Commit: Hashable, Sendable {
        public var number: Int
        public var line: Int
        /// `tap-Add` for a tap on the button showing "Add"; nil before the first event.
        public var label: String?
    }

    /// Applies every op, so that any error is found before anything is written.
    /// Returns the commits and the warnings the stream produced.
    public func validate() throws(InputError) -> (commits: [Commit], warnings: [String]) {
        let (commits, warnings, _) = try validateKeepingLastTree()
        return (commits, warnings)
    }

    /// `validate`, also returning the tree at the last commit, so a caller that wants only
    /// that commit need not apply the ops a second time.
    public func validateKeepingLastTree() throws(InputError) -> (commits: [Commit], warnings: [String], last: ElementTree?) {
        var commits: [Commit] = []
        var last: ElementTree?
        let diagnostics = Diagnostics()
        do {
            try replay(diagnostics: diagnostics) { commit, tree in
                commits.append(commit)
                last = tree
            }
        } catch let error as InputError {
            throw error
        } catch {
            preconditionFailure("a body that cannot throw threw \(error)")
        }
        return (commits, diagnostics.warnings, last)
    }

    /// Applies the ops in order and calls `body` at every commit with the tree as it is then.
    /// Throws the ops' `InputError`s and whatever `body` throws.
    public func replay(diagnostics: Diagnostics = Diagnostics(),
                       _ body: (Commit, ElementTree) throws -> Void) throws {
        var firstTexts = FirstTextIndex()
        var nesting = NestingWatch()
        try replay(diagnostics: diagnostics, firstTexts: &firstTexts, nesting: &nesting, body)
    }

    /// `replay` with the index that names events' targets and the nesting check passed in,
    /// for tests to count the elements they look at.
    func replay(diagnostics: Diagnostics, firstTexts: inout FirstTextIndex, nesting: inout NestingWatch,
                _ body: (Commit, ElementTree) throws -> Void) throws {
        var tree = ElementTree(diagnostics: diagnostics)
        var label: String? = nil
        var number = 0
        for located in ops {
            firstTexts.forget(changesOf: located.op, in: tree)
            try tree.apply(located, file: file)
            switch located.op {
            case .insert(_, let id, _):
                nesting.changed(id, in: tree)
            case .update(let id, _) where tree[id].map(ElementTree.opensGroup) == true:
                nesting.changed(id, in: tree)
            case .commit:
                if let past = nesting.nestingIfPastALimit(tree) {
                    if past.depth > ElementTree.maxDepth {
                        throw InputError(file: file, line: located.line, op: "commit",
                                         message: "elements are nested \(past.depth) levels deep; shotter lays out at most \(ElementTree.maxDepth)")
                    }
                    throw InputError(file: file, line: located.line, op: "commit",
                                     message: "\(past.groups) opacity groups are nested; shotter draws at most \(Limits.maxNestedGroups)")
                }
                number += 1
                try body(Commit(number: number, line: located.line, label: label), tree)
            case .event(let type, let fields):
                label = Self.label(type: type, fields: fields, tree: tree, firstTexts: &firstTexts)
            default:
                break
            }
        }
    }

    /// A file-name-safe label: the event type and what it targeted or carried.
    static func label(type: String, fields: JSON, tree: ElementTree, firstTexts: inout FirstTextIndex) -> String {
        var parts = [type]
        if case .number(let n)? = fields["id"], let id = Int(exactly: n) {
            // A tab selection is named by the tab it selects.
            if type == "select", let tabs = tree[id], tabs.kind == "tabview", case .number(let v)? = fields["value"],
               let index = Int(exactly: v), tabs.children.indices.contains(index),
               let title = (tree[tabs.children[index]]?.props as? TabProps)?.title, !title.isEmpty {
                return sanitize("select-" + title)
            }
            let name = firstTexts.firstText(under: id, in: tree).map(sanitize) ?? ""
            parts.append(name.isEmpty ? "\(id)" : name)
        }
        for key in ["value", "colorScheme", "dynamicTypeSize"] {
            switch fields[key] {
            case .string(let s)?: parts.append(s)
            case .number(let n)?: parts.append(fmtLabelNumber(n))
            case .bool(let b)?: parts.append(b ? "on" : "off")
            default: break
            }
        }
        return sanitize(parts.joined(separator: "-"))
    }

    private static func fmtLabelNumber(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }

    /// A label's longest UTF-8 form: with the commit number, device, size, scheme and the
    /// longest extension (`.expected.png`), a file name stays under 255 bytes.
    static let maxLabelBytes = 120

    /// Letters and digits kept, every other run of characters becomes one "-", at most 40
    /// characters and `maxLabelBytes` bytes (a Tibetan stack is one character of many bytes),
    /// cut between scalars so that the name stays valid UTF-8.
    static func sanitize(_ s: String) -> String {
        var out = ""
        var bytes = 0
        var lastDash = true
        for scalar in s.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                guard bytes + scalar.utf8.count <= maxLabelBytes else { break }
                out.unicodeScalars.append(scalar)
                bytes += scalar.utf8.count
                lastDash = false
            } else if !lastDash {
                guard bytes < maxLabelBytes else { break }
                out.append("-")
                bytes += 1
                lastDash = true
            }
            if out.count >= 40 { break }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}

extension ElementTree {
    /// The first text shown at or under `id` in document order: what a person would call it.
    /// Walks only as far as that text.
    public func firstText(under id: Int) -> String? {
        var stack = [id]
        while let next = stack.popLast() {
            guard let element = self[next] else { continue }
            if let text = element.shownText { return text }
            stack.append(contentsOf: element.children.reversed())
        }
        return nil
    }
}
