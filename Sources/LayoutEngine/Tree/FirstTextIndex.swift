/// The first text under each element (`ElementTree.firstText(under:)`), remembered between
/// ops. Commits are labelled by the first text under an event's target, and a stream can send
/// thousands of events at an element with thousands of elements under it: without the index,
/// each event walked that subtree again.
///
/// An op can only change the answers of the elements it touches and of their ancestors, so
/// before each op those are forgotten (a walk up the tree, as `insert` already does to refuse
/// cycles); everything else is kept.
struct FirstTextIndex {
    /// nil values are remembered too: "nothing shown under this element".
    private var answers: [Int: String?] = [:]
    /// Elements whose props were looked at to answer: tests count them to see that answers
    /// are reused.
    private(set) var visits = 0

    /// Forgets what `op` may change; call it before applying `op` to `tree`.
    mutating func forget(changesOf op: Op, in tree: ElementTree) {
        switch op {
        case .create(let id, _, _):
            // The id may have been used by an element removed since.
            answers[id] = nil
        case .update(let id, _):
            forget(id, andAncestorsIn: tree)
        case .insert(let parent, let id, _):
            forget(tree[id]?.parent, andAncestorsIn: tree)
            forget(parent, andAncestorsIn: tree)
        case .remove(let id):
            forget(tree[id]?.parent, andAncestorsIn: tree)
        case .commit, .event, .other:
            break
        }
    }

    private mutating func forget(_ id: Int?, andAncestorsIn tree: ElementTree) {
        var current = id
        while let node = current {
            answers[node] = nil
            current = tree[node]?.parent
        }
    }

    /// The first text at or under `id` in document order, as `ElementTree.firstText(under:)`.
    /// Depth first without recursion (a stream may nest deeper than layout allows before its
    /// commit is refused), looking only as far as the first text.
    mutating func firstText(under id: Int, in tree: ElementTree) -> String? {
        if let known = answers[id] { return known }
        guard let element = tree[id] else { return nil }
        visits += 1
        if let text = element.shownText {
            answers[id] = .some(text)
            return text
        }
        // Each entry: an element without text of its own, and the index of its next child to look at.
        var stack = [(id: id, next: 0)]
        while let top = stack.last {
            let (node, next) = top
            let children = tree[node]?.children ?? []
            guard next < children.count else {
                // Nothing under this element.
                answers.updateValue(nil, forKey: node)
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let child = children[next]
            let found: String?
            if let known = answers[child] {
                found = known
            } else {
                visits += 1
                found = tree[child]?.shownText
                if found == nil { stack.append((child, 0)) }
            }
            if let text = found {
                // The text of everything on the stack: nothing came before it in document order.
                answers[child] = .some(text)
                for entry in stack { answers[entry.id] = .some(text) }
                return text
            }
        }
        return nil
    }
}

extension Element {
    /// What a person would call this element by, from its own props: a non-empty text or an
    /// image's symbol name.
    var shownText: String? {
        if let text = props as? TextProps, !text.text.isEmpty { return text.text }
        if let image = props as? ImageProps, let name = image.systemName { return name }
        return nil
    }
}
