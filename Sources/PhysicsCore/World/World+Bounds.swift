/// Shape bounds without closures on the hot path.
extension World {
    /// Tight world bounds of shape `s` under body transform `xf`.
    @inline(__always) package func shapeAABB(_ s: Int32, _ xf: Transform) -> AABB {
        vertexPool.withUnsafeBufferPointer { World.shapeAABB(shapes[Int(s)].geometry, xf, $0.baseAddress) }
    }

    /// `shapeAABB` for a shape of geometry `g` through a pointer to the world's vertex pool (the same arithmetic,
    /// without the array accesses); reads nothing else, so any thread may call it.
    @inline(__always) static func shapeAABB(_ g: ShapeGeometry, _ xf: Transform, _ vertices: UnsafePointer<Vec2>?)
        -> AABB
    {
        switch g.kind {
        case .polygon:
            let v = vertices! + Int(g.vertexStart)
            var lo = xf.apply(v[0])
            var hi = lo
            for k in 1..<Int(g.vertexCount) {
                let p = xf.apply(v[k])
                lo = min(lo, p)
                hi = max(hi, p)
            }
            return AABB(lower: lo, upper: hi)
        case .circle:
            let c = xf.apply(g.center)
            let r = Vec2(g.radius, g.radius)
            return AABB(lower: c - r, upper: c + r)
        default:
            return computeAABB(ConvexView(geometry: g, vertices: nil, normals: nil), xf)
        }
    }
}
