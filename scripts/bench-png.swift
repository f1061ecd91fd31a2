// Driver for scripts/bench-png.sh: PNG sizes and encoding times of `pngCompression` "fast"
// and "small" over the files given, compiled with ImageDiff's sources (public API only, so it
// runs against any revision of them).
import Foundation

func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

var totals = (files: 0, original: 0, fast: 0, small: 0, fastTime: 0.0, smallTime: 0.0)
var slowest = 0.0
for path in CommandLine.arguments.dropFirst() {
    let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
    let image = try PNGDecoder.decode(bytes)
    var start = seconds()
    let fast = try PNGEncoder.encode(rgba: image.pixels, width: image.width, height: image.height)
    totals.fastTime += seconds() - start
    start = seconds()
    let small = try PNGEncoder.encodeSmallest(rgba: image.pixels, width: image.width, height: image.height)
    let smallTime = seconds() - start
    totals.smallTime += smallTime
    slowest = max(slowest, smallTime)
    guard try PNGDecoder.decode(small).pixels == image.pixels else { fatalError("\(path): small does not decode to its pixels") }
    guard try PNGEncoder.encodeSmallest(rgba: image.pixels, width: image.width, height: image.height) == small else {
        fatalError("\(path): small is not byte-identical on a second encoding")
    }
    print("\(path) \(image.width)x\(image.height) fast \(fast.count) small \(small.count) \(String(format: "%.2f", smallTime)) s")
    totals.files += 1; totals.original += bytes.count; totals.fast += fast.count; totals.small += small.count
}
print("files \(totals.files): as given \(totals.original) bytes, fast \(totals.fast) bytes in \(String(format: "%.2f", totals.fastTime)) s, "
      + "small \(totals.small) bytes in \(String(format: "%.2f", totals.smallTime)) s (slowest file \(String(format: "%.2f", slowest)) s); "
      + "every small file decodes to its pixels and is byte-identical on a second encoding")
