import Foundation
import ImageDiff
@testable import SnapshotRunner

/// A fresh directory under the system's temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "shotter-runner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func writeFile(_ text: String, _ path: String) throws {
    try writeBytes(Array(text.utf8), path)
}

func writeBytes(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

/// A stream with one text per commit: commit n shows `texts[n-1]`.
func streamText(_ texts: [String]) -> String {
    var lines = [#"{"id":1,"kind":"text","op":"create","props":{"text":"\#(texts[0])"}}"#,
                 #"{"id":1,"index":0,"op":"insert","parent":0}"#, #"{"op":"commit"}"#]
    for text in texts.dropFirst() {
        lines += [#"{"id":1,"op":"update","props":{"text":"\#(text)"}}"#, #"{"op":"commit"}"#]
    }
    return lines.joined(separator: "\n") + "\n"
}

/// A w x h PNG filled with one color, with `changed` pixels set to another.
func solidPNG(_ w: Int, _ h: Int, _ color: [UInt8] = [255, 255, 255, 255], changed: [(Int, Int)] = [],
              to other: [UInt8] = [0, 0, 0, 255]) throws -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: w * h * 4)
    for i in 0..<(w * h) { pixels.replaceSubrange(i * 4..<i * 4 + 4, with: color) }
    for (x, y) in changed { pixels.replaceSubrange((y * w + x) * 4..<(y * w + x) * 4 + 4, with: other) }
    return try PNGEncoder.encode(rgba: pixels, width: w, height: h)
}
