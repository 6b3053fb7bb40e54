import Testing

@testable import PhysicsCore

/// The step profile (`StepProfile`, `dynamics-bench --profile`) and the worker pool's thread times: timing changes
/// no result, an unprofiled world records nothing, and the times account for the steps, phase by phase and thread
/// by thread. In the serialized suite: the thread times are the pool's.
extension ParallelSolveTests {
    @Test("A profiled world moves bit for bit as an unprofiled one; its phases add up to at most its steps' time")
    func profiledStepsMoveTheSame() {
        var (plain, ids) = Self.build(.pile, threads: 2)
        var profiled = plain
        profiled.stepProfile.enabled = true
        WorkerPool.shared.timeThreads(true)
        defer { WorkerPool.shared.timeThreads(false) }
        WorkerPool.shared.resetThreadTimes()
        let steps = 90
        var elapsed: UInt64 = 0
        let threadedBefore = profiled.scratch.parallel.steps
        for _ in 0..<steps {
            plain.step(dt: 1.0 / 60)
            let start = WorkerPool.monotonicNanoseconds()
            profiled.step(dt: 1.0 / 60)
            elapsed &+= WorkerPool.monotonicNanoseconds() &- start
        }
        for id in ids {
            #expect(plain.position(of: id) == profiled.position(of: id))
            #expect(plain.angle(of: id) == profiled.angle(of: id))
        }
        // Nothing recorded without the flag.
        #expect(plain.stepProfile.steps == 0 && plain.stepProfile.nanoseconds.allSatisfy { $0 == 0 })
        let profile = profiled.stepProfile
        #expect(profile.steps == steps)
        // The phases tile each step from its start to its end: their sum is the steps' time less the clock reads
        // before the first mark and after the last (a step's first and last few instructions).
        let total = profile.nanoseconds.reduce(0, +)
        #expect(total > 0 && total <= elapsed)
        // A falling pile finds pairs, updates manifolds, prepares and solves contacts in every step.
        for phase: StepProfile.Phase in [.narrowPhase, .orderingPass, .preparation, .substeps, .finalizeBodies] {
            #expect(profile.nanoseconds[phase.rawValue] > 0, "\(phase.name)")
        }
        // The calling thread ran the shared stages of the profiled world's steps (and of the plain one's, which the
        // pool times too): some busy time, as many stages as it waited for.
        #expect(profiled.scratch.parallel.steps > threadedBefore, "no step ran on the threads")
        let caller = WorkerPool.shared.threadTimes(0)
        #expect(caller.stages > 0 && caller.busyNanoseconds > 0)
        // Each phase's time in the shared stages lies inside the phase (the same clock); the sub-steps ran there,
        // and so did the sort and colouring of a pile whose contacts change every step (cut in parts but for the
        // first fit, Parallel/World+ParallelColoring.swift).
        for phase in StepProfile.Phase.allCases {
            #expect(profile.inStages[phase.rawValue] <= profile.nanoseconds[phase.rawValue], "\(phase.name)")
        }
        #expect(profile.inStages[StepProfile.Phase.substeps.rawValue] > 0)
        #expect(profile.inStages[StepProfile.Phase.layersAndColors.rawValue] > 0)
        // By thread: the worker solved its share of the sub-steps (a pipelined job always has it join); no third
        // thread did anything; and the phases hold only the profiled world's part of what the pool timed (it timed
        // the plain world's steps too).
        for phase in StepProfile.Phase.allCases {
            let p = phase.rawValue
            #expect(
                profile.threadBusy[p][2...].allSatisfy { $0 == 0 }
                    && profile.threadWaiting[p][2...].allSatisfy { $0 == 0 }, "\(phase.name)")
        }
        #expect(profile.threadBusy[StepProfile.Phase.substeps.rawValue][1] > 0)
        for t in 0..<2 {
            let pool = WorkerPool.shared.threadTimes(t)
            #expect(profile.threadBusy.reduce(0) { $0 + $1[t] } <= pool.busyNanoseconds, "thread \(t)")
            #expect(profile.threadWaiting.reduce(0) { $0 + $1[t] } <= pool.waitNanoseconds, "thread \(t)")
        }
        profiled.stepProfile.reset()
        #expect(profiled.stepProfile.steps == 0 && profiled.stepProfile.nanoseconds.allSatisfy { $0 == 0 })
        #expect(profiled.stepProfile.inStages.allSatisfy { $0 == 0 })
        #expect(profiled.stepProfile.threadBusy.allSatisfy { $0.allSatisfy { $0 == 0 } })
        #expect(profiled.stepProfile.threadWaiting.allSatisfy { $0.allSatisfy { $0 == 0 } })
        #expect(profiled.stepProfile.enabled)
    }
}
