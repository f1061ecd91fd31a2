/// A Gaussian blur of 8-bit planes as three successive box blurs per axis (the sum of three
/// uniform windows is within a few percent of a Gaussian), each a running sum: linear in the
/// pixel count whatever the radius. Cairo has no blur of its own.
enum GaussianBlur {
    /// Box widths (odd) whose three passes give standard deviation `sigma` (Kovesi's
    /// "boxes for Gauss"); empty when `sigma` is too small to change a pixel. A deviation past
    /// `maxSigma` is that one: wider boxes than a billion pixels make no plane any different.
    static func boxWidths(sigma: Double) -> [Int] {
        guard sigma.isFinite, sigma >= 0.2 else { return [] }
        let sigma = min(sigma, maxSigma)
        let n = 3.0
        let ideal = (12 * sigma * sigma / n + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(1, lower)
        let upper = lower + 2
        let l = Double(lower)
        let m = ((12 * sigma * sigma - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded()
        return (0..<3).map { Double($0) < m ? lower : upper }
    }

    static let maxSigma = 1e9

    /// Blurs `plane` (`width` x `height`, rows packed) in place; outside the plane counts as 0.
    static func blur(_ plane: inout [UInt8], width: Int, height: Int, sigma: Double) {
        let widths = boxWidths(sigma: sigma)
        guard !widths.isEmpty, width > 0, height > 0, plane.count == width * height else { return }
        var scratch = [UInt8](repeating: 0, count: max(width, height))
        for w in widths { boxRows(&plane, width: width, height: height, radius: w / 2, &scratch) }
        var turned = transpose(plane, width: width, height: height)
        for w in widths { boxRows(&turned, width: height, height: width, radius: w / 2, &scratch) }
        plane = transpose(turned, width: height, height: width)
    }

    /// A box of 2·radius + 1 along every row (unchecked arithmetic over raw pointers: every
    /// index stays inside its row, and a sum stays under 255 x window).
    private static func boxRows(_ plane: inout [UInt8], width: Int, height: Int, radius: Int, _ scratch: inout [UInt8]) {
        guard radius > 0 else { return }
        let window = 2 * radius + 1
        // Dividing by the window as a multiply and a shift (exact for sums up to 255 x window).
        let reciprocal = ((1 << 32) + window - 1) / window
        let half = window / 2
        let lead = min(radius, width)
        let middleEnd = max(lead, width - radius)
        plane.withUnsafeMutableBufferPointer { plane in
            scratch.withUnsafeMutableBufferPointer { row in
                guard let p = plane.baseAddress, let out = row.baseAddress else { return }
                for y in 0..<height {
                    let line = p + y &* width
                    var sum = 0
                    // The window covers x - radius ... x + radius.
                    for x in 0..<lead { sum &+= Int(line[x]) }
                    // Near the ends the window sticks out of the row; between them it never does.
                    func edge(_ x: Int) {
                        let enter = x &+ radius
                        if enter < width { sum &+= Int(line[enter]) }
                        out[x] = UInt8(truncatingIfNeeded: ((sum &+ half) &* reciprocal) &>> 32)
                        let leave = x &- radius
                        if leave >= 0 { sum &-= Int(line[leave]) }
                    }
                    for x in 0..<lead { edge(x) }
                    for x in lead..<middleEnd {
                        sum &+= Int(line[x &+ radius])
                        out[x] = UInt8(truncatingIfNeeded: ((sum &+ half) &* reciprocal) &>> 32)
                        sum &-= Int(line[x &- radius])
                    }
                    for x in middleEnd..<width { edge(x) }
                    line.update(from: out, count: width)
                }
            }
        }
    }

    private static func transpose(_ plane: [UInt8], width: Int, height: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: plane.count) { out, count in
            plane.withUnsafeBufferPointer { p in
                guard let source = p.baseAddress, let target = out.baseAddress else { return }
                for y in 0..<height {
                    let row = source + y &* width
                    var column = target + y
                    for x in 0..<width {
                        column.initialize(to: row[x])
                        column += height
                    }
                }
            }
            count = plane.count
        }
    }
}
