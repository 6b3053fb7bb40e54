/// Three-dimensional simplex noise with its analytic gradient and gradients that turn with an angle (the
/// "flow noise" variant of simplex noise), as UIKit's noise and turbulence fields use (spec §2.9).
///
/// Deterministic: a pure function of its arguments, hashed with Ken Perlin's published permutation table. The
/// value lies in about −1…1. Each lattice corner's gradient is `cos(angle) · u + sin(angle) · w`, where u is one
/// of the twelve cube-edge directions and w a vector of the same length perpendicular to it, so animating the
/// angle makes the pattern swirl without drifting.
public enum SimplexNoise {
    /// Value and gradient (∂n/∂x, ∂n/∂y, ∂n/∂z) of the noise at (x, y, z) with gradients turned by `angle` (rad).
    public static func evaluate(
        _ x: Double, _ y: Double, _ z: Double,
        angle: Double
    ) -> (value: Double, gradient: (x: Double, y: Double, z: Double)) {
        // Beyond ±1e15 the lattice cell no longer fits an Int reliably; the noise is simply 0 there.
        guard abs(x) < 1e15, abs(y) < 1e15, abs(z) < 1e15, angle.isFinite else { return (0, (0, 0, 0)) }
        let ca = mCos(angle), sa = mSin(angle)

        // Skew to the simplex lattice and find the containing cell.
        let s = (x + y + z) * skew
        let i = floorInt(x + s), j = floorInt(y + s), k = floorInt(z + s)
        let t = Double(i + j + k) * unskew
        let x0 = x - (Double(i) - t), y0 = y - (Double(j) - t), z0 = z - (Double(k) - t)

        // Which of the six tetrahedra of the cube: the order of the offsets.
        let (i1, j1, k1, i2, j2, k2): (Int, Int, Int, Int, Int, Int)
        if x0 >= y0 {
            if y0 >= z0 {
                (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 1, 0)
            } else if x0 >= z0 {
                (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 0, 1)
            } else {
                (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 1, 0, 1)
            }
        } else {
            if y0 < z0 {
                (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 0, 1, 1)
            } else if x0 < z0 {
                (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 0, 1, 1)
            } else {
                (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 1, 1, 0)
            }
        }
        var sum = Accumulator()
        sum.add(gradient(i, j, k, ca, sa), x0, y0, z0)
        sum.add(
            gradient(i + i1, j + j1, k + k1, ca, sa),
            x0 - Double(i1) + unskew, y0 - Double(j1) + unskew, z0 - Double(k1) + unskew)
        sum.add(
            gradient(i + i2, j + j2, k + k2, ca, sa),
            x0 - Double(i2) + 2 * unskew, y0 - Double(j2) + 2 * unskew, z0 - Double(k2) + 2 * unskew)
        sum.add(gradient(i + 1, j + 1, k + 1, ca, sa), x0 - 1 + 3 * unskew, y0 - 1 + 3 * unskew, z0 - 1 + 3 * unskew)
        let (n, gx, gy, gz) = (sum.n, sum.gx, sum.gy, sum.gz)
        return (scale * n, (scale * gx, scale * gy, scale * gz))
    }

    /// Ken Perlin's permutation of 0…255 (the published constant of his reference noise).
    public static let permutation: [UInt8] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142, 8, 99, 37,
        240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32, 57, 177,
        33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71, 134, 139, 48, 27, 166, 77, 146,
        158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54, 65, 25,
        63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100,
        109, 198, 173, 186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212, 207, 206,
        59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70, 221, 153,
        101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218,
        246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107,
        49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205,
        93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180
    ]

    // MARK: Private

    /// Lattice skew and unskew factors for three dimensions: (√4 − 1)/3 and (1 − 1/√4)/3.
    private static let skew = 1.0 / 3
    private static let unskew = 1.0 / 6
    /// Squared radius of each corner's kernel.
    private static let radiusSquared = 0.6
    /// Brings the sum into about −1…1.
    private static let scale = 28.0

    /// The twelve cube-edge directions (length √2) and, for each, a perpendicular partner of the same length
    /// (the edge crossed with the cube diagonal (1, 1, 1), rescaled).
    private static let edges: [(Double, Double, Double)] = [
        (1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0), (1, 0, 1), (-1, 0, 1),
        (1, 0, -1), (-1, 0, -1), (0, 1, 1), (0, -1, 1), (0, 1, -1), (0, -1, -1)
    ]
    private static let partners: [(Double, Double, Double)] = edges.map { u in
        let c = (u.1 - u.2, u.2 - u.0, u.0 - u.1)
        let len = (c.0 * c.0 + c.1 * c.1 + c.2 * c.2).squareRoot()
        let s = 2.0.squareRoot() / len
        return (s * c.0, s * c.1, s * c.2)
    }

    /// The sum of the four corners' kernels and of their derivatives.
    private struct Accumulator {
        var n = 0.0, gx = 0.0, gy = 0.0, gz = 0.0

        /// Adds one corner with gradient g at offset d from the point: f⁴ (g·d), f = r² − |d|² when positive.
        @inline(__always) mutating func add(_ g: (Double, Double, Double), _ dx: Double, _ dy: Double, _ dz: Double) {
            let f = SimplexNoise.radiusSquared - dx * dx - dy * dy - dz * dz
            guard f > 0 else { return }
            let along = g.0 * dx + g.1 * dy + g.2 * dz
            let f2 = f * f
            let f4 = f2 * f2
            n += f4 * along
            // d/dd of f⁴ (g·d) = f⁴ g − 8 f³ (g·d) d.
            let c = 8 * f2 * f * along
            gx += f4 * g.0 - c * dx
            gy += f4 * g.1 - c * dy
            gz += f4 * g.2 - c * dz
        }
    }

    @inline(__always) private static func floorInt(_ v: Double) -> Int {
        let i = Int(v)
        return Double(i) > v ? i - 1 : i
    }

    @inline(__always) private static func hash(_ i: Int, _ j: Int, _ k: Int) -> Int {
        let p = permutation
        let a = Int(p[k & 255])
        let b = Int(p[(j + a) & 255])
        return Int(p[(i + b) & 255])
    }

    @inline(__always) private static func gradient(
        _ i: Int, _ j: Int, _ k: Int,
        _ ca: Double, _ sa: Double
    ) -> (Double, Double, Double) {
        let h = hash(i, j, k) % 12
        let u = edges[h], w = partners[h]
        return (ca * u.0 + sa * w.0, ca * u.1 + sa * w.1, ca * u.2 + sa * w.2)
    }
}
