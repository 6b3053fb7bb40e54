@testable import PhysicsCore

// The one set of approximate-equality helpers of the PhysicsCore tests. Approximate equality is a helper with an
// explicit tolerance at every call, never an `Equatable` conformance.

/// |a − b| ≤ tolerance.
func approx(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

/// |a − b| ≤ tolerance on both components.
func approx(_ a: Vec2, _ b: Vec2, _ tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// The distance between a and b is ≤ tolerance (Euclidean for vectors).
func approxDistance(_ a: Vec2, _ b: Vec2, _ tolerance: Double) -> Bool { distance(a, b) <= tolerance }

/// The distance between a and b is ≤ tolerance (the same as `approx` for numbers; lets call sites mix both).
func approxDistance(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool { abs(a - b) <= tolerance }

/// |a − b| ≤ fraction · |b| on both components, with |b| the vector's length (a relative tolerance).
func approxRelative(_ a: Vec2, _ b: Vec2, _ fraction: Double) -> Bool {
    approx(a, b, fraction * b.length)
}

/// |a − b| ≤ fraction · max(1, |b|): a relative tolerance that stays absolute near zero.
func approxRelative(_ a: Double, _ b: Double, _ fraction: Double) -> Bool {
    abs(a - b) <= fraction * Swift.max(1, abs(b))
}
