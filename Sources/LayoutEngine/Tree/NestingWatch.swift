/// Tells at a commit whether elements are nested deeper than `ElementTree.maxDepth`, without
/// walking the whole tree at every commit (20,000 commits of a 20,000-element tree were
/// 400 million steps). Only an insert that puts elements on the screen can make it deeper,
/// so the tree is walked at a commit only after such an insert went too deep (a later op
/// may have undone it).
struct NestingWatch {
    private var mayBeTooDeep = false
    /// Elements looked at: tests count them.
    private(set) var visits = 0

    /// Call after applying an insert of `id` into `parent`.
    mutating func inserted(_ id: Int, into parent: Int, in tree: ElementTree) {
        guard !mayBeTooDeep else { return }
        // Levels from the screen down to `parent`; nothing to check when it is not on the screen.
        var parentDepth = 0
        var current = parent
        while current != ElementTree.rootID {
            guard let up = tree[current]?.parent else { return }
            visits += 1
            parentDepth += 1
            current = up
        }
        if parentDepth + 1 + height(of: id, in: tree) > ElementTree.maxDepth { mayBeTooDeep = true }
    }

    /// At a commit: the depth of the deepest element when it is too deep, else nil.
    mutating func depthIfTooDeep(_ tree: ElementTree) -> Int? {
        guard mayBeTooDeep else { return nil }
        visits += tree.elements.count
        let depth = tree.depth()
        if depth > ElementTree.maxDepth { return depth }
        mayBeTooDeep = false
        return nil
    }

    /// Levels below `id` down to its deepest descendant (0 for a leaf).
    private mutating func height(of id: Int, in tree: ElementTree) -> Int {
        var deepest = 0
        var stack = [(id, 0)]
        while let (node, level) = stack.popLast() {
            visits += 1
            deepest = max(deepest, level)
            for child in tree[node]?.children ?? [] { stack.append((child, level + 1)) }
        }
        return deepest
    }
}
