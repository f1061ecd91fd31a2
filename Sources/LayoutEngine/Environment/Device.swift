import Assets
import LayoutModel

/// A screen to render for: size in points, pixel scale, safe areas and status bar look.
public struct Device: Hashable, Sendable {
    public enum StatusBar: Hashable, Sendable {
        /// Time leading, Dynamic Island centered, indicators trailing (iPhone 14 Pro and later).
        case dynamicIsland
        /// Time centered, no island (iPhone SE).
        case classic
        /// Small bar: time leading, indicators trailing (iPad).
        case tablet
        case none
    }
    public var name: String
    public var size: Size
    public var scale: Double
    public var safeArea: EdgeInsets
    public var statusBar: StatusBar
    public var hasHomeIndicator: Bool
    public var regularWidth: Bool

    public static let builtIn: [Device] = [
        Device(name: "iphone15pro", size: Size(width: 393, height: 852), scale: 3,
               safeArea: EdgeInsets(top: 59, bottom: 34), statusBar: .dynamicIsland, hasHomeIndicator: true, regularWidth: false),
        Device(name: "iphone15promax", size: Size(width: 430, height: 932), scale: 3,
               safeArea: EdgeInsets(top: 59, bottom: 34), statusBar: .dynamicIsland, hasHomeIndicator: true, regularWidth: false),
        Device(name: "iphone16pro", size: Size(width: 402, height: 874), scale: 3,
               safeArea: EdgeInsets(top: 62, bottom: 34), statusBar: .dynamicIsland, hasHomeIndicator: true, regularWidth: false),
        Device(name: "iphonese", size: Size(width: 375, height: 667), scale: 2,
               safeArea: EdgeInsets(top: 20, bottom: 0), statusBar: .classic, hasHomeIndicator: false, regularWidth: false),
        Device(name: "ipadpro11", size: Size(width: 834, height: 1194), scale: 2,
               safeArea: EdgeInsets(top: 24, bottom: 20), statusBar: .tablet, hasHomeIndicator: true, regularWidth: true),
    ]

    public static let `default` = builtIn[0]

    /// A built-in name, or `WIDTHxHEIGHT@SCALE` (a custom screen with no safe areas or bars).
    public static func named(_ name: String) -> Device? {
        if let device = builtIn.first(where: { $0.name == name }) { return device }
        let parts = name.split(separator: "@")
        guard parts.count <= 2 else { return nil }
        let dims = parts[0].split(separator: "x")
        guard dims.count == 2, let w = Double(dims[0]), let h = Double(dims[1]), w >= 1, h >= 1, w <= 10000, h <= 10000 else {
            return nil
        }
        var scale = 1.0
        if parts.count == 2 {
            guard let s = Double(parts[1]), s > 0, s <= 8 else { return nil }
            scale = s
        }
        return Device(name: name, size: Size(width: w, height: h), scale: scale, safeArea: .zero,
                      statusBar: .none, hasHomeIndicator: false, regularWidth: w >= 600)
    }
}

public enum ColorScheme: String, Hashable, Sendable, CaseIterable { case light, dark }

/// SwiftUI's `\.layoutDirection` (issue 14): right to left swaps leading and trailing.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable { case ltr, rtl }

/// Xcode's scheme pseudolanguages (issue 14): every user-visible string is transformed before
/// it is measured.
public enum Pseudolanguage: String, Hashable, Sendable, CaseIterable { case double, accented, bounded, rtl }

/// iOS's Bold Text setting, SwiftUI's `\.legibilityWeight` (issue 14).
public enum LegibilityWeight: String, Hashable, Sendable, CaseIterable { case regular, bold }

/// iOS's Increase Contrast setting, SwiftUI's `\.colorSchemeContrast` (issue 14).
public enum ColorSchemeContrast: String, Hashable, Sendable, CaseIterable { case standard, increased }

extension RenderEnvironment {
    /// Issue 14's axes that differ from the default, as file names and reports spell them:
    /// `rtl`, `pseudo-double`, `bold-text`, `increased-contrast` (empty by default, so names and
    /// reports without them are unchanged).
    public var axisNames: [String] {
        var names: [String] = []
        // The rtl pseudolanguage lays out right to left by itself: its name says so.
        if layoutDirection == .rtl && pseudolanguage != .rtl { names.append("rtl") }
        if let pseudolanguage { names.append("pseudo-" + pseudolanguage.rawValue) }
        if legibilityWeight == .bold { names.append("bold-text") }
        if contrast == .increased { names.append("increased-contrast") }
        return names
    }

    /// This environment without the axes that change texts (pseudolanguage, Bold Text) at
    /// `size`: what the audit compares a text with to say a truncation is new.
    public func plainTexts(at size: DynamicTypeSize) -> RenderEnvironment {
        var plain = self
        plain.dynamicTypeSize = size
        if pseudolanguage == .rtl { plain.layoutDirection = .ltr }
        plain.pseudolanguage = nil
        plain.legibilityWeight = .regular
        return plain
    }
}

/// Everything a pass is rendered for.
public struct RenderEnvironment: Hashable, Sendable {
    public var device: Device
    public var dynamicTypeSize: DynamicTypeSize
    public var colorScheme: ColorScheme
    /// Images and colors an app names (`--assets`): layout reads intrinsic sizes, paint the
    /// files and colors.
    public var catalog: AssetCatalog
    /// The local files behind `url` images (`--images`).
    public var remoteImages: RemoteImages
    public var layoutDirection: LayoutDirection
    /// The transform applied to every user-visible string, if any.
    public var pseudolanguage: Pseudolanguage?
    public var legibilityWeight: LegibilityWeight
    public var contrast: ColorSchemeContrast
    public init(device: Device = .default, dynamicTypeSize: DynamicTypeSize = .large, colorScheme: ColorScheme = .light,
                catalog: AssetCatalog = .empty, remoteImages: RemoteImages = .none,
                layoutDirection: LayoutDirection = .ltr, pseudolanguage: Pseudolanguage? = nil,
                legibilityWeight: LegibilityWeight = .regular, contrast: ColorSchemeContrast = .standard) {
        self.device = device; self.dynamicTypeSize = dynamicTypeSize; self.colorScheme = colorScheme
        self.catalog = catalog; self.remoteImages = remoteImages
        self.layoutDirection = layoutDirection; self.pseudolanguage = pseudolanguage
        self.legibilityWeight = legibilityWeight; self.contrast = contrast
    }
}
