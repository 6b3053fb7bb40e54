/// Spatial queries.
extension World {
    /// Shapes whose fattened bounds overlap `aabb` (UIKit's `items(in:)` semantics: the broad phase's fattened
    /// boxes), in a fixed order.
    public mutating func queryAABB(_ aabb: AABB) -> [ShapeID] {
        guard aabb.isValid else { return [] }
        queryResults.removeAll(keepingCapacity: true)
        movingTree.query(aabb, stack: &queryStack, results: &queryResults)
        staticTree.query(aabb, stack: &queryStack, results: &queryResults)
        for i in shapes.indices where shapes[i].isAlive && shapes[i].proxy == -1 && shapes[i].fatAABB.overlaps(aabb) {
            queryResults.append(Int32(i))
        }
        return queryResults.map { shapeID($0) }
    }

    /// Tight world bounds of a shape.
    public func bounds(of id: ShapeID) -> AABB? { isValid(id) ? shapes[Int(id.index)].aabb : nil }

    /// True when the world point lies inside the shape.
    public func shape(_ id: ShapeID, contains point: Vec2) -> Bool {
        guard isValid(id), point.isFinite else { return false }
        let xf = bodies[Int(shapes[Int(id.index)].body)].transform
        return withView(of: id.index) { containsPoint($0, xf, point) }
    }
}
