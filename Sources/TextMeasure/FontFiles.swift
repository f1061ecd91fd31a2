import LayoutModel
import Foundation
internal import CCairo
internal import CFontFaces

/// A pinned font file was missing or unreadable. `description` is the message the CLI prints.
public struct FontFileError: Error, CustomStringConvertible, Sendable {
    /// The first file that failed, and the Debian packages of every file that failed.
    public let path: String
    public let packages: [String]
    public let unreadable: Bool

    public var description: String {
        let what = unreadable ? "could not be read" : "is missing"
        let label = packages.count == 1 ? "Debian package" : "Debian packages"
        return "shotter: font file \(path) \(what) (\(label) \(packages.joined(separator: ", "))); run scripts/setup.sh"
    }
}

/// One pinned font file and the fontconfig family name and weight that select it.
struct FontFile: Sendable {
    let path: String
    let package: String
    /// fontconfig's first family name for the file (Quicksand Light is its own family).
    let family: String
    /// OpenType weight class, 100...900.
    let weight: Int
    let italic: Bool
}

/// The font files shotter draws with, and nothing else (`shared/design/fonts.md`).
enum FontFiles {
    /// The default design's two cuts, standing in for SF Pro Text and SF Pro Display
    /// (`SystemFontModel`; their tracking is `ResolvedFont.trackingEm`).
    static let textCut = (family: "Inter", filePrefix: "Inter")
    static let displayCut = (family: "Inter Display", filePrefix: "InterDisplay")

    static let cjkFamily = "Noto Sans CJK JP"
    static let emojiFamily = "Noto Color Emoji"

    private static let interDir = "/usr/share/fonts/opentype/inter/"
    private static let monoDir = "/usr/share/fonts/truetype/jetbrains-mono/"
    private static let notoDir = "/usr/share/fonts/truetype/noto/"
    private static let cjkDir = "/usr/share/fonts/opentype/noto/"
    private static let roundedDir = "/usr/share/fonts/truetype/quicksand/"

    /// File name infixes of the nine weights, Thin (100) to Black (900).
    private static let weightNames: [(Int, String)] = [
        (100, "Thin"), (200, "ExtraLight"), (300, "Light"), (400, "Regular"), (500, "Medium"),
        (600, "SemiBold"), (700, "Bold"), (800, "ExtraBold"), (900, "Black"),
    ]

    /// Regular and italic files named like `Inter-Bold` / `Inter-BoldItalic` / `Inter-Italic`.
    private static func family(_ family: String, dir: String, prefix: String, ext: String, package: String,
                               weights: [Int]) -> [FontFile] {
        weightNames.filter { weights.contains($0.0) }.flatMap { weight, name in
            let italicName = name == "Regular" ? "Italic" : name + "Italic"
            return [
                FontFile(path: "\(dir)\(prefix)-\(name).\(ext)", package: package, family: family, weight: weight, italic: false),
                FontFile(path: "\(dir)\(prefix)-\(italicName).\(ext)", package: package, family: family, weight: weight, italic: true),
            ]
        }
    }

    private static func interFiles(_ cut: (family: String, filePrefix: String)) -> [FontFile] {
        family(cut.family, dir: interDir, prefix: cut.filePrefix, ext: "otf", package: "fonts-inter",
               weights: Array(stride(from: 100, through: 900, by: 100)))
    }

    /// The Text and Display cuts of the default design.
    static let textCutFiles = interFiles(textCut)
    static let displayCutFiles = interFiles(displayCut)

    /// The files of each design, the ones `ResolvedFont` can select.
    static let designs: [FontDesign: [FontFile]] = [
        .default: textCutFiles + displayCutFiles,
        .monospaced: family("JetBrains Mono", dir: monoDir, prefix: "JetBrainsMono", ext: "ttf",
                            package: "fonts-jetbrains-mono", weights: Array(stride(from: 100, through: 800, by: 100))),
        .serif: family("Noto Serif", dir: notoDir, prefix: "NotoSerif", ext: "ttf",
                       package: "fonts-noto-core", weights: [400, 700]),
        // Quicksand has no italics (fontconfig slants it, see `rules`), and its Light and
        // Medium files carry their own family names.
        .rounded: [
            FontFile(path: roundedDir + "Quicksand-Light.ttf", package: "fonts-quicksand", family: "Quicksand Light", weight: 300, italic: false),
            FontFile(path: roundedDir + "Quicksand-Regular.ttf", package: "fonts-quicksand", family: "Quicksand", weight: 400, italic: false),
            FontFile(path: roundedDir + "Quicksand-Medium.ttf", package: "fonts-quicksand", family: "Quicksand Medium", weight: 500, italic: false),
            FontFile(path: roundedDir + "Quicksand-Bold.ttf", package: "fonts-quicksand", family: "Quicksand", weight: 700, italic: false),
        ],
    ]

    /// The scripts drawn with fonts-noto-core's Noto Sans faces, after CJK and emoji: every
    /// script the package ships in Regular and Bold (docs/decisions.md, "Scripts"), the four
    /// the issue names first. Korean is in the CJK collection.
    static let scripts = [
        "Arabic", "Hebrew", "Thai", "Devanagari",
        "Adlam", "Armenian", "Balinese", "Bamum", "Bengali", "Canadian Aboriginal", "Cham", "Cherokee",
        "Ethiopic", "Georgian", "Gujarati", "Gurmukhi", "Hanifi Rohingya", "Javanese", "Kannada",
        "Kayah Li", "Khmer", "Lao", "Lisu", "Malayalam", "Medefaidrin", "Meetei Mayek", "Myanmar",
        "Ol Chiki", "Oriya", "Sinhala", "Sora Sompeng", "Sundanese", "Tai Tham", "Tamil", "Telugu",
        "Thaana",
    ]

    /// `Noto Sans Arabic` for `Arabic`: fontconfig's family name of the script's files.
    static func scriptFamily(_ script: String) -> String { "Noto Sans " + script }

    /// Regular and Bold of each script, files named like `NotoSansArabic-Bold.ttf`.
    private static let scriptFiles: [FontFile] = scripts.flatMap { script in
        let stem = notoDir + "NotoSans" + script.replacingOccurrences(of: " ", with: "")
        return [(400, "Regular"), (700, "Bold")].map { weight, name in
            FontFile(path: "\(stem)-\(name).ttf", package: "fonts-noto-core", family: scriptFamily(script),
                     weight: weight, italic: false)
        }
    }

    /// Fallbacks for scripts the design fonts lack, tried after them in this order: CJK
    /// (with Hangul), emoji, then the other scripts. Text the earlier ones cover is laid out
    /// as it was before the scripts were added.
    static let fallbacks: [FontFile] = [
        FontFile(path: cjkDir + "NotoSansCJK-Regular.ttc", package: "fonts-noto-cjk", family: cjkFamily, weight: 400, italic: false),
        FontFile(path: cjkDir + "NotoSansCJK-Bold.ttc", package: "fonts-noto-cjk", family: cjkFamily, weight: 700, italic: false),
        FontFile(path: notoDir + "NotoColorEmoji.ttf", package: "fonts-noto-color-emoji", family: emojiFamily, weight: 400, italic: false),
    ] + scriptFiles

    static var designFiles: [FontFile] { FontDesign.allCases.flatMap { designs[$0] ?? [] } }
    static var all: [FontFile] { designFiles + fallbacks }

    /// The families a design's text is tried in before the fallbacks (`familyList`).
    static func designFamilies(of design: FontDesign) -> Set<String> {
        Set((designs[design] ?? []).map(\.family)).union([textCut.family, displayCut.family])
    }

    /// The files `font` chooses from: its design's, for the default design only the cut of its size.
    private static func candidateFiles(_ font: ResolvedFont) -> [FontFile] {
        guard font.design == .default else { return designs[font.design] ?? [] }
        return font.usesDisplayCut ? displayCutFiles : textCutFiles
    }

    /// The file for `font`: its design's (and size's cut's) file of the same slant with the
    /// nearest weight to the drawn one (Bold Text steps it; ties go to the heavier one, as in
    /// CSS for weights above 500); upright when the design has no italics (fontconfig then
    /// slants it).
    static func file(for font: ResolvedFont) -> FontFile {
        let files = candidateFiles(font)
        let slanted = files.filter { $0.italic == font.italic }
        let candidates = slanted.isEmpty ? files.filter { !$0.italic } : slanted
        let target = font.drawnWeight.numericWeight
        let nearest = candidates.min { a, b in
            let (da, db) = (abs(a.weight - target), abs(b.weight - target))
            return da != db ? da < db : a.weight > b.weight
        }
        guard let nearest else { preconditionFailure("no upright font file for design \(font.design)") }
        return nearest
    }

    /// Pango family list for `font`: its own file's family, the default design's cut of its
    /// size for Latin, Greek and Cyrillic the other designs lack, then, `withFallbacks`, CJK,
    /// emoji and the other scripts. Every pinned fallback is named, so the order is this list's,
    /// never fontconfig's ranking. A configuration without the fallbacks' files leaves them out:
    /// families it does not hold change no font's rank, and Pango hashes and compares the
    /// description's family string for every text it shapes (the 40 names were a twelfth of
    /// measuring a screen).
    static func familyList(for font: ResolvedFont, withFallbacks: Bool) -> String {
        var families = [file(for: font).family]
        if font.design != .default { families.append(font.usesDisplayCut ? displayCut.family : textCut.family) }
        if withFallbacks { families += fallbackFamilies }
        return families.joined(separator: ",")
    }

    private static let fallbackFamilies = [cjkFamily, emojiFamily] + scripts.map(scriptFamily)

    /// The two rules kept from Debian's fontconfig setup (the rest would let the system
    /// configuration in): scale color bitmap fonts (Noto Color Emoji has 109 px strikes only)
    /// to the requested size, and slant outline fonts that have no italic.
    static let rules = """
        <fontconfig>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <edit name="pixelsizefixupfactor" mode="assign">
              <divide><name target="pattern">pixelsize</name><name target="font">pixelsize</name></divide>
            </edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>false</bool></test>
            <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><name>pixelsizefixupfactor</name><double>0</double>
                        <double>0</double><name>pixelsizefixupfactor</name></matrix>
              </times>
            </edit>
            <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
          </match>
          <match target="font">
            <test name="outline" compare="eq"><bool>true</bool></test>
            <test name="slant"><const>roman</const></test>
            <test target="pattern" name="slant" compare="not_eq"><const>roman</const></test>
            <edit name="matrix" mode="assign">
              <times><name>matrix</name>
                <matrix><double>1</double><double>0.2</double><double>0</double><double>1</double></matrix>
              </times>
            </edit>
            <edit name="slant" mode="assign"><const>oblique</const></edit>
          </match>
        </fontconfig>
        """

    /// Private fontconfig configurations, each built once per process on first use: fontconfig
    /// scans every file it is given (the two CJK collections alone take about 60 ms), so the
    /// files are loaded in three steps, each only when a text needs it. The default design's
    /// family comes first in every family list, and the other designs before the fallbacks, so
    /// text that an earlier step's files cover is laid out the same by every later step.
    /// Swift runs a `static let` initializer exactly once, under a lock, so threads can share
    /// them; a config is never changed afterwards, and each Pango font map takes its own reference.
    ///
    /// 1. The default design's files, after checking that every pinned file is there. It also
    ///    becomes fontconfig's current configuration: Pango runs `FcInit` on a thread of its
    ///    own, which would otherwise read the system's configuration and font caches.
    static let config: Result<PinnedFontConfig, FontFileError> = load {
        try PinnedFontConfig.checkReadable(all)
        let config = try PinnedFontConfig(files: designs[.default] ?? [], rules: rules)
        FcConfigSetCurrent(config.config)
        return config
    }

    /// 2. Every design's files: monospaced, serif and rounded text.
    static let configWithDesigns = load { try PinnedFontConfig(files: designFiles, rules: rules) }

    /// 3. The designs and the fallbacks, for text no design font can show (CJK, emoji, the
    ///    other scripts).
    static let configWithFallbacks = load { try PinnedFontConfig(files: all, rules: rules) }

    private static func load(_ build: () throws -> PinnedFontConfig) -> Result<PinnedFontConfig, FontFileError> {
        do { return .success(try build()) } catch let error as FontFileError {
            return .failure(error)
        } catch {
            preconditionFailure("unexpected error \(error)")
        }
    }
}

/// Where fontconfig keeps its caches of the pinned fonts' directories for shotter:
/// `$XDG_CACHE_HOME/shotter/fontconfig`, else `~/.cache/shotter/fontconfig`, as fontconfig
/// itself keeps the system's in `~/.cache/fontconfig`. A directory of our own, because a cache
/// holds patterns as the writing configuration's scan rules left them, and shotter's rules have
/// none (a rule with `target="scan"` would need a new directory name). Nothing is drawn from
/// a cache that a scan would not give: `PinnedFontConfig.addCached`.
enum FontCacheDirectory {
    static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return base + "/shotter/fontconfig" }
        if let home = environment["HOME"], home.hasPrefix("/"), home != "/" { return home + "/.cache/shotter/fontconfig" }
        return nil
    }()

    /// Whether a cache can be written in `path`, which is made if it is not there.
    static func makeWritable(_ path: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return access(path, W_OK) == 0
    }

    /// The fontconfig rule naming `path` as the cache directory; nil when XML cannot hold the
    /// path (a control character, U+FFFE, U+FFFF), so that fontconfig never reports a rule of ours.
    static func rule(for path: String) -> String? {
        guard !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0xFFFE || $0.value == 0xFFFF })
        else { return nil }
        let escaped = path.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return "<fontconfig><cachedir>\(escaped)</cachedir></fontconfig>"
    }
}

/// An `FcConfig` that lists only the pinned files.
final class PinnedFontConfig: @unchecked Sendable {
    /// `FcConfig *`; immutable once built. The character sets read from it are cached under a lock.
    let config: OpaquePointer

    /// Throws naming every missing file's package.
    static func checkReadable(_ files: [FontFile]) throws {
        let missing = files.filter { !FileManager.default.isReadableFile(atPath: $0.path) }
        if let first = missing.first {
            throw FontFileError(path: first.path, packages: Self.packages(of: missing), unreadable: false)
        }
    }

    /// `cacheDirectory` holds fontconfig's caches of the files' directories (`addCached`);
    /// without one, or with a path fontconfig's XML cannot hold (a control character), the
    /// files are queried.
    init(files: [FontFile], rules: String, cacheDirectory: String? = FontCacheDirectory.path) throws {
        try Self.checkReadable(files)
        guard let config = FcConfigCreate() else { preconditionFailure("FcConfigCreate failed (out of memory)") }
        let loaded = FcConfigParseAndLoadFromMemory(config, rules, FcBool(FcTrue))
        precondition(loaded == FcTrue, "the built-in fontconfig rules do not parse")
        var cache: String?
        if let cacheDirectory, let rule = FontCacheDirectory.rule(for: cacheDirectory),
           FcConfigParseAndLoadFromMemory(config, rule, FcBool(FcTrue)) == FcTrue {
            cache = cacheDirectory
        }
        if files.count > 1, (cache.map { Self.addCached(files, to: config, cacheDirectory: $0) } ?? false)
            || Self.addQueried(files, to: config) {
            Self.openFaces(of: config)
            self.config = config
            return
        }
        FcConfigAppFontClear(config)
        for file in files where FcConfigAppFontAddFile(config, file.path) != FcTrue {
            FcConfigDestroy(config)
            throw FontFileError(path: file.path, packages: [file.package], unreadable: true)
        }
        Self.openFaces(of: config)
        self.config = config
    }

    /// Adds `files` to `config` as `FcConfigAppFontAddFile` would, from fontconfig's caches of
    /// their directories in `cacheDirectory`, the config's cache directory. A cache is a file
    /// fontconfig maps: reading one takes well under a millisecond, where querying the default
    /// design's files took 26 M instructions on each of two threads and scanning the CJK
    /// collections 110 ms. A directory without a valid cache is scanned once, every file in
    /// it, and its cache written; a cache is valid while the directory's modification time is
    /// the one it was made with, so a package that adds, removes or replaces a file makes it
    /// scan again. Only the pinned files' patterns are taken, in the order of `files` (a
    /// collection's faces in the scan's order): the set is the one the scan builds. The first
    /// file goes through `FcConfigAppFontAddFile`, which makes the configuration's application
    /// font set. False, with nothing added, when a directory has no cache and the cache cannot
    /// be written (every run would scan whole directories then) or a pinned file is not in its
    /// directory's cache.
    static func addCached(_ files: [FontFile], to config: OpaquePointer, cacheDirectory: String) -> Bool {
        let wanted = Set(files.map(\.path))
        var directories: [String] = []
        for file in files {
            let directory = (file.path as NSString).deletingLastPathComponent
            if !directories.contains(directory) { directories.append(directory) }
        }
        var patterns: [String: [OpaquePointer]] = [:]
        func release() { for case let pattern in patterns.values.joined() { FcPatternDestroy(pattern) } }
        for directory in directories {
            var cache = FcDirCacheLoad(directory, config, nil)
            if cache == nil, FontCacheDirectory.makeWritable(cacheDirectory) { cache = FcDirCacheRead(directory, FcBool(FcFalse), config) }
            guard let cache else { release(); return false }
            defer { FcDirCacheUnload(cache) }
            guard let set = FcCacheCopySet(cache) else { release(); return false }
            defer { FcFontSetDestroy(set) }
            for i in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[i], let path = file(of: pattern) else { continue }
                // A copy of our own: the cache is unloaded, and its patterns cannot take an FT_Face.
                if wanted.contains(path), let copy = FcPatternDuplicate(pattern) { patterns[path, default: []].append(copy) }
            }
        }
        guard files.allSatisfy({ patterns[$0.path] != nil }),
              FcConfigAppFontAddFile(config, files[0].path) == FcTrue,
              let set = FcConfigGetFonts(config, FcSetApplication) else {
            release()
            return false
        }
        for file in files.dropFirst() {
            for pattern in patterns.removeValue(forKey: file.path) ?? [] {
                guard FcFontSetAdd(set, pattern) == FcTrue else { release(); return false }
            }
        }
        release()
        return true
    }

    /// Adds `files` to `config` as `FcConfigAppFontAddFile` would, in a quarter of the time: the
    /// first file through it (which makes the configuration's application font set), the
    /// others opened as FT_Faces of our own and queried on two threads at once with
    /// `FcFreeTypeQueryFace`, the call fontconfig's own scan makes, then appended to the set in
    /// file order with the scan's substitutions, their faces kept for Cairo (`PinnedFaces`).
    /// Scanning a file opens it with FreeType and reads its character map and names: the
    /// default design's 36 files were most of a one-text render's start-up. False, with
    /// nothing added but the first file, when a file is not one plain face (a collection or a
    /// variable font, which the scan would enumerate) or cannot be read.
    static func addQueried(_ files: [FontFile], to config: OpaquePointer) -> Bool {
        let rest = Array(files.dropFirst())
        let halves = [Array(rest.prefix(rest.count / 2)), Array(rest.dropFirst(rest.count / 2))]
        let ((firstAdded, firstHalf), secondHalf) = onTwoThreads({
            (FcConfigAppFontAddFile(config, files[0].path) == FcTrue, query(halves[0]))
        }, alongside: { query(halves[1]) })
        let queried = [firstHalf, secondHalf]
        guard firstAdded, let first = queried[0], let second = queried[1],
              let set = FcConfigGetFonts(config, FcSetApplication) else {
            for case let half? in queried { for (pattern, face) in half { FcPatternDestroy(pattern); FT_Done_Face(face) } }
            return false
        }
        for (file, (pattern, face)) in zip(rest, first + second) {
            FcConfigSubstitute(config, pattern, FcMatchScan)
            PinnedFaces.shared.adopt(face, path: file.path, index: 0)
            // The set is this configuration's own, not yet handed to Pango: fontconfig's scan
            // appends to it the same way.
            guard FcFontSetAdd(set, pattern) == FcTrue else { return false }
        }
        return true
    }

    /// Each file opened as a face of a FreeType library of the calling thread's own and
    /// queried; nil (and nothing kept) when one is not a single face without variations.
    private static func query(_ files: [FontFile]) -> [(pattern: OpaquePointer, face: FT_Face)]? {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        var done: [(pattern: OpaquePointer, face: FT_Face)] = []
        for file in files {
            var face: FT_Face?
            guard FT_New_Face(library, file.path, 0, &face) == 0, let face else { break }
            let variable = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_MULTIPLE_MASTERS) != 0
            guard face.pointee.num_faces == 1, !variable,
                  let pattern = FcFreeTypeQueryFace(face, file.path, 0, nil) else {
                FT_Done_Face(face)
                break
            }
            done.append((pattern, face))
        }
        guard done.count == files.count else {
            for (pattern, face) in done { FcPatternDestroy(pattern); FT_Done_Face(face) }
            FT_Done_FreeType(library)
            return nil
        }
        // The library lives on with its faces (Cairo keeps them in its font map).
        return done
    }

    /// Makes Cairo draw and measure every font of `config` from an FT_Face of ours
    /// (`PinnedFaces`). A face Cairo opens itself from the file is one of at most ten it keeps
    /// open for all threads: past ten (the script fonts make more), Cairo 1.16 closes one in
    /// use by another thread, which crashed about one `shotter test` run in ten inside Cairo
    /// and FreeType. Faces handed over are never closed by Cairo, and each is only used under
    /// Cairo's own lock for it. Where CFontFaces' hook receives Pango's calls (in every shotter
    /// executable), a file's face is opened the first time Pango makes a font of it, and a
    /// render opens the few it draws with; elsewhere (`onDemand` false) every font's pattern
    /// carries its face (`FC_FT_FACE`) from the start.
    static func openFaces(of config: OpaquePointer, onDemand: Bool = PinnedFaces.shared.opensOnDemand) {
        guard !onDemand, let set = FcConfigGetFonts(config, FcSetApplication) else { return }
        var fonts: [(pattern: OpaquePointer, face: PinnedFaces.Key)] = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[i], let path = file(of: pattern) else { continue }
            var index: Int32 = 0
            _ = FcPatternGetInteger(pattern, FC_INDEX, 0, &index)
            fonts.append((pattern, PinnedFaces.Key(path: path, index: Int(index))))
        }
        PinnedFaces.shared.open(fonts.map(\.face))
        for (pattern, key) in fonts {
            guard let face = PinnedFaces.shared.face(path: key.path, index: key.index) else { continue }
            FcPatternAddFTFace(pattern, FC_FT_FACE, face)
        }
    }

    /// The font file a pattern describes (`FC_FILE`).
    static func file(of pattern: OpaquePointer) -> String? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    deinit { FcConfigDestroy(config) }

    /// Whether some font of `families` has a glyph for every scalar of `text`.
    func covers(_ text: String, families: Set<String>) -> Bool {
        coverage(of: families).covers(text)
    }

    private let lock = NSLock()
    private var charsets: [Set<String>: [OpaquePointer]] = [:]

    /// The fonts of `families` in this config, to ask about text after text: finding them
    /// hashes the family names, so a `PangoEngine` asks once per design, not once per text.
    func coverage(of families: Set<String>) -> FontCoverage {
        FontCoverage(config: self, charsets: charsets(of: families))
    }

    /// The character sets of the config's fonts of `families` (owned by the config).
    private func charsets(of families: Set<String>) -> [OpaquePointer] {
        lock.withLock {
            if let known = charsets[families] { return known }
            var found: [OpaquePointer] = []
            if let set = FcConfigGetFonts(config, FcSetApplication) {
                for i in 0..<Int(set.pointee.nfont) {
                    guard let pattern = set.pointee.fonts[i] else { continue }
                    var family: UnsafeMutablePointer<FcChar8>?
                    var charset: OpaquePointer?
                    guard FcPatternGetString(pattern, FC_FAMILY, 0, &family) == FcResultMatch, let family,
                          families.contains(String(cString: family)),
                          FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset else { continue }
                    found.append(charset)
                }
            }
            charsets[families] = found
            return found
        }
    }

    private static func packages(of files: [FontFile]) -> [String] {
        var seen: [String] = []
        for file in files where !seen.contains(file.package) { seen.append(file.package) }
        return seen
    }
}

/// The character sets of some fonts of a `PinnedFontConfig`, which keeps them alive.
struct FontCoverage {
    let config: PinnedFontConfig
    let charsets: [OpaquePointer]

    /// Whether one of the fonts has a glyph for every scalar of `text`.
    func covers(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            charsets.contains { FcCharSetHasChar($0, FcChar32(scalar.value)) == FcTrue }
        }
    }
}

/// One FT_Face per pinned font file, shared by the configurations that list it (the default
/// design's files are in all three): each file is opened once. Fonts are made on different
/// threads, and FreeType opens the faces of one library one at a time, hence the lock. The
/// faces and their library live as long as the process: Cairo keeps them in its font map after
/// a configuration is gone.
final class PinnedFaces: @unchecked Sendable {
    static let shared = PinnedFaces()

    /// Whether Cairo asks for a face when Pango first makes a font of its file
    /// (`PinnedFontConfig.openFaces`).
    let opensOnDemand: Bool

    /// The pinned files: the faces of other files are Cairo's to open.
    private static let pinnedPaths = Set(FontFiles.all.map(\.path))

    struct Key: Hashable {
        var path: String
        var index: Int
    }

    private let lock = NSLock()
    private var library: FT_Library?
    private var faces: [Key: FT_Face] = [:]

    private init() {
        if FT_Init_FreeType(&library) != 0 { library = nil }
        shotter_set_face_source { file, index in
            guard let file, case let path = String(cString: file), PinnedFaces.pinnedPaths.contains(path) else { return nil }
            return PinnedFaces.shared.face(path: path, index: Int(index)).map(UnsafeMutableRawPointer.init)
        }
        opensOnDemand = shotter_face_hook_is_active() != 0
    }

    /// Keeps `face`, opened elsewhere, as the file's face (`face(path:index:)` returns it),
    /// unless the file has one already: then `face` is closed (no other thread has it yet).
    func adopt(_ face: FT_Face, path: String, index: Int) {
        lock.withLock {
            let key = Key(path: path, index: index)
            if faces[key] == nil { faces[key] = face } else { FT_Done_Face(face) }
        }
    }

    /// Opens the faces of `keys` that are not open yet, the second half on a thread of its own
    /// with a FreeType library of its own: FreeType takes about 400 K instructions to open one
    /// of Inter's faces, and the default design has 36. A face that does not open is left to
    /// `face(path:index:)`, which answers nil for it.
    func open(_ keys: [Key]) {
        var missing: [Key] = []
        lock.withLock {
            for key in keys where faces[key] == nil && !missing.contains(key) { missing.append(key) }
        }
        guard missing.count >= 4 else { return }
        let second = Array(missing.dropFirst(missing.count / 2))
        let (_, opened) = onTwoThreads({
            for key in missing.prefix(missing.count / 2) { _ = face(path: key.path, index: key.index) }
        }, alongside: { Self.openAlone(second) })
        for (key, face) in opened { adopt(face, path: key.path, index: key.index) }
    }

    /// The faces of `keys` that open, from a FreeType library of their own, which lives on
    /// with them (as `PinnedFontConfig.query`'s do).
    private static func openAlone(_ keys: [Key]) -> [(key: Key, face: FT_Face)] {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return [] }
        return keys.compactMap { key in
            var face: FT_Face?
            guard FT_New_Face(library, key.path, FT_Long(key.index), &face) == 0, let face else { return nil }
            return (key, face)
        }
    }

    func face(path: String, index: Int) -> FT_Face? {
        lock.withLock {
            let key = Key(path: path, index: index)
            if let face = faces[key] { return face }
            var face: FT_Face?
            guard let library, FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
            faces[key] = face
            return face
        }
    }
}
