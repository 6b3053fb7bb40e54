import Dynamics
import Foundation

extension SceneWorld {
    /// A 64-bit FNV-1a hash of every item's centre and transform bits, in drawing order: equal hashes after the
    /// same number of frames mean bit-identical runs (the round-trip and determinism tests compare them).
    public var stateHash: UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ v: CGFloat) {
            var bits = Double(v).bitPattern
            for _ in 0..<8 {
                h = (h ^ (bits & 0xFF)) &* 0x0000_0100_0000_01B3
                bits >>= 8
            }
        }
        for item in items {
            mix(item.center.x)
            mix(item.center.y)
            let t = item.transform
            mix(t.a)
            mix(t.b)
            mix(t.c)
            mix(t.d)
        }
        return h
    }

    /// Steps the scene `frames` times at `dt` s, as the app does (the scene's per-frame code, then the animator).
    public func run(frames: Int, dt: TimeInterval = 1.0 / 60) {
        for _ in 0..<frames {
            onFrame?(dt)
            animator.advance(by: dt)
        }
    }
}
