import Assets
import Foundation
import LayoutEngine
import LayoutModel

/// One setting of `RenderOptions`, as a command-line flag and as a key of `shotter.json`.
public enum Setting: CaseIterable, Sendable {
    case devices, sizes, schemes, layoutDirections, pseudolanguages, legibilityWeights, contrasts, commits, formats, scale, threshold, includeAA, maxDiffPixels, maxDiffRatio, assets, images

    public var flag: String {
        switch self {
        case .devices: "--device"
        case .sizes: "--dynamic-type"
        case .schemes: "--scheme"
        case .layoutDirections: "--layout-direction"
        case .pseudolanguages: "--pseudolanguage"
        case .legibilityWeights: "--legibility-weight"
        case .contrasts: "--contrast"
        case .commits: "--commit"
        case .formats: "--format"
        case .scale: "--scale"
        case .threshold: "--threshold"
        case .includeAA: "--include-aa"
        case .maxDiffPixels: "--max-diff-pixels"
        case .maxDiffRatio: "--max-diff-ratio"
        case .assets: "--assets"
        case .images: "--images"
        }
    }

    public var key: String {
        switch self {
        case .devices: "devices"
        case .sizes: "dynamicTypeSizes"
        case .schemes: "schemes"
        case .layoutDirections: "layoutDirections"
        case .pseudolanguages: "pseudolanguages"
        case .legibilityWeights: "legibilityWeights"
        case .contrasts: "contrasts"
        case .commits: "commits"
        case .formats: "formats"
        case .scale: "scale"
        case .threshold: "threshold"
        case .includeAA: "includeAA"
        case .maxDiffPixels: "maxDiffPixels"
        case .maxDiffRatio: "maxDiffRatio"
        case .assets: "assets"
        case .images: "images"
        }
    }

    /// A flag without a value on the command line (`--include-aa`).
    public var isSwitch: Bool { self == .includeAA }
    /// A switch standing for one value of the setting: `--bold-text` is `--legibility-weight bold`.
    public var shorthand: (flag: String, value: String)? { self == .legibilityWeights ? ("--bold-text", "bold") : nil }
    /// A flag given once per value on the command line (`--assets A --assets B`): its values
    /// are paths, which may hold commas.
    public var isRepeatable: Bool { self == .assets }
    /// A setting whose values are paths: relative to the plan's directory in the plan, to the
    /// working directory on the command line.
    var takesPaths: Bool { self == .assets || self == .images }
}

/// The settings one source gives (a command line, the plan's top level, a stream entry);
/// nil leaves the value below it (`RenderOptions.applying`).
public struct OptionValues: Hashable, Sendable {
    public var devices: [Device]?
    public var sizes: [DynamicTypeSize]?
    public var schemes: [ColorScheme]?
    public var layoutDirections: [LayoutDirection]?
    /// nil in the list is no pseudolanguage (`none`).
    public var pseudolanguages: [Pseudolanguage?]?
    public var legibilityWeights: [LegibilityWeight]?
    public var contrasts: [ColorSchemeContrast]?
    public var commits: CommitSelection?
    public var formats: [ImageFormat]?
    public var scale: Double?
    public var threshold: Double?
    public var includeAA: Bool?
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// Read when parsed, so that a missing folder is the parse's error.
    public var catalog: AssetCatalog?
    public var remoteImages: RemoteImages?

    public init() {}

    /// Whether these values change which snapshots exist (tolerances do not).
    public var narrowsPlan: Bool {
        devices != nil || sizes != nil || schemes != nil || layoutDirections != nil || pseudolanguages != nil
            || legibilityWeights != nil || contrasts != nil || commits != nil || formats != nil
    }
}

/// A value the user wrote wrong; commands report it as a usage error (exit 2).
public struct OptionError: Error, Sendable, CustomStringConvertible, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// The one parser of `RenderOptions` values, for flags and plan keys alike: a setting's names,
/// ranges and messages are defined once. A message names the value as the user wrote it:
/// `--scale takes a number from 0 to 8` on the command line, `shotter.json: streams[1]: scale
/// must be a number from 0 to 8` in the plan.
public enum OptionParser {
    /// The settings a command line gives. `given(flag)` is every value a flag was given, in
    /// order (the last counts, but for a repeatable setting's), `isSet(flag)` whether a switch
    /// was given; `single` are the settings the command takes one value of (no lists, no `all`).
    public static func values(flags settings: [Setting], single: Set<Setting> = [], given: (String) -> [String],
                              isSet: (String) -> Bool) throws(OptionError) -> OptionValues {
        var values = OptionValues()
        for setting in settings {
            let texts = given(setting.flag) + (setting.shorthand.map { isSet($0.flag) ? [$0.value] : [] } ?? [])
            if setting.isSwitch {
                if isSet(setting.flag) { try set(setting, .flag(setting.flag, ""), single: false, in: &values) }
            } else if setting.isRepeatable, !texts.isEmpty {
                values.catalog = try catalog(texts, at: nil)
            } else if let text = texts.last {
                try set(setting, .flag(setting.flag, text), single: single.contains(setting), in: &values)
            }
        }
        return values
    }

    /// The settings among a plan object's keys, `at` naming the object in messages
    /// (`shotter.json`, `shotter.json: streams[0]`), paths relative to `directory`. Other keys
    /// are the caller's.
    public static func values(plan fields: [String: JSON], at: String, directory: String) throws(OptionError) -> OptionValues {
        var values = OptionValues()
        for setting in Setting.allCases {
            guard let json = fields[setting.key] else { continue }
            try set(setting, .plan(setting.key, at: at, setting.takesPaths ? resolving(json, in: directory) : json),
                    single: false, in: &values)
        }
        return values
    }

    /// A plan key beside the settings that names one of `T`'s values (`"pngCompression":
    /// "small"`), with the settings' message: `AT: KEY must be "fast" or "small"`.
    public static func choice<T: RawRepresentable & CaseIterable>(plan json: JSON, key: String, at: String) throws(OptionError) -> T
    where T.RawValue == String {
        guard case .string(let name) = json, let value = T(rawValue: name) else {
            throw Written.plan(key, at: at, json).mustBe(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or "))
        }
        return value
    }

    /// `path` itself when absolute, else `path` inside `directory`.
    public static func resolve(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// A plan value with each path string in it resolved against the plan's directory.
    static func resolving(_ json: JSON, in directory: String) -> JSON {
        switch json {
        case .string(let path): .string(resolve(path, in: directory))
        case .array(let items): .array(items.map { resolving($0, in: directory) })
        default: json
        }
    }

    /// A value as written: a flag's text or a plan key's JSON.
    enum Written {
        case flag(String, String)
        case plan(String, at: String, JSON)

        /// `--scale takes WHAT` / `AT: scale must be WHAT`.
        func mustBe(_ what: String) -> OptionError {
            switch self {
            case .flag(let flag, _): OptionError("\(flag) takes \(what)")
            case .plan(let key, let at, _): OptionError("\(at): \(key) must be \(what)")
            }
        }

        /// True for `all` written alone.
        var isAll: Bool {
            switch self {
            case .flag(_, let text): text == "all"
            case .plan(_, _, let json): json == .string("all")
            }
        }
    }

    static func set(_ setting: Setting, _ written: Written, single: Bool, in values: inout OptionValues) throws(OptionError) {
        switch setting {
        case .devices:
            values.devices = try list(written, single: single, what: "device", hint: "\(deviceNames) or WIDTHxHEIGHT@SCALE", Device.named)
        case .sizes:
            if written.isAll && !single { values.sizes = DynamicTypeSize.allCases; return }
            values.sizes = try list(written, single: single, what: "Dynamic Type size", hint: sizeNames + (single ? "" : " or all"),
                                    DynamicTypeSize.init(rawValue:))
        case .schemes:
            values.schemes = try list(written, single: single, what: "color scheme", hint: "light or dark", ColorScheme.init(rawValue:))
        case .layoutDirections:
            values.layoutDirections = try list(written, single: single, what: "layout direction", hint: "ltr or rtl",
                                               LayoutDirection.init(rawValue:))
        case .pseudolanguages:
            values.pseudolanguages = try list(written, single: single, what: "pseudolanguage",
                                              hint: "none, " + Pseudolanguage.allCases.map(\.rawValue).joined(separator: ", ")) { name in
                name == "none" ? .some(nil) : Pseudolanguage(rawValue: name).map { .some($0) }
            }
        case .legibilityWeights:
            values.legibilityWeights = try list(written, single: single, what: "legibility weight", hint: "regular or bold",
                                                LegibilityWeight.init(rawValue:))
        case .contrasts:
            values.contrasts = try list(written, single: single, what: "contrast", hint: "standard or increased",
                                        ColorSchemeContrast.init(rawValue:))
        case .formats:
            values.formats = try list(written, single: single, what: "format", hint: "png, svg or layout", ImageFormat.init(rawValue:))
        case .commits: values.commits = try commits(written, single: single)
        case .scale: values.scale = try number(written, "a number from 0 to 8") { $0 > 0 && $0 <= 8 }
        case .threshold: values.threshold = try number(written, "a number from 0 to 1") { (0...1).contains($0) }
        case .maxDiffRatio: values.maxDiffRatio = try number(written, "a number from 0 to 1") { (0...1).contains($0) }
        case .maxDiffPixels: values.maxDiffPixels = try wholeNumber(written, minimum: 0)
        case .assets:
            switch written {
            case .flag(_, let path): values.catalog = try catalog([path], at: nil)
            case .plan(_, let at, _): values.catalog = try catalog(try list(written, single: false, what: "path", hint: "folder paths") { $0 }, at: at)
            }
        case .images:
            let path: String, at: String?
            switch written {
            case .flag(_, let text): (path, at) = (text, nil)
            case .plan(_, let place, let json):
                guard case .string(let s) = json else { throw written.mustBe("a folder or map file path") }
                (path, at) = (s, place)
            }
            do { values.remoteImages = try RemoteImages.load(path) } catch { throw OptionError(placed(error.description, at: at)) }
        case .includeAA:
            switch written {
            case .flag: values.includeAA = true
            case .plan(_, _, let json):
                guard case .bool(let b) = json else { throw written.mustBe("true or false") }
                values.includeAA = b
            }
        }
    }

    /// The asset catalogs in `folders`, read in order (an earlier one's names win); `at` is the
    /// plan object naming them.
    static func catalog(_ folders: [String], at: String?) throws(OptionError) -> AssetCatalog {
        do { return try AssetCatalog.load(folders) } catch { throw OptionError(placed(error.description, at: at)) }
    }

    /// A message about a file a setting names, after the plan object's place when it is the plan's.
    static func placed(_ message: String, at: String?) -> String {
        at.map { "\($0): \(message)" } ?? message
    }

    public static var deviceNames: String { Device.builtIn.map(\.name).joined(separator: ", ") }
    public static var sizeNames: String { DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Names separated by commas on the command line; a string or a non-empty array of strings
    /// in the plan. Each becomes a value through `named`, or is `unknown WHAT "NAME" (use HINT)`.
    static func list<T>(_ written: Written, single: Bool, what: String, hint: String,
                        _ named: (String) -> T?) throws(OptionError) -> [T] {
        let names: [String]
        switch written {
        case .flag(let flag, let text):
            names = text.split(separator: ",").map(String.init)
            if names.isEmpty { throw OptionError("\(flag) needs a value") }
            if single && names.count > 1 { throw OptionError("\(flag) takes one \(what) here") }
        case .plan(let key, let at, let json):
            switch json {
            case .string(let s): names = [s]
            case .array(let items) where !items.isEmpty:
                names = try items.map { (item: JSON) throws(OptionError) -> String in
                    guard case .string(let s) = item else { throw OptionError("\(at): \(key) must hold strings, got \(item.typeName)") }
                    return s
                }
            default: throw written.mustBe("a string or a non-empty array of strings")
            }
        }
        var values: [T] = []
        for name in names {
            guard let value = named(name) else { throw OptionError("unknown \(what) \(MessageText.quoted(name)) (use \(hint))") }
            values.append(value)
        }
        return values
    }

    /// `last`, `all` or commit numbers from 1 separated by commas (`1,3`); in the plan also a
    /// number or an array of numbers. `single` takes one number or `last`.
    static func commits(_ written: Written, single: Bool) throws(OptionError) -> CommitSelection {
        let text: String
        switch written {
        case .flag(_, let t): text = t
        case .plan(_, _, .string(let t)): text = t
        case .plan(_, _, .number): return .numbers([try wholeNumber(written, minimum: 1)])
        case .plan(let key, let at, .array(let items)) where !items.isEmpty:
            return .numbers(try items.map { (item: JSON) throws(OptionError) -> Int in
                try wholeNumber(.plan(key, at: at, item), minimum: 1)
            })
        case .plan: throw written.mustBe("\"last\", \"all\", a number or an array of numbers")
        }
        let requirement = single ? "a number from 1 or last" : "last, all or commit numbers from 1 separated by commas"
        switch text {
        case "last": return .last
        case "all" where !single: return .all
        default:
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            let numbers = parts.compactMap { Int($0) }.filter { $0 >= 1 }
            guard !numbers.isEmpty, numbers.count == parts.count, !single || numbers.count == 1 else { throw written.mustBe(requirement) }
            return .numbers(numbers)
        }
    }

    static func number(_ written: Written, _ requirement: String, _ valid: (Double) -> Bool) throws(OptionError) -> Double {
        let value: Double?
        switch written {
        case .flag(_, let text): value = Double(text)
        case .plan(_, _, let json): if case .number(let n) = json { value = n } else { value = nil }
        }
        guard let value, valid(value) else { throw written.mustBe(requirement) }
        return value
    }

    static func wholeNumber(_ written: Written, minimum: Int) throws(OptionError) -> Int {
        let value: Int?
        switch written {
        case .flag(_, let text): value = Int(text)
        case .plan(_, _, let json):
            if case .number(let n) = json, n == n.rounded(), n < 1e9 { value = Int(exactly: n) } else { value = nil }
        }
        guard let value, value >= minimum else { throw written.mustBe("a whole number from \(minimum)") }
        return value
    }
}
