#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import PhysicsCore

/// Milliseconds on the monotonic clock, read as the peers read it (`clock_gettime(CLOCK_MONOTONIC)`).
@inline(__always) func monotonicMilliseconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1e3 + Double(ts.tv_nsec) * 1e-6
}

/// What the frame loop measured.
struct FrameSamples {
    /// Whole-frame time of each measured frame (step plus pose read-back), ms.
    var frameMs: [Double] = []
    /// Step-only time of each measured frame, ms.
    var stepMs: [Double] = []
    /// Sum of whole-frame times over the warm-up frames, ms.
    var warmupTotalMs = 0.0
    /// Sum of x + y + angle over every dynamic body and frame (keeps the read-back honest; the peers print it too).
    var checksum = 0.0
    /// Touching contact pairs and their manifold points, summed over the samples taken every 60 frames.
    var contactPairSum = 0
    var contactPointSum = 0
    var contactSamples = 0
    /// Deepest overlap of any touching contact point at the end of any measured frame, pt (0: none overlapped).
    var deepestOverlap = 0.0
    /// Contact points overlapping by more than `QualityCheck.deepOverlap`, summed over the measured frames.
    var deepPointFrames = 0
    /// First frame (1-based, warm-up included) after which every dynamic body was asleep; nil if that never happened.
    /// Checked outside the timed part, and only while a body could still be awake.
    var allAsleepFrame: Int? = nil
}

/// The peers' frame loop: each 60 Hz frame is one `step(dt: 1/60)` (the solver sub-steps inside), then every
/// dynamic body's pose is read back as a renderer would. The contact statistics are sampled every 60 frames
/// (warm-up included), outside the timed part.
enum FrameLoop {
    /// The frame step, s.
    static let frameDt = 1.0 / 60.0
    /// Frames between two contact samples.
    static let contactSampleInterval = 60

    /// Runs `warmup` then `frames` frames of `scene` and returns the timings.
    static func run(_ scene: inout BenchScene, frames: Int, warmup: Int) -> FrameSamples {
        var out = FrameSamples()
        out.frameMs.reserveCapacity(frames)
        out.stepMs.reserveCapacity(frames)
        let bodies = scene.dynamicBodies
        let total = warmup + frames
        for f in 0..<total {
            if f == warmup {
                // `--profile` times the measured frames only.
                scene.world.stepProfile.reset()
                WorkerPool.shared.resetThreadTimes()
            }
            let t0 = monotonicMilliseconds()
            if f < warmup { scene.world.step(dt: frameDt) } else { measuredStep(&scene.world) }
            let t1 = monotonicMilliseconds()
            let sum = poseSum(scene.world, bodies)
            let t2 = monotonicMilliseconds()
            out.checksum += sum
            if f < warmup {
                out.warmupTotalMs += t2 - t0
            } else {
                out.frameMs.append(t2 - t0)
                out.stepMs.append(t1 - t0)
            }
            if f >= warmup {
                let overlap = QualityCheck.overlaps(scene.world)
                out.deepestOverlap = Swift.max(out.deepestOverlap, overlap.deepest)
                out.deepPointFrames += overlap.deepPoints
            }
            if !scene.joints.isEmpty && f >= warmup {
                scene.worstJointGap = Swift.max(scene.worstJointGap, QualityCheck.jointGaps(scene).0)
            }
            if out.allAsleepFrame == nil && scene.world.settings.enableSleep
                && !bodies.contains(where: { scene.world.isAwake($0) == true })
            {
                out.allAsleepFrame = f + 1
            }
            if (f + 1) % contactSampleInterval == 0 {
                let stats = scene.world.touchingContactStats
                out.contactPairSum += stats.pairs
                out.contactPointSum += stats.points
                out.contactSamples += 1
            }
        }
        return out
    }

    /// The read-back a renderer does after a frame: every body's position and angle, summed (x + y + angle) into
    /// the checksum that keeps it honest.
    @inline(__always) static func poseSum(_ world: World, _ bodies: [BodyID]) -> Double {
        var sum = 0.0
        for id in bodies {
            let p = world.position(of: id) ?? .zero
            sum += p.x + p.y + (world.angle(of: id) ?? 0)
        }
        return sum
    }

    /// One measured frame's step. Out of line and named, so `make bench-ir` (callgrind with
    /// `--toggle-collect=*measuredStep*`) counts the instructions of exactly the measured steps.
    @inline(never) static func measuredStep(_ world: inout World) {
        world.step(dt: frameDt)
    }
}
