/// Comparing images (golden tests) and telling blank ones apart.
extension Raster {
    /// How two images of the same size differ.
    public struct Difference: Sendable, CustomStringConvertible {
        /// Pixels whose largest channel difference exceeds the tolerance.
        public var differingPixels: Int
        /// Largest channel difference anywhere, 0…255.
        public var maxChannelDelta: Int
        /// Bounding box of the differing pixels (x0, y0, x1, y1), inclusive; nil when none differ.
        public var box: (Int, Int, Int, Int)?

        public var description: String {
            let b = box.map { " in (\($0.0), \($0.1))…(\($0.2), \($0.3))" } ?? ""
            return "\(differingPixels) pixels differ (max channel delta \(maxChannelDelta))\(b)"
        }
    }

    /// The pixels of `other` whose channels differ from this image's by more than `tolerance` (0…255); nil when
    /// the sizes differ.
    public func difference(from other: Raster, tolerance: Int) -> Difference? {
        guard other.width == width, other.height == height else { return nil }
        var count = 0, maxDelta = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for i in pixels.indices where pixels[i] != other.pixels[i] {
            let a = pixels[i], b = other.pixels[i]
            var d = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                d = max(d, abs(Int((a >> shift) & 0xFF) - Int((b >> shift) & 0xFF)))
            }
            maxDelta = max(maxDelta, d)
            if d > tolerance {
                count += 1
                let x = i % width, y = i / width
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return Difference(
            differingPixels: count, maxChannelDelta: maxDelta,
            box: count > 0 ? (x0, y0, x1, y1) : nil)
    }

    /// Number of distinct colours, counting up to `limit` (a blank frame has 1).
    public func distinctColors(limit: Int = 64) -> Int {
        var seen = Set<UInt32>()
        for p in pixels {
            seen.insert(p)
            if seen.count >= limit { break }
        }
        return seen.count
    }
}
