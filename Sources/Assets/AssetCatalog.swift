import Foundation
import LayoutModel

/// A color's straight sRGB components, 0...1.
public struct ColorComponents: Hashable, Sendable {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
}

/// An `*.imageset` (a picture, `kind: "image"`) or a `*.symbolset` (a template image drawn in
/// the foreground color, `kind: "symbol"`).
public struct CatalogImage: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable { case image, symbol }
    public var kind: Kind
    /// The chosen file, absolute.
    public var file: String
    /// Points: the file's size divided by its scale.
    public var size: Size
}

/// An `*.colorset`: `dark` is nil when the set has no dark variant (the light value is used);
/// `highContrastLight` / `highContrastDark` are its `"contrast": "high"` appearances, nil when
/// it has none (Increase Contrast then uses the standard value).
public struct CatalogColor: Hashable, Sendable {
    public var light: ColorComponents
    public var dark: ColorComponents?
    public var highContrastLight: ColorComponents?
    public var highContrastDark: ColorComponents?

    public init(light: ColorComponents, dark: ColorComponents? = nil,
                highContrastLight: ColorComponents? = nil, highContrastDark: ColorComponents? = nil) {
        self.light = light; self.dark = dark
        self.highContrastLight = highContrastLight; self.highContrastDark = highContrastDark
    }

    /// The value for a scheme (`dark`) and contrast (`highContrast`): the most specific
    /// appearance the set has, luminosity before contrast (a dark set without a dark high
    /// contrast value keeps its dark value; one without any dark value uses its light ones).
    public func value(dark isDark: Bool, highContrast: Bool) -> ColorComponents {
        guard isDark, let dark else { return highContrast ? highContrastLight ?? light : light }
        return highContrast ? highContrastDark ?? dark : dark
    }
}

/// Xcode asset catalogs (`*.xcassets` folders) read with the rules of the spec's "Asset catalog
/// manifest" (Phase 5). Equal when read from the same folders, so an environment holding one
/// hashes cheaply.
public struct AssetCatalog: Hashable, Sendable {
    /// The folders read, in order; a name in an earlier one wins.
    public let folders: [String]
    public private(set) var images: [String: CatalogImage] = [:]
    public private(set) var colors: [String: CatalogColor] = [:]
    /// Entries skipped while reading (an unreadable `Contents.json`, a format that is not
    /// drawn), each naming its file.
    public private(set) var warnings: [String] = []

    public static let empty = AssetCatalog(folders: [])
    private init(folders: [String]) { self.folders = folders }

    public static func == (a: AssetCatalog, b: AssetCatalog) -> Bool { a.folders == b.folders }
    public func hash(into hasher: inout Hasher) { hasher.combine(folders) }

    public struct LoadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads every folder. A folder that does not exist is an error; a broken entry inside
    /// one is skipped with a warning.
    public static func load(_ folders: [String]) throws(LoadError) -> AssetCatalog {
        var catalog = AssetCatalog(folders: folders)
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw LoadError(description: "\(folder): no such asset catalog folder")
            }
            catalog.read(folder: URL(fileURLWithPath: folder).standardizedFileURL, prefix: "")
        }
        return catalog
    }

    private mutating func read(folder: URL, prefix: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for entry in entries.sorted(by: { $0.lastPathComponent < $1.lastPathComponent }) {
            guard (try? entry.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true else { continue }
            let base = entry.deletingPathExtension().lastPathComponent
            switch entry.pathExtension {
            case "imageset": readImageSet(entry, name: prefix + base)
            case "symbolset": readSymbolSet(entry, name: prefix + base)
            case "colorset": readColorSet(entry, name: prefix + base)
            case "":
                let properties = contents(of: entry, required: false)?["properties"] as? [String: Any]
                let namespace = properties?["provides-namespace"] as? Bool == true
                read(folder: entry, prefix: namespace ? prefix + base + "/" : prefix)
            default: continue // app icons, launch images, data sets: not drawn by name
            }
        }
    }

    /// The folder's `Contents.json` as an object; a broken one warns when `required`.
    private mutating func contents(of folder: URL, required: Bool = true) -> [String: Any]? {
        let file = folder.appendingPathComponent("Contents.json")
        guard let data = try? Data(contentsOf: file) else {
            if required { warnings.append("\(file.path): missing; entry skipped") }
            return nil
        }
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            warnings.append("\(file.path): not a JSON object; entry skipped")
            return nil
        }
        return object
    }

    private mutating func readImageSet(_ folder: URL, name: String) {
        guard images[name] == nil, let json = contents(of: folder) else { return }
        let entries = (json["images"] as? [[String: Any]] ?? []).filter { $0["filename"] is String && $0["appearances"] == nil }
        func scale(_ entry: [String: Any]) -> String? { entry["scale"] as? String }
        guard let chosen = entries.first(where: { scale($0) == "2x" }) ?? entries.first(where: { scale($0) == "1x" })
            ?? entries.first(where: { scale($0) == "3x" }) ?? entries.first else {
            warnings.append("\(folder.path): no image file; \(MessageQuote.quoted(name)) skipped")
            return
        }
        let file = folder.appendingPathComponent(chosen["filename"] as! String)
        let factor = scale(chosen).flatMap { Double($0.dropLast()) } ?? 1
        guard let bytes = try? [UInt8](Data(contentsOf: file)) else {
            warnings.append("\(file.path): cannot be read; \(MessageQuote.quoted(name)) skipped")
            return
        }
        guard let format = ImageHeader.format(of: bytes), format != .gif, let size = ImageHeader.size(of: bytes) else {
            warnings.append("\(file.path): not a PNG, JPEG, PDF or SVG file with a size; \(MessageQuote.quoted(name)) skipped")
            return
        }
        let isVector = format == .svg || format == .pdf
        images[name] = CatalogImage(kind: .image, file: file.path,
                                    size: isVector ? size : Size(width: size.width / factor, height: size.height / factor))
    }

    private mutating func readSymbolSet(_ folder: URL, name: String) {
        guard images[name] == nil, let json = contents(of: folder) else { return }
        guard let entry = (json["symbols"] as? [[String: Any]])?.first(where: { $0["filename"] is String }) else {
            warnings.append("\(folder.path): no symbol file; \(MessageQuote.quoted(name)) skipped")
            return
        }
        let file = folder.appendingPathComponent(entry["filename"] as! String)
        let bytes = (try? [UInt8](Data(contentsOf: file))) ?? []
        // An SF Symbols template holds many glyphs and guides: its document size says nothing
        // about the glyph, which the backend fits into the symbol's square.
        let isTemplate = String(decoding: bytes, as: UTF8.self).contains(#"id="Regular-M""#)
        let size = isTemplate ? nil : ImageHeader.size(of: bytes)
        images[name] = CatalogImage(kind: .symbol, file: file.path, size: size ?? Size(width: 1, height: 1))
    }

    private mutating func readColorSet(_ folder: URL, name: String) {
        guard colors[name] == nil, let json = contents(of: folder) else { return }
        let entries = json["colors"] as? [[String: Any]] ?? []
        /// An entry's luminosity (`any` without one) and whether it is the high-contrast
        /// appearance; nil for appearances shotter does not render.
        func appearance(_ entry: [String: Any]) -> (luminosity: String, high: Bool)? {
            var luminosity = "any", high = false
            for appearance in entry["appearances"] as? [[String: Any]] ?? [] {
                switch (appearance["appearance"] as? String, appearance["value"] as? String) {
                case ("luminosity", let value?): luminosity = value
                case ("contrast", "high"): high = true
                default: return nil
                }
            }
            return (luminosity, high)
        }
        func components(_ luminosities: [String], high: Bool = false) -> ColorComponents? {
            for wanted in luminosities {
                for entry in entries where appearance(entry).map({ $0.luminosity == wanted && $0.high == high }) == true {
                    if let c = Self.components(entry["color"] as? [String: Any]) { return c }
                }
            }
            return nil
        }
        guard let light = components(["any", "light"]) else {
            warnings.append("\(folder.path): no color with sRGB components; \(MessageQuote.quoted(name)) skipped")
            return
        }
        colors[name] = CatalogColor(light: light, dark: components(["dark"]),
                                    highContrastLight: components(["any", "light"], high: true), highContrastDark: components(["dark"], high: true))
    }

    /// `components` as Xcode writes them: hex (`"0xC2"`), floats (`"0.439"`) or 0...255
    /// integers (`"255"`); gray color spaces give `white`. Alpha is a float (or hex).
    static func components(_ color: [String: Any]?) -> ColorComponents? {
        guard let c = color?["components"] as? [String: Any] else { return nil }
        func value(_ key: String, alpha: Bool = false) -> Double? {
            let raw: String
            if let s = c[key] as? String { raw = s.trimmingCharacters(in: .whitespaces) }
            else if let n = c[key] as? NSNumber { raw = n.stringValue } else { return nil }
            let v: Double?
            if raw.lowercased().hasPrefix("0x") { v = Int(raw.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            else if raw.contains(".") || alpha { v = Double(raw) }
            else { v = Double(raw).map { $0 / 255 } }
            return v.map { max(0, min($0, 1)) }
        }
        let alpha = value("alpha", alpha: true) ?? 1
        if let white = value("white") { return ColorComponents(red: white, green: white, blue: white, alpha: alpha) }
        guard let r = value("red"), let g = value("green"), let b = value("blue") else { return nil }
        return ColorComponents(red: r, green: g, blue: b, alpha: alpha)
    }
}

/// Names quoted in messages (the catalog reads files, not streams, so a plain quote suffices).
enum MessageQuote {
    static func quoted(_ s: String) -> String { "\"\(s)\"" }
}
