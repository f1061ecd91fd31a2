/// Tells at a commit whether elements nest deeper than `ElementTree.maxDepth` or open more
/// than `Limits.maxNestedGroups` opacity groups on one path, without walking the whole tree at
/// every commit (20,000 commits of a 20,000-element tree were 400 million steps). Only an
/// insert that puts elements on the screen, or an update that makes an element open a group,
/// can make the nesting grow, so the tree is walked at a commit only after such an op went
/// past a limit (a later op may have undone it).
struct NestingWatch {
    private var mayBePastALimit = false
    /// Elements looked at: tests count them.
    private(set) var visits = 0

    /// Call after applying an insert of `id`, or an update of its props.
    mutating func changed(_ id: Int, in tree: ElementTree) {
        guard !mayBePastALimit else { return }
        // The nesting from the screen down to `id` itself; nothing to check off the screen.
        guard let element = tree[id], var current = element.parent else { return }
        var above = ElementTree.Nesting(depth: 1, groups: ElementTree.opensGroup(element) ? 1 : 0)
        while current != ElementTree.rootID {
            guard let ancestor = tree[current], let up = ancestor.parent else { return }
            visits += 1
            above.depth += 1
            if ElementTree.opensGroup(ancestor) { above.groups += 1 }
            current = up
        }
        let below = tree.nesting(below: id)
        visits += below.visited
        if above.depth + below.nesting.depth > ElementTree.maxDepth
            || above.groups + below.nesting.groups > Limits.maxNestedGroups {
            mayBePastALimit = true
        }
    }

    /// At a commit: the tree's nesting when it is past a limit, else nil.
    mutating func nestingIfPastALimit(_ tree: ElementTree) -> ElementTree.Nesting? {
        guard mayBePastALimit else { return nil }
        let whole = tree.nesting(below: ElementTree.rootID)
        visits += whole.visited
        if whole.nesting.depth > ElementTree.maxDepth || whole.nesting.groups > Limits.maxNestedGroups {
            return whole.nesting
        }
        mayBePastALimit = false
        return nil
    }
}
