// Exact geometry of an origin-centred, axis-aligned ellipse x²/a² + y²/b² = 1 with radii r = (a, b).

/// Support function, surface normal and closest point of an ellipse centred at the origin with semi-axes
/// `r.x` along x and `r.y` along y.
enum EllipseMath {
    /// Support value h(d) = max over the ellipse of dot(d, x) = √(a²dx² + b²dy²) (d need not be unit).
    @inline(__always)
    static func extent(_ r: Vec2, _ d: Vec2) -> Double {
        let ax = r.x * d.x
        let by = r.y * d.y
        return (ax * ax + by * by).squareRoot()
    }

    /// The surface point farthest along `d` (d need not be unit; a zero `d` gives (a, 0)).
    @inline(__always)
    static func support(_ r: Vec2, _ d: Vec2) -> Vec2 {
        let ax = r.x * r.x * d.x
        let by = r.y * r.y * d.y
        let h = (ax * d.x + by * d.y).squareRoot()
        return h > 0 ? Vec2(ax / h, by / h) : Vec2(r.x, 0)
    }

    /// Outward unit normal at surface point `p` (the normalised gradient (x/a², y/b²)).
    @inline(__always)
    static func normal(_ r: Vec2, at p: Vec2) -> Vec2 {
        let g = Vec2(p.x / (r.x * r.x), p.y / (r.y * r.y))
        let l = g.length
        return l > 0 ? g / l : Vec2(1, 0)
    }

    /// x²/a² + y²/b² at `p`: < 1 inside, 1 on the surface, > 1 outside.
    @inline(__always)
    static func level(_ r: Vec2, _ p: Vec2) -> Double {
        let u = p.x / r.x
        let v = p.y / r.y
        return u * u + v * v
    }

    /// Length of the shortest chord of the ellipse that is normal to it at one end: the minor axis 2b when
    /// a² ≤ 2b², else 3√3·a²b²/(a² + b²)^(3/2) (a ≥ b).
    @inline(__always)
    static func shortestNormalChord(_ r: Vec2) -> Double {
        let a = Swift.max(r.x, r.y)
        let b = Swift.min(r.x, r.y)
        if a * a <= 2 * b * b { return 2 * b }
        let s = a * a + b * b
        return 3 * 3.0.squareRoot() * a * a * b * b / (s * s.squareRoot())
    }

    /// The point of the ellipse boundary closest to `p` (p inside or outside).
    ///
    /// Eberly's reduction ("Distance from a point to an ellipse"): fold into the first quadrant with the major
    /// axis along x, then solve the secular equation for the Lagrange parameter with a safeguarded Newton
    /// iteration (monotone from the left because the function is convex and decreasing).
    static func closestPoint(_ r: Vec2, _ p: Vec2) -> Vec2 {
        let swap = r.x < r.y
        let e0 = swap ? r.y : r.x
        let e1 = swap ? r.x : r.y
        let p0 = swap ? p.y : p.x
        let p1 = swap ? p.x : p.y
        let y0 = abs(p0)
        let y1 = abs(p1)
        var x0: Double
        var x1: Double
        if y1 > 0 {
            if y0 > 0 {
                let z0 = y0 / e0
                let z1 = y1 / e1
                let g = z0 * z0 + z1 * z1 - 1
                if g != 0 {
                    let ratio = e0 / e1
                    let r0 = ratio * ratio
                    let s = secularRoot(r0, z0, z1, g)
                    x0 = r0 * y0 / (s + r0)
                    x1 = y1 / (s + 1)
                } else {
                    x0 = y0
                    x1 = y1
                }
            } else {
                x0 = 0
                x1 = e1
            }
        } else {
            let numer0 = e0 * y0
            let denom0 = e0 * e0 - e1 * e1
            if numer0 < denom0 {
                let xde0 = numer0 / denom0
                x0 = e0 * xde0
                x1 = e1 * Swift.max(0, 1 - xde0 * xde0).squareRoot()
            } else {
                x0 = e0
                x1 = 0
            }
        }
        if p0 < 0 { x0 = -x0 }
        if p1 < 0 { x1 = -x1 }
        return swap ? Vec2(x1, x0) : Vec2(x0, x1)
    }

    /// Root s of G(s) = (r0·z0/(s + r0))² + (z1/(s + 1))² − 1 for z0, z1 > 0, r0 ≥ 1; `g` = G(0).
    ///
    /// G is convex and decreasing for s > −1 and G(z1 − 1) ≥ 0, so Newton's method started there climbs to the
    /// root from the left without overshooting (a step past `hi`, an upper bound, is halved instead). It stops
    /// when G ≤ 0 (the root reached to rounding) or the step is below 1e-13 relative: at most ~16 steps, closest
    /// points accurate to ~1e-9 pt.
    @inline(__always)
    private static func secularRoot(_ r0: Double, _ z0: Double, _ z1: Double, _ g: Double) -> Double {
        let n0 = r0 * z0
        let hi = g < 0 ? 0 : (n0 * n0 + z1 * z1).squareRoot() - 1
        var s = z1 - 1
        for _ in 0..<64 {
            let d0 = s + r0
            let d1 = s + 1
            let q0 = n0 / d0
            let q1 = z1 / d1
            let gs = q0 * q0 + q1 * q1 - 1
            if gs <= 0 { return s }
            let slope = -2 * (q0 * q0 / d0 + q1 * q1 / d1)
            var nextS = s - gs / slope
            if !(nextS < hi) { nextS = 0.5 * (s + hi) }
            if abs(nextS - s) <= 1e-13 * Swift.max(1, abs(s)) { return nextS }
            s = nextS
        }
        return s
    }
}
