/// Small anti-aliased discs from cached coverage masks: a pile of 2000 balls or a trail of contact dots costs a
/// table lookup and a blend per pixel instead of a square root per edge pixel.
///
/// A mask holds the disc's coverage (the same rule as every shape: 0.5 px − distance, clamped to 0…1) for one
/// radius and one of `DiscCache.steps` × `DiscCache.steps` sub-pixel positions of the centre. Snapping the centre
/// to 1/16 px moves an edge by at most 1/32 px, so a pixel's coverage differs from the exact one by at most
/// 0.044 (11 levels of 255 at full contrast).
struct DiscMask: Sendable {
    /// Pixels from the mask's first column (row) to the centre's pixel.
    let reach: Int
    /// Side, px: 2 · reach + 1.
    let side: Int
    /// Coverage 0…255, row-major, `side` × `side`.
    let coverage: [UInt8]
    /// First and last column of each row with some coverage (first > last for an empty row).
    let first: [Int]
    let last: [Int]

    /// The mask of a disc of `radius` px whose centre sits `ox`, `oy` px (0…1) right of and below the top-left
    /// corner of its pixel.
    init(radius: Double, ox: Double, oy: Double) {
        reach = Int(radius.rounded(.up)) + 1
        side = 2 * reach + 1
        var cov = [UInt8](repeating: 0, count: side * side)
        var first = [Int](repeating: side, count: side), last = [Int](repeating: -1, count: side)
        for j in 0..<side {
            let dy = Double(j - reach) + 0.5 - oy
            for i in 0..<side {
                let dx = Double(i - reach) + 0.5 - ox
                let c = 0.5 - ((dx * dx + dy * dy).squareRoot() - radius)
                guard c > 0 else { continue }
                let v = UInt8(min(1, c) * 255 + 0.5)
                guard v > 0 else { continue }
                cov[j * side + i] = v
                first[j] = min(first[j], i)
                last[j] = max(last[j], i)
            }
        }
        coverage = cov
        self.first = first
        self.last = last
    }
}

/// Disc masks by radius (a few radii: balls, contact dots, knobs) and sub-pixel position, built on first use.
struct DiscCache: Sendable {
    /// Sub-pixel positions per axis. 16.
    static let steps = 16
    /// Largest radius drawn from masks, px; larger discs are shaded directly. 16.
    static let maxRadius = 16.0
    /// Most radii kept; further radii are shaded directly. 8.
    static let maxRadii = 8

    private var radii: [Double] = []
    private var masks: [[DiscMask?]] = []

    /// The mask for `radius` at sub-pixel cell (`sx`, `sy`), or nil when the radius is not cached (too large, or
    /// the cache is full).
    mutating func mask(radius: Double, sx: Int, sy: Int) -> DiscMask? {
        guard radius <= Self.maxRadius else { return nil }
        var slot = -1
        for i in radii.indices where radii[i] == radius {
            slot = i
            break
        }
        if slot < 0 {
            guard radii.count < Self.maxRadii else { return nil }
            radii.append(radius)
            masks.append([DiscMask?](repeating: nil, count: Self.steps * Self.steps))
            slot = radii.count - 1
        }
        let cell = sy * Self.steps + sx
        if let m = masks[slot][cell] { return m }
        let n = Double(Self.steps)
        let m = DiscMask(radius: radius, ox: Double(sx) / n, oy: Double(sy) / n)
        masks[slot][cell] = m
        return m
    }
}

extension Raster {
    /// Draws a disc of `radius` px (≤ `DiscCache.maxRadius`) centred at (`cx`, `cy`) from a cached mask. False
    /// when the disc is not cacheable (the caller shades it directly).
    mutating func blendDisc(cx: Double, cy: Double, radius: Double, _ color: RGBA) -> Bool {
        guard radius <= DiscCache.maxRadius, abs(cx) < 1e7, abs(cy) < 1e7 else { return false }
        let steps = Double(DiscCache.steps)
        var bx = Int(cx.rounded(.down)), by = Int(cy.rounded(.down))
        var sx = Int(((cx - Double(bx)) * steps).rounded()), sy = Int(((cy - Double(by)) * steps).rounded())
        if sx == DiscCache.steps { sx = 0; bx += 1 }
        if sy == DiscCache.steps { sy = 0; by += 1 }
        guard let m = discCache.mask(radius: radius, sx: sx, sy: sy) else { return false }
        let x0 = bx - m.reach, y0 = by - m.reach
        let ja = max(0, -y0), jb = min(m.side - 1, height - 1 - y0)
        guard ja <= jb else { return true }
        let w = width, alpha = Int(color.a), opaque = color.a == 255
        let solid = color.packed | 0xFF00_0000
        pixels.withUnsafeMutableBufferPointer { buf in
            m.coverage.withUnsafeBufferPointer { cov in
                for j in ja...jb {
                    let ia = max(m.first[j], -x0), ib = min(m.last[j], w - 1 - x0)
                    guard ia <= ib else { continue }
                    let row = (y0 + j) * w + x0, mrow = j * m.side
                    for i in ia...ib {
                        let c = Int(cov[mrow + i])
                        if c == 255 && opaque {
                            buf[row + i] = solid
                        } else if c > 0 {
                            Raster.blend(&buf[row + i], color, alpha: (c * alpha + 127) / 255)
                        }
                    }
                }
            }
        }
        return true
    }
}
