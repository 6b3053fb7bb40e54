/// A symmetric 3×3 matrix stored as its upper triangle, for the joint tree solver's diagonal blocks (half the
/// storage and flops of `Mat3`). The leading 2×2 block (`xx`, `xy`, `yy`) doubles as a symmetric 2×2 matrix.
package struct Sym3: Sendable {
    package var xx: Double, xy: Double, xz: Double
    package var yy: Double, yz: Double
    package var zz: Double

    @inline(__always) package init(xx: Double, xy: Double, xz: Double, yy: Double, yz: Double, zz: Double) {
        self.xx = xx; self.xy = xy; self.xz = xz; self.yy = yy; self.yz = yz; self.zz = zz
    }

    package static let zero = Sym3(xx: 0, xy: 0, xz: 0, yy: 0, yz: 0, zz: 0)

    @inline(__always) package static func diagonal(_ a: Double, _ b: Double, _ c: Double) -> Sym3 {
        Sym3(xx: a, xy: 0, xz: 0, yy: b, yz: 0, zz: c)
    }

    @inline(__always) package static func - (a: Sym3, b: Sym3) -> Sym3 {
        Sym3(xx: a.xx - b.xx, xy: a.xy - b.xy, xz: a.xz - b.xz, yy: a.yy - b.yy, yz: a.yz - b.yz, zz: a.zz - b.zz)
    }

    /// M·v.
    @inline(__always) package func times(_ v: Vec3) -> Vec3 {
        Vec3(
            xx * v.x + xy * v.y + xz * v.z,
            xy * v.x + yy * v.y + yz * v.z,
            xz * v.x + yz * v.y + zz * v.z)
    }

    /// The leading 2×2 block times v.
    @inline(__always) package func times2(_ v: Vec2) -> Vec2 {
        Vec2(xx * v.x + xy * v.y, xy * v.x + yy * v.y)
    }

    /// The inverse, or zero when singular (the same convention as `Mat3.inverse`).
    @inline(__always) package var inverse: Sym3 {
        let a = yy * zz - yz * yz, b = xz * yz - xy * zz, c = xy * yz - xz * yy
        let det = xx * a + xy * b + xz * c
        if det == 0 { return .zero }
        let s = 1 / det
        return Sym3(
            xx: s * a, xy: s * b, xz: s * c,
            yy: s * (xx * zz - xz * xz), yz: s * (xy * xz - xx * yz),
            zz: s * (xx * yy - xy * xy))
    }

    /// The inverse of the leading 2×2 block (other entries zero), or zero when singular.
    @inline(__always) package var inverse2: Sym3 {
        let det = xx * yy - xy * xy
        if det == 0 { return .zero }
        let s = 1 / det
        return Sym3(xx: s * yy, xy: -s * xy, xz: 0, yy: s * xx, yz: 0, zz: 0)
    }
}
