import Foundation

/// Where `url` images (AsyncImage) come from in a run that never touches the network: a
/// folder whose files are found by the URL's last path component, or a JSON map file
/// (`{ "https://...": "file" }`, files relative to the map). A URL neither resolves draws the
/// loading placeholder.
public struct RemoteImages: Hashable, Sendable {
    public let source: String?
    private var directory: String?
    private var map: [String: String] = [:]

    public static let none = RemoteImages(source: nil)
    private init(source: String?) { self.source = source }

    /// Reads `path`: a folder, or a JSON object of strings.
    public static func load(_ path: String) throws(AssetCatalog.LoadError) -> RemoteImages {
        var images = RemoteImages(source: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AssetCatalog.LoadError(description: "\(path): no such images folder or map file")
        }
        if isDirectory.boolValue {
            images.directory = path
            return images
        }
        guard let data = FileManager.default.contents(atPath: path),
              let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              object.values.allSatisfy({ $0 is String }) else {
            throw AssetCatalog.LoadError(description: "\(path): an images map must be a JSON object of URL to file name")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        for (url, file) in object {
            let file = file as! String
            images.map[url] = file.hasPrefix("/") ? file : base.appendingPathComponent(file).path
        }
        return images
    }

    /// The local file for `url`, when one exists.
    public func file(for url: String) -> String? {
        if let mapped = map[url] { return FileManager.default.fileExists(atPath: mapped) ? mapped : nil }
        guard let directory else { return nil }
        let path = url.split(separator: "#", maxSplits: 1).first.map(String.init) ?? url
        let withoutQuery = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard let last = withoutQuery.split(separator: "/").last, !last.contains(":") else { return nil }
        let name = String(last).removingPercentEncoding ?? String(last)
        guard name != "..", name != "." else { return nil }
        let file = URL(fileURLWithPath: directory).appendingPathComponent(name).path
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }
}
