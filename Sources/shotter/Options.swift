import Assets
import ImageDiff
import LayoutEngine
import LayoutModel

/// Options shared by the commands that render or lay out a stream.
struct RenderOptions {
    var device = Device.default
    var sizes: [DynamicTypeSize] = [.large]
    var schemes: [ColorScheme] = [.light]
    var commit: CommitSelection = .last
    /// True when `--scheme` was given: it then beats the stream's own `colorScheme`.
    var schemeGiven = false
    /// `--assets PATH` (repeatable) and `--images DIR|MAP`.
    var catalog = AssetCatalog.empty
    var remoteImages = RemoteImages.none

    enum CommitSelection: Equatable {
        case number(Int), last, all
    }

    init(_ args: Arguments, allowMany: Bool) throws(UsageError) {
        if let name = args.value("--device") {
            guard let device = Device.named(name) else {
                throw args.fail("unknown device \(MessageText.quoted(name)) (use \(Help.deviceNames) or WIDTHxHEIGHT@SCALE)")
            }
            self.device = device
        }
        if let value = args.value("--dynamic-type") {
            sizes = value == "all" && allowMany ? DynamicTypeSize.allCases
                : try Self.list(value, option: "--dynamic-type", what: "Dynamic Type size", hint: Help.sizeNames,
                                allowMany: allowMany, args)
        }
        if let value = args.value("--scheme") {
            schemeGiven = true
            schemes = try Self.list(value, option: "--scheme", what: "color scheme", hint: "light or dark",
                                    allowMany: allowMany, args)
        }
        (catalog, remoteImages) = try Self.images(args)
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

    /// The asset catalogs and remote-image files the options name; the catalogs' skipped
    /// entries are printed as warnings.
    static func images(_ args: Arguments) throws(UsageError) -> (AssetCatalog, RemoteImages) {
        do {
            let catalog = try AssetCatalog.load(args.values("--assets"))
            catalog.warnings.forEach { printError("warning: \($0)") }
            return (catalog, try args.value("--images").map(RemoteImages.load) ?? .none)
        } catch {
            throw args.fail(error.description)
        }
    }

    func environment(size: DynamicTypeSize, scheme: ColorScheme) -> RenderEnvironment {
        RenderEnvironment(device: device, dynamicTypeSize: size, colorScheme: scheme, catalog: catalog, remoteImages: remoteImages)
    }

    /// A comma-separated list of raw values, each of which must name a case.
    private static func list<T: RawRepresentable>(_ value: String, option: String, what: String, hint: String,
                                                  allowMany: Bool, _ args: Arguments) throws(UsageError) -> [T]
        where T.RawValue == String {
        var items: [T] = []
        for name in value.split(separator: ",") {
            guard let item = T(rawValue: String(name)) else { throw args.fail("unknown \(what) \(MessageText.quoted(name)) (use \(hint))") }
            items.append(item)
        }
        if items.isEmpty { throw args.fail("\(option) needs a \(what)") }
        if !allowMany && items.count > 1 { throw args.fail("\(option) takes one \(what) here") }
        return items
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

extension Arguments {
    /// `--max-pixels N`: the most pixels one image may have (`PixelLimit`).
    func pixelLimit() throws(UsageError) -> PixelLimit {
        guard let value = value("--max-pixels") else { return PixelLimit() }
        guard let n = Int(value), n >= 1 else { throw fail("--max-pixels takes a whole number of pixels from 1") }
        return PixelLimit(maxPixels: n)
    }
}
