/// Small anti-aliased discs from cached coverage masks: a pile of 2000 balls or a trail of contact dots costs a
/// table lookup and a blend per pixel instead of a square root per edge pixel.
///
/// A mask holds the disc's coverage (the same rule as every shape: 0.5 px − distance, clamped to 0…1) for one
/// radius and one of `DiscCache.steps` × `DiscCache.steps` sub-pixel positions of the centre. Snapping the centre
/// to 1/16 px moves an edge by at most 1/32 px, so a pixel's coverage differs from the exact one by at most
/// 0.044 (11 levels of 255 at full contrast).
struct DiscCache: Sendable {
    /// Sub-pixel positions per axis. 16.
    static let steps = 16
    /// Largest radius drawn from masks, px; larger discs are shaded directly. 16.
    static let maxRadius = 16.0
    /// Most radii kept; further radii are shaded directly. 8.
    static let maxRadii = 8

    /// Where one mask lives in the flat stores.
    struct Mask: Sendable {
        /// Pixels from the mask's first column (row) to the centre's pixel.
        var reach: Int
        /// Side, px: 2 · reach + 1.
        var side: Int
        /// Start of its `side` × `side` coverage bytes in `coverage`.
        var coverageStart: Int
        /// Start of its `side` rows in `rowFirst` / `rowLast`.
        var rowStart: Int
    }

    private var radii: [Double] = []
    /// Per radius, `steps²` mask slots (index into `masks`, −1 until built).
    private var slots: [[Int32]] = []
    private(set) var masks: [Mask] = []
    /// Coverage 0…255 of every mask, row-major.
    private(set) var coverage: [UInt8] = []
    /// Per mask row: first and last column with some coverage (first > last for an empty row), and the first and
    /// last column of its fully covered middle (first > last when none).
    private(set) var rowFirst: [Int16] = []
    private(set) var rowLast: [Int16] = []
    private(set) var solidFirst: [Int16] = []
    private(set) var solidLast: [Int16] = []

    /// The index in `masks` of the mask for `radius` at sub-pixel cell (`sx`, `sy`), or nil when the radius is not
    /// cached (too large, or the cache is full).
    mutating func mask(radius: Double, sx: Int, sy: Int) -> Int? {
        guard radius <= Self.maxRadius else { return nil }
        var r = -1
        for i in radii.indices where radii[i] == radius {
            r = i
            break
        }
        if r < 0 {
            guard radii.count < Self.maxRadii else { return nil }
            radii.append(radius)
            slots.append([Int32](repeating: -1, count: Self.steps * Self.steps))
            r = radii.count - 1
        }
        let cell = sy * Self.steps + sx
        let existing = slots[r][cell]
        if existing >= 0 { return Int(existing) }
        let n = Double(Self.steps)
        build(radius: radius, ox: Double(sx) / n, oy: Double(sy) / n)
        slots[r][cell] = Int32(masks.count - 1)
        return masks.count - 1
    }

    /// Appends the mask of a disc of `radius` px whose centre sits `ox`, `oy` px (0…1) right of and below the
    /// top-left corner of its pixel.
    private mutating func build(radius: Double, ox: Double, oy: Double) {
        let reach = Int(radius.rounded(.up)) + 1
        let side = 2 * reach + 1
        masks.append(Mask(reach: reach, side: side, coverageStart: coverage.count, rowStart: rowFirst.count))
        for j in 0..<side {
            let dy = Double(j - reach) + 0.5 - oy
            var first = side, last = -1, solid0 = side, solid1 = -1
            for i in 0..<side {
                let dx = Double(i - reach) + 0.5 - ox
                let c = 0.5 - ((dx * dx + dy * dy).squareRoot() - radius)
                let v: UInt8 = c > 0 ? UInt8(min(1, c) * 255 + 0.5) : 0
                coverage.append(v)
                if v > 0 {
                    first = min(first, i)
                    last = i
                }
                if v == 255 {
                    solid0 = min(solid0, i)
                    solid1 = i
                }
            }
            rowFirst.append(Int16(first))
            rowLast.append(Int16(last))
            // A disc's row is convex: its fully covered pixels are one run.
            solidFirst.append(Int16(solid0))
            solidLast.append(Int16(solid1))
        }
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
        guard let index = discCache.mask(radius: radius, sx: sx, sy: sy) else { return false }
        let m = discCache.masks[index]
        let x0 = bx - m.reach, y0 = by - m.reach
        let ja = max(0, -y0), jb = min(m.side - 1, height - 1 - y0)
        guard ja <= jb else { return true }
        let w = width, alpha = Int(color.a), opaque = color.a == 255
        let solid = color.packed | 0xFF00_0000
        pixels.withUnsafeMutableBufferPointer { buf in
            discCache.coverage.withUnsafeBufferPointer { cov in
                discCache.rowFirst.withUnsafeBufferPointer { firsts in
                    discCache.rowLast.withUnsafeBufferPointer { lasts in
                        discCache.solidFirst.withUnsafeBufferPointer { solidFirsts in
                            discCache.solidLast.withUnsafeBufferPointer { solidLasts in
                                @inline(__always) func edge(_ k: Int, _ c: Int) {
                                    if c > 0 { Raster.blend(&buf[k], color, alpha: (c * alpha + 127) / 255) }
                                }
                                for j in ja...jb {
                                    let r = m.rowStart + j
                                    let ia = max(Int(firsts[r]), -x0), ib = min(Int(lasts[r]), w - 1 - x0)
                                    guard ia <= ib else { continue }
                                    let row = (y0 + j) * w + x0, mrow = m.coverageStart + j * m.side
                                    // Edge, solid middle (one store per pixel when opaque), edge.
                                    let sa = max(Int(solidFirsts[r]), ia), sb = min(Int(solidLasts[r]), ib)
                                    guard opaque, sa <= sb else {
                                        for i in ia...ib { edge(row + i, Int(cov[mrow + i])) }
                                        continue
                                    }
                                    for i in ia..<sa { edge(row + i, Int(cov[mrow + i])) }
                                    for i in sa...sb { buf[row + i] = solid }
                                    if sb < ib { for i in (sb + 1)...ib { edge(row + i, Int(cov[mrow + i])) } }
                                }
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}
