/// A 3×3 matrix (rows), for the small blocks of the joint tree solver.
package struct Mat3: Sendable {
    package var r0: (Double, Double, Double)
    package var r1: (Double, Double, Double)
    package var r2: (Double, Double, Double)

    package static let zero = Mat3(r0: (0, 0, 0), r1: (0, 0, 0), r2: (0, 0, 0))

    package static func diagonal(_ a: Double, _ b: Double, _ c: Double) -> Mat3 {
        Mat3(r0: (a, 0, 0), r1: (0, b, 0), r2: (0, 0, c))
    }

    @inline(__always) package var transposed: Mat3 {
        Mat3(r0: (r0.0, r1.0, r2.0), r1: (r0.1, r1.1, r2.1), r2: (r0.2, r1.2, r2.2))
    }

    @inline(__always) package func times(_ v: Vec3) -> Vec3 {
        Vec3(
            r0.0 * v.x + r0.1 * v.y + r0.2 * v.z,
            r1.0 * v.x + r1.1 * v.y + r1.2 * v.z,
            r2.0 * v.x + r2.1 * v.y + r2.2 * v.z)
    }

    @inline(__always) package func times(_ m: Mat3) -> Mat3 {
        let c0 = times(Vec3(m.r0.0, m.r1.0, m.r2.0))
        let c1 = times(Vec3(m.r0.1, m.r1.1, m.r2.1))
        let c2 = times(Vec3(m.r0.2, m.r1.2, m.r2.2))
        return Mat3(r0: (c0.x, c1.x, c2.x), r1: (c0.y, c1.y, c2.y), r2: (c0.z, c1.z, c2.z))
    }

    @inline(__always) package static func - (a: Mat3, b: Mat3) -> Mat3 {
        Mat3(
            r0: (a.r0.0 - b.r0.0, a.r0.1 - b.r0.1, a.r0.2 - b.r0.2),
            r1: (a.r1.0 - b.r1.0, a.r1.1 - b.r1.1, a.r1.2 - b.r1.2),
            r2: (a.r2.0 - b.r2.0, a.r2.1 - b.r2.1, a.r2.2 - b.r2.2))
    }

    @inline(__always) package static func + (a: Mat3, b: Mat3) -> Mat3 {
        Mat3(
            r0: (a.r0.0 + b.r0.0, a.r0.1 + b.r0.1, a.r0.2 + b.r0.2),
            r1: (a.r1.0 + b.r1.0, a.r1.1 + b.r1.1, a.r1.2 + b.r1.2),
            r2: (a.r2.0 + b.r2.0, a.r2.1 + b.r2.1, a.r2.2 + b.r2.2))
    }

    /// The inverse, or zero when singular.
    @inline(__always) package var inverse: Mat3 {
        let a = r0.0, b = r0.1, c = r0.2, d = r1.0, e = r1.1, f = r1.2, g = r2.0, h = r2.1, i = r2.2
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        var det = a * A + b * B + c * C
        if det == 0 { return .zero }
        det = 1 / det
        return Mat3(
            r0: (det * A, det * -(b * i - c * h), det * (b * f - c * e)),
            r1: (det * B, det * (a * i - c * g), det * -(a * f - c * d)),
            r2: (det * C, det * -(a * h - b * g), det * (a * e - b * d)))
    }
}

/// A 3-vector (x, y, angle) for the joint tree solver.
package struct Vec3: Sendable {
    package var x: Double, y: Double, z: Double
    @inline(__always) package init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
    package static let zero = Vec3(0, 0, 0)
    @inline(__always) package static func - (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x - b.x, a.y - b.y, a.z - b.z) }
    @inline(__always) package static func + (a: Vec3, b: Vec3) -> Vec3 { Vec3(a.x + b.x, a.y + b.y, a.z + b.z) }
}
