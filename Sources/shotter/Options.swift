import LayoutEngine
import TextMeasure

/// Options shared by the commands that render or lay out a stream.
struct RenderOptions {
    var device = Device.default
    var sizes: [DynamicTypeSize] = [.large]
    var schemes: [ColorScheme] = [.light]
    var commit: CommitSelection = .last
    /// True when `--scheme` was given: it then beats the stream's own `colorScheme`.
    var schemeGiven = false

    enum CommitSelection: Equatable {
        case number(Int), last, all
    }

    init(_ args: Arguments, allowMany: Bool) throws(UsageError) {
        if let name = args.value("--device") {
            guard let device = Device.named(name) else {
                throw args.fail("unknown device \"\(name)\" (use \(Help.deviceNames) or WIDTHxHEIGHT@SCALE)")
            }
            self.device = device
        }
        if let value = args.value("--dynamic-type") {
            if value == "all" && allowMany { sizes = DynamicTypeSize.allCases } else {
                sizes = try value.split(separator: ",").map { (s: Substring) throws(UsageError) -> DynamicTypeSize in
                    guard let size = DynamicTypeSize(rawValue: String(s)) else {
                        throw args.fail("unknown Dynamic Type size \"\(s)\" (use \(Help.sizeNames))")
                    }
                    return size
                }
                if sizes.isEmpty { throw args.fail("--dynamic-type needs a size") }
                if !allowMany && sizes.count > 1 { throw args.fail("--dynamic-type takes one size here") }
            }
        }
        if let value = args.value("--scheme") {
            schemeGiven = true
            schemes = try value.split(separator: ",").map { (s: Substring) throws(UsageError) -> ColorScheme in
                guard let scheme = ColorScheme(rawValue: String(s)) else {
                    throw args.fail("unknown color scheme \"\(s)\" (use light or dark)")
                }
                return scheme
            }
            if schemes.isEmpty { throw args.fail("--scheme needs light or dark") }
            if !allowMany && schemes.count > 1 { throw args.fail("--scheme takes one scheme here") }
        }
        if let value = args.value("--commit") {
            switch value {
            case "last": commit = .last
            case "all" where allowMany: commit = .all
            default:
                guard let n = Int(value), n >= 1 else {
                    throw args.fail("--commit takes a number from 1\(allowMany ? ", last or all" : " or last")")
                }
                commit = .number(n)
            }
        }
    }

    /// The schemes to draw a commit in: the stream's root `colorScheme` update (Phase 12,
    /// `.preferredColorScheme`) when set and `--scheme` was not given; with `--scheme`, a note
    /// says once that the stream's choice is ignored.
    func schemes(for tree: ElementTree, noted: inout Bool) -> [ColorScheme] {
        guard let name = (tree.root.props as? ScreenProps)?.colorScheme, let scheme = ColorScheme(rawValue: name) else {
            return schemes
        }
        guard schemeGiven else { return [scheme] }
        if !noted {
            printError("note: the stream asks for the \(name) color scheme; --scheme overrides it")
            noted = true
        }
        return schemes
    }

    /// The commit numbers to render, or an input error when the stream lacks them.
    func selectCommits(_ commits: [OpStream.Commit], file: String) throws(InputError) -> [OpStream.Commit] {
        guard let last = commits.last else {
            throw InputError(file: file, line: 0, message: "the stream has no commit: nothing to render")
        }
        switch commit {
        case .last: return [last]
        case .all: return commits
        case .number(let n):
            guard n <= commits.count else {
                throw InputError(file: file, line: 0, message: "commit \(n) does not exist: the stream has \(commits.count) commit\(commits.count == 1 ? "" : "s")")
            }
            return [commits[n - 1]]
        }
    }
}
