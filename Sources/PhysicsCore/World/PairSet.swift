/// A set of 64-bit pair keys with open addressing (linear probing, backward-shift deletion) and a multiplicative
/// hash: no per-process random seed, no allocation once grown. Only membership is asked of it, never iteration
/// order, so stepping stays deterministic.
package struct PairSet: Sendable {
    private var slots: [UInt64]
    private var mask: Int
    package private(set) var count = 0
    /// Marks an empty slot (a real key never equals it: it would need both shape indices to be −1).
    private static let empty = UInt64.max

    /// An empty set that stands in while a set is moved out of its owner (copied, not allocated; never changed).
    static let placeholder = PairSet(capacity: 0)

    package init(capacity: Int = 64) {
        var n = 16
        while n < capacity * 2 { n <<= 1 }
        slots = [UInt64](repeating: PairSet.empty, count: n)
        mask = n - 1
    }

    @inline(__always) private func home(_ key: UInt64) -> Int { PairSet.home(key, mask) }

    @inline(__always) private static func home(_ key: UInt64, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// True when the key is present.
    @inline(__always) package func contains(_ key: UInt64) -> Bool {
        var i = home(key)
        while true {
            let k = slots[i]
            if k == key { return true }
            if k == PairSet.empty { return false }
            i = (i + 1) & mask
        }
    }

    /// Calls `body` with a view of the set that any thread may read while the set does not change.
    package func withView<R>(_ body: (View) -> R) -> R {
        slots.withUnsafeBufferPointer { body(View(slots: $0.baseAddress!, mask: mask)) }
    }

    /// `contains` through a pointer, for the threads of the parallel pair finding.
    package struct View {
        let slots: UnsafePointer<UInt64>
        let mask: Int

        /// True when the key is present.
        @inline(__always) package func contains(_ key: UInt64) -> Bool {
            var i = PairSet.home(key, mask)
            while true {
                let k = slots[i]
                if k == key { return true }
                if k == PairSet.empty { return false }
                i = (i + 1) & mask
            }
        }
    }

    /// Adds the key; returns false when it was already present.
    @discardableResult
    package mutating func insert(_ key: UInt64) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        var i = home(key)
        while true {
            let k = slots[i]
            if k == key { return false }
            if k == PairSet.empty {
                slots[i] = key
                count += 1
                return true
            }
            i = (i + 1) & mask
        }
    }

    /// Removes the key if present.
    package mutating func remove(_ key: UInt64) {
        var i = home(key)
        while true {
            let k = slots[i]
            if k == PairSet.empty { return }
            if k == key { break }
            i = (i + 1) & mask
        }
        // Backward-shift deletion keeps every probe chain unbroken.
        var hole = i
        var j = (i + 1) & mask
        while slots[j] != PairSet.empty {
            let h = home(slots[j])
            let distanceToJ = (j - h) & mask
            let distanceToHole = (hole - h) & mask
            if distanceToHole < distanceToJ {
                slots[hole] = slots[j]
                hole = j
            }
            j = (j + 1) & mask
        }
        slots[hole] = PairSet.empty
        count -= 1
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: PairSet.empty, count: old.count * 2)
        mask = slots.count - 1
        count = 0
        for k in old where k != PairSet.empty { insert(k) }
    }
}
