import LayoutEngine

/// What the audit reads from the ops themselves rather than the tree: the line of each
/// element's `create` op (the tree keeps the line of the latest props) and the props as sent,
/// for the fields that change nothing in a screenshot and the tree drops (`accessibilityLabel`,
/// `accessibilityIdentifier`).
public struct StreamFacts: Sendable {
    public private(set) var createLines: [Int: Int] = [:]
    public private(set) var props: [Int: JSON] = [:]

    /// The facts as they stand at the op on `line` (a commit), replaying `ops` up to it.
    public init(ops: [LocatedOp], upTo line: Int) {
        for located in ops where located.line <= line {
            switch located.op {
            case .create(let id, _, let json):
                createLines[id] = located.line
                props[id] = json
            case .update(let id, let json):
                props[id] = json
            default:
                break
            }
        }
    }

    func style(_ id: Int) -> JSON? { props[id]?["style"] }

    func styleString(_ id: Int, _ name: String) -> String? {
        if case .string(let s) = style(id)?[name], !s.isEmpty { return s }
        return nil
    }

    func string(_ id: Int, _ name: String) -> String? {
        if case .string(let s) = props[id]?[name], !s.isEmpty { return s }
        return nil
    }
}
