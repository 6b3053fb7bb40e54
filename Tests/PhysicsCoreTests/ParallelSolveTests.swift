#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import PhysicsCore

/// The parallel solve (`WorldSettings.workerCount`, Solver/World+ParallelSolve.swift, Parallel/WorkerPool.swift):
/// any thread count gives bit-identical steps, in scenes that use every part of it (colours shared out, small
/// colours and the overflow colour on one thread, joint and field work between the jobs), also while two worlds
/// step at once; the pool's workers block when there is nothing to do.
///
/// Serialized: these tests check that steps did run on several threads, which they only do while no other world
/// holds the worker pool (the tests of other suites step on one thread).
@Suite("Parallel solve", .serialized)
struct ParallelSolveTests {
    /// The scenes: a ball pile, a box pyramid, a pile with chains, a spring and a field, a plank carrying 300 balls,
    /// a pile that falls asleep and is hit by a fast ball (with three balls pressed deep into the floor at first), a
    /// turning drum full of boxes (no static shape; most proxies move every step).
    enum Scene: String, CaseIterable, CustomTestStringConvertible {
        case pile, pyramid, joints, overflow, wake, tumbler, field
        var testDescription: String { rawValue }

        /// 60-Hz frames the scene runs.
        var frames: Int { self == .wake ? 330 : self == .tumbler ? 150 : 90 }
    }

    /// Every dynamic body's position, angle and velocities, as bits.
    static func state(_ w: World, _ ids: [BodyID]) -> [UInt64] {
        ids.flatMap { id -> [UInt64] in
            let p = w.position(of: id)!, v = w.linearVelocity(of: id)!
            return [p.x, p.y, w.angle(of: id)!, v.x, v.y, w.angularVelocity(of: id)!].map(\.bitPattern)
        }
    }

    static func build(_ scene: Scene, threads: Int) -> (World, [BodyID]) {
        var settings = Scenes.frameSettings
        settings.workerCount = threads
        // Every step with enough work on the threads, whatever they cost on this machine: these tests check the
        // parallel passes themselves (ThreadUseTunerTests check the choice).
        settings.adaptiveWorkers = false
        switch scene {
        case .pile:
            let (w, ids, _) = Scenes.pile(1000, settings: settings)
            return (w, ids)
        case .pyramid:
            return Scenes.pyramid(base: 20, settings: settings)
        case .joints:
            return jointScene(settings)
        case .overflow:
            return plankScene(settings)
        case .wake:
            var (w, ids, _) = Scenes.pile(400, settings: settings)
            // Pressed 15 pt into the floor (more than a quarter of their 50-pt width): continuous collision
            // guards them while they are pushed out.
            for x in [300.0, 700.0, 1100.0] {
                var bd = BodyDefinition()
                bd.position = Vec2(x, 10)
                let b = w.createBody(bd)!
                _ = try! w.createCircle(on: b, radius: 25, ShapeDefinition()).get()
                ids.append(b)
            }
            return (w, ids)
        case .tumbler:
            return tumblerScene(settings)
        case .field:
            // No joint: the single-precision sub-steps with a field's work between the parallel jobs.
            var (w, ids, _) = Scenes.pile(600, settings: settings)
            addVortex(&w, ids)
            return (w, ids)
        }
    }

    /// A kinematic drum (four walls, inner space ±500 pt) turning at 90°/s around 1000 boxes of 20 pt, packed at the
    /// bottom.
    static func tumblerScene(_ settings: WorldSettings) -> (World, [BodyID]) {
        var w = World(settings: settings)
        var dd = BodyDefinition()
        dd.type = .kinematic
        dd.position = Vec2(0, 600)
        dd.angularVelocity = Double.pi / 2
        let drum = w.createBody(dd)!
        var sd = ShapeDefinition()
        sd.friction = 0.6
        for (center, half) in [
            (Vec2(550, 0), Vec2(50, 600)), (Vec2(-550, 0), Vec2(50, 600)), (Vec2(0, 550), Vec2(600, 50)),
            (Vec2(0, -550), Vec2(600, 50))
        ] {
            _ = try! w.createBox(on: drum, halfWidth: half.x, halfHeight: half.y, center: center, sd).get()
        }
        var ids: [BodyID] = []
        for i in 0..<25 {
            for j in 0..<40 {
                var bd = BodyDefinition()
                bd.position = Vec2(-429 + 22 * Double(j), 112 + 22 * Double(i))
                let b = w.createBody(bd)!
                _ = try! w.createBox(on: b, halfWidth: 10, halfHeight: 10, sd).get()
                ids.append(b)
            }
        }
        return (w, ids)
    }

    /// The fast ball thrown into the sleeping pile of the `wake` scene.
    static func throwBall(_ w: inout World, _ ids: inout [BodyID]) {
        var bd = BodyDefinition()
        bd.position = Vec2(1000, 900)
        bd.linearVelocity = Vec2(0, -3000)
        let b = w.createBody(bd)!
        _ = try! w.createCircle(on: b, radius: 25, ShapeDefinition()).get()
        ids.append(b)
    }

    /// 600 balls, four chains of ten boxes hanging into them from pins, a soft distance spring between two balls
    /// and a vortex field on a third of the balls: joint and field work runs between the parallel jobs.
    static func jointScene(_ settings: WorldSettings) -> (World, [BodyID]) {
        var (w, ids, _) = Scenes.pile(600, settings: settings)
        var sd = ShapeDefinition()
        sd.friction = 0.4
        for chain in 0..<4 {
            let x = 300 + 400 * Double(chain)
            var bd = BodyDefinition()
            bd.type = .static
            bd.position = Vec2(x, 1900)
            var previous = w.createBody(bd)!
            for link in 0..<10 {
                var ld = BodyDefinition()
                ld.position = Vec2(x, 1880 - 40 * Double(link))
                let body = w.createBody(ld)!
                _ = try! w.createBox(on: body, halfWidth: 6, halfHeight: 18, sd).get()
                _ = w.createJoint(.revolute(previous, body, anchor: Vec2(x, 1900 - 40 * Double(link))))!
                ids.append(body)
                previous = body
            }
        }
        var spring = JointDefinition.distance(
            ids[0], ids[1], anchorA: w.position(of: ids[0])!,
            anchorB: w.position(of: ids[1])!)
        spring.hertz = 2
        spring.dampingRatio = 0.3
        _ = w.createJoint(spring)!
        addVortex(&w, ids)
        return (w, ids)
    }

    /// A vortex field around (1000, 500) on a third of the first 600 bodies.
    static func addVortex(_ w: inout World, _ ids: [BodyID]) {
        var vortex = FieldDefinition(kind: .vortex)
        vortex.position = Vec2(1000, 500)
        vortex.strength = 0.5
        let field = w.createField(vortex)!
        for id in ids.prefix(600) where id.index % 3 == 0 { w.setFieldMask(id, w.categoryBit(of: field)!) }
    }

    /// A plank on the ground carrying 300 small balls side by side: the plank has more contacts than there are
    /// colours, so more than 200 of them go to the overflow colour.
    static func plankScene(_ settings: WorldSettings) -> (World, [BodyID]) {
        var s = settings
        s.gravity = Vec2(0, -1000)
        var w = World(settings: s)
        Scenes.staticBox(&w, center: Vec2(0, -50), halfWidth: 3000, halfHeight: 50, friction: 0.6, restitution: 0)
        var sd = ShapeDefinition()
        sd.friction = 0.6
        var pd = BodyDefinition()
        pd.position = Vec2(0, 10)
        let plank = w.createBody(pd)!
        _ = try! w.createBox(on: plank, halfWidth: 1700, halfHeight: 10, sd).get()
        var ids = [plank]
        for i in 0..<300 {
            var bd = BodyDefinition()
            bd.position = Vec2(-1645 + 11 * Double(i), 26 + Double(i % 3))
            let b = w.createBody(bd)!
            _ = try! w.createCircle(on: b, radius: 5, sd).get()
            ids.append(b)
        }
        return (w, ids)
    }

    /// What a run gives: the state, the steps whose solve and whose narrow phase ran on more than one thread, and
    /// the bodies asleep just before the `wake` scene's ball is thrown.
    struct Run {
        var state: [UInt64]
        var parallelSteps: Int
        var parallelCollideSteps: Int
        var asleepBeforeThrow = 0
        /// The contacts' shape pairs in contact order, and the moving tree's nodes (links, payload, box bits): both
        /// depend on the order in which pairs are found and proxies updated.
        var contacts: [UInt64] = []
        var tree: [UInt64] = []
        /// The last step's solve order, colour ends and two-point runs: the ordering's pass over the contacts runs
        /// on the threads too (Parallel/World+ParallelOrdering.swift).
        var order: [Int32] = []
        /// Every begin event of the run, in order (the scan for them runs on the threads too, in the parallel
        /// finalize, Parallel/World+ParallelFinalize.swift, or on its own, Parallel/World+ParallelEvents.swift).
        var begins: [ContactBeginEvent] = []
        /// Every end event of the run, in order (with threads, what the narrow phase's chunks noted of the parted
        /// and ended contacts, World+ParallelCollide.swift).
        var ends: [ContactEndEvent] = []
        /// Steps whose finalize and whose pair descent ran on more than one thread.
        var parallelFinalizeSteps = 0
        var parallelPairSteps = 0
        /// Steps whose compaction of retired contacts ran on more than one thread.
        var parallelCompactionSteps = 0
        /// Steps whose parallel finalize set moving-tree leaves in place.
        var inPlaceSteps = 0
        /// Steps whose sleep pass read the contacts on the parallel finalize's threads.
        var sleepPrepassSteps = 0
        /// Steps whose begin events' scan ran on the parallel finalize's threads.
        var beginScanSteps = 0
        /// Whether the last step's bundles had a lane that may bounce (its restitution ran).
        var anyBounce = true
        /// Steps whose restitution ran as one stage of the bouncing bundles (two threads, pipelined).
        var bouncingStageSteps = 0
        /// Steps whose narrow phase tracked the pair descent's new contacts on its threads.
        var trackingCollideSteps = 0
    }

    /// The moving tree's nodes as numbers, with their in-place marks (`enlarged`).
    static func treeState(_ w: World) -> [UInt64] {
        w.movingTree.nodes.flatMap { n -> [UInt64] in
            [n.parent, n.child1, n.child2, n.height, n.payload].map { UInt64(UInt32(bitPattern: $0)) }
                + [n.aabb.lower.x, n.aabb.lower.y, n.aabb.upper.x, n.aabb.upper.y].map(\.bitPattern)
                + [n.enlarged ? 1 : 0]
        }
    }

    /// How many of the state values differ (bit patterns), or −1 when the states have different sizes.
    static func differences(_ a: [UInt64], _ b: [UInt64]) -> Int {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : -1
    }

    /// The state after `frames` 60-Hz frames on `threads` threads.
    static func run(_ scene: Scene, threads: Int, frames: Int? = nil) -> Run {
        var (w, ids) = build(scene, threads: threads)
        var asleep = 0
        var begins: [ContactBeginEvent] = []
        var ends: [ContactEndEvent] = []
        for f in 0..<(frames ?? scene.frames) {
            if scene == .wake && f == 270 {
                asleep = ids.filter { w.isAwake($0) == false }.count
                throwBall(&w, &ids)
            }
            w.step(dt: 1.0 / 60)
            begins.append(contentsOf: w.beginEvents)
            ends.append(contentsOf: w.endEvents)
        }
        #expect(w.validationFailures == 0, "\(w.validationProblems)")
        return Run(
            state: state(w, ids), parallelSteps: w.scratch.parallel.steps,
            parallelCollideSteps: w.scratch.parallel.collideSteps, asleepBeforeThrow: asleep,
            contacts: w.contacts.map { pairKey($0.shapeA, $0.shapeB) }, tree: treeState(w),
            order: w.scratch.solveOrder + w.scratch.colorStart + w.scratch.twoPointEnd, begins: begins, ends: ends,
            parallelFinalizeSteps: w.scratch.parallel.finalizeSteps, parallelPairSteps: w.scratch.parallel.pairSteps,
            parallelCompactionSteps: w.scratch.parallel.compactionSteps, inPlaceSteps: w.scratch.parallel.inPlaceSteps,
            sleepPrepassSteps: w.scratch.parallel.sleepPrepassSteps,
            beginScanSteps: w.scratch.parallel.beginScanSteps, anyBounce: w.scratch.parallel.anyBounce,
            bouncingStageSteps: w.scratch.parallel.bouncingStageSteps,
            trackingCollideSteps: w.scratch.parallel.trackingCollideSteps)
    }

    @Test("1, 2 and 3 threads give bit-identical worlds", arguments: Scene.allCases)
    func sameResultWithAnyThreadCount(scene: Scene) {
        let one = Self.run(scene, threads: 1)
        #expect(one.parallelSteps == 0 && one.parallelCollideSteps == 0)
        #expect(one.parallelFinalizeSteps == 0 && one.parallelPairSteps == 0)
        if scene == .wake {
            // The pile is asleep when the ball comes, so the narrow phase has islands to wake.
            #expect(one.asleepBeforeThrow >= 350, "\(one.asleepBeforeThrow) asleep")
        }
        for threads in [2, 3] {
            let many = Self.run(scene, threads: threads)
            // Exact: the threads share out work whose result does not depend on who does it or in which order.
            #expect(Self.differences(many.state, one.state) == 0, "\(threads) threads")
            // And the threads were used: every step once the scene has its contacts (the first frames of the
            // falling pile and the settling plank have fewer than `parallelContactMinimum`, the sleeping pile none
            // to solve).
            #expect(many.parallelSteps >= 30, "\(many.parallelSteps) steps solved on \(threads) threads")
            #expect(many.parallelCollideSteps >= 30, "\(many.parallelCollideSteps) narrow phases on \(threads)")
            // The contacts in the same order and the same tree: the pair lists are merged and the trees updated
            // in the one-thread order.
            #expect(many.contacts == one.contacts, "\(threads) threads")
            #expect(many.tree == one.tree, "\(threads) threads")
            #expect(many.order == one.order && !one.order.isEmpty, "\(threads) threads")
            #expect(many.begins == one.begins && !one.begins.isEmpty, "\(threads) threads")
            #expect(many.ends == one.ends, "\(threads) threads")
            if scene == .tumbler { #expect(!one.ends.isEmpty) }
            if scene != .pyramid {  // 210 bodies: fewer than `parallelContactMinimum`, finalized on one thread
                #expect(many.parallelFinalizeSteps >= 30, "\(many.parallelFinalizeSteps) finalizes on \(threads)")
                // Sleeping is on: the finalize's threads read the contacts for the sleep pass too.
                #expect(many.sleepPrepassSteps >= 30, "\(many.sleepPrepassSteps) sleep readings on \(threads)")
                // And they scanned the contacts for begin events (the same events, above).
                #expect(many.beginScanSteps >= 30, "\(many.beginScanSteps) begin scans on \(threads)")
            }
            if scene == .pile || scene == .tumbler {
                // Falling or tumbling: more than 256 proxies move in many steps.
                #expect(many.parallelPairSteps >= 10, "\(many.parallelPairSteps) pair descents on \(threads)")
                // The descents' new contacts tracked by the narrow phase's threads, beside the older contacts'
                // updates: the same contacts in the same order (above).
                #expect(
                    many.trackingCollideSteps >= 10, "\(many.trackingCollideSteps) narrow phases tracked on \(threads)")
            }
            if scene == .pile || scene == .tumbler {
                // The pile bounces (restitution 0.7): its restitution runs; the tumbler's boxes do not, and the
                // restitution is left out, with the same result. On two threads (a pipelined job) it is one stage
                // of the bundles that may bounce (66 of the pile's steps), on three one stage per colour.
                #expect(many.anyBounce == (scene == .pile), "\(threads) threads")
                let stageSteps = many.bouncingStageSteps
                #expect(scene == .pile && threads == 2 ? stageSteps >= 30 : stageSteps == 0, "\(threads) threads")
            }
            if scene == .tumbler {
                // Tumbling boxes part pairs all the time: the compaction moves more than
                // `parallelCompactionMinimum` records in many steps.
                #expect(
                    many.parallelCompactionSteps >= 10, "\(many.parallelCompactionSteps) compactions on \(threads)")
                // And most proxies move every step: the threads set their leaves in place, with the same tree
                // (links, boxes and marks) as the walks up from each leaf on one thread.
                #expect(many.inPlaceSteps >= 100, "\(many.inPlaceSteps) steps with leaves set in place on \(threads)")
            }
        }
    }

    /// A grid of 3000 balls of radius 5, 20 pt apart (no gravity: nothing touches, nothing moves), one static box
    /// among them, then `teleports` of the balls (each next to another ball, some twice) and of the box, and one step.
    static func teleportedCrowd(threads: Int) -> World {
        var settings = Scenes.frameSettings
        settings.workerCount = threads
        settings.adaptiveWorkers = false
        var w = World(settings: settings)
        var ids: [BodyID] = []
        for i in 0..<3000 {
            var bd = BodyDefinition()
            bd.type = .dynamic
            bd.position = Vec2(Double(i % 60) * 20, Double(i / 60) * 20)
            let b = w.createBody(bd)!
            _ = try! w.createCircle(on: b, radius: 5, ShapeDefinition()).get()
            ids.append(b)
        }
        var sd = BodyDefinition()
        sd.position = Vec2(-100, -100)
        let fixed = w.createBody(sd)!
        _ = try! w.createBox(on: fixed, halfWidth: 8, halfHeight: 8, ShapeDefinition()).get()
        // The first step pairs nothing (the crowd is spread out); the second moves nothing, so the third finds the
        // new pairs by per-shape queries (fewer than an eighth of the proxies moved in the round before).
        w.step(dt: 1.0 / 60)
        w.step(dt: 1.0 / 60)
        var rng = SeededRandom(state: 11)
        for n in 0..<400 {
            let i = Int(rng.next() % 3000), j = Int(rng.next() % 3000)
            let target = w.position(of: ids[j])! + Vec2(rng.uniform(-9, 9), rng.uniform(-9, 9))
            w.setTransform(ids[i], position: target, angle: 0)
            if n % 50 == 0 { w.setTransform(ids[i], position: target + Vec2(3, 0), angle: 0) }  // twice in the buffer
        }
        w.setTransform(fixed, position: w.position(of: ids[1234])! + Vec2(6, 0), angle: 0)
        w.step(dt: 1.0 / 60)
        return w
    }

    @Test(
        "The per-shape pair queries on 2 and 3 threads create the one-thread contacts in the one-thread order (shapes twice in the move buffer and a moved static shape among them)"
    )
    func parallelQueriesMatch() {
        let one = Self.teleportedCrowd(threads: 1)
        #expect(one.scratch.parallel.queryPairSteps == 0)
        #expect(one.contactCount > 300)  // the teleported balls found neighbours
        #expect(one.validationFailures == 0, "\(one.validationProblems)")
        let keys = one.contacts.map(\.key)
        for threads in [2, 3] {
            let many = Self.teleportedCrowd(threads: threads)
            #expect(many.scratch.parallel.queryPairSteps >= 1, "\(threads) threads")
            #expect(many.contacts.map(\.key) == keys, "\(threads) threads")
            #expect(Self.treeState(many) == Self.treeState(one), "\(threads) threads")
            #expect(many.validationFailures == 0, "\(many.validationProblems)")
        }
    }

    /// A tree of 3000 boxes of 20 pt scattered over 3000 × 3000 pt by `rng`, inserted one by one.
    static func scatteredTree(_ rng: inout SeededRandom) -> DynamicTree {
        var tree = DynamicTree()
        for i in 0..<3000 {
            let x = rng.uniform(0, 3000), y = rng.uniform(0, 3000)
            _ = tree.insert(AABB(lower: Vec2(x, y), upper: Vec2(x + 20, y + 20)), payload: Int32(i))
        }
        return tree
    }

    @Test(
        "Leaves set in place and their marks spread on 1, 2 and 3 threads give the tree of the walks from each leaf, round after round, refits and rebuilds alike"
    )
    func leavesSetInPlaceMatchWalks() {
        var rng = SeededRandom(state: 5)
        var tree = Self.scatteredTree(&rng)
        let leaves = tree.nodes.indices.filter { tree.nodes[$0].height == 0 }.map { Int32($0) }
        // A first round moving every leaf: the rounds below take their updates in place.
        for leaf in leaves { tree.update(leaf, to: tree.aabb(of: leaf)) }
        tree.finishUpdates()
        #expect(tree.manyUpdatedLastRound)
        func nodeBits(_ t: DynamicTree) -> [UInt64] {
            t.nodes.flatMap { n -> [UInt64] in
                [n.parent, n.child1, n.child2, n.height].map { UInt64(UInt32(bitPattern: $0)) }
                    + [n.aabb.lower.x, n.aabb.lower.y, n.aabb.upper.x, n.aabb.upper.y].map(\.bitPattern)
                    + [n.enlarged ? 1 : 0]
            }
        }
        var walked = tree
        var inPlace = [tree, tree, tree]
        var rebuilds = 0
        // Rounds of every leaf, half and a fifth of them moving a little (each stays a round of in-place updates):
        // the sixth round's enlargements pass four times the leaf count (`DynamicTree.rebuildEnlargements`), and the
        // tree is rebuilt.
        for (round, share) in [1, 2, 5, 1, 2, 1, 1].enumerated() {
            let moved = leaves.filter { _ in rng.next() % UInt64(share) == 0 }
            let boxes = moved.map { leaf -> AABB in
                let d = Vec2(rng.uniform(-15, 15), rng.uniform(-15, 15))
                let b = walked.aabb(of: leaf)
                return AABB(lower: b.lower + d, upper: b.upper + d)
            }
            let rootBefore = walked.root
            for (leaf, box) in zip(moved, boxes) { walked.updateBeforeFinish(leaf, to: box) }
            walked.finishUpdates()
            if walked.root != rootBefore || !walked.nodes[Int(walked.root)].enlarged { rebuilds += 1 }
            for (k, threads) in [1, 2, 3].enumerated() {
                inPlace[k].nodes.withUnsafeMutableBufferPointer { n in
                    for (leaf, box) in zip(moved, boxes) { DynamicTree.setLeafInPlace(leaf, to: box, n.baseAddress!) }
                }
                inPlace[k].countLeavesSetInPlace(moved.count)
                let granted = threads > 1 ? WorkerPool.shared.acquire(threads: threads) : 1
                #expect(granted == threads)
                inPlace[k].finishUpdates(threads: granted)
                if granted > 1 { WorkerPool.shared.release() }
                #expect(nodeBits(inPlace[k]) == nodeBits(walked), "round \(round), \(threads) threads")
                #expect(inPlace[k].manyUpdatedLastRound == walked.manyUpdatedLastRound)
            }
        }
        #expect(rebuilds >= 1, "no round rebuilt the tree")
    }

    @Test(
        "Moved marks set from the leaves up on 2 and 3 threads are the walks' marks, node for node, for many or few moved leaves"
    )
    func parallelMovedMarksMatch() {
        var rng = SeededRandom(state: 11)
        let tree = Self.scatteredTree(&rng)
        var leaves: [Int32] = []
        for (id, node) in tree.nodes.enumerated() where node.height == 0 { leaves.append(Int32(id)) }
        for share in [1, 2, 40] {
            // One leaf in `share` moved (all, half, a few), one of them listed twice.
            var moved = leaves.filter { _ in rng.next() % UInt64(share) == 0 }
            moved.append(moved[0])
            var walked = tree
            walked.setMoved(true, count: moved.count) { moved[$0] }
            #expect(walked.isMoved(walked.root))
            for threads in [2, 3] {
                var marked = tree
                marked.setLeavesMoved(count: moved.count) { moved[$0] }
                let granted = WorkerPool.shared.acquire(threads: threads)
                #expect(granted == threads)
                marked.markMovedAncestors(threads: granted)
                if granted > 1 { WorkerPool.shared.release() }
                #expect(marked.movedMarks == walked.movedMarks, "\(threads) threads")
            }
            // And the clearing pass leaves no mark.
            walked.clearAllMoved()
            #expect(!walked.movedMarks.contains(true))
        }
    }

    @Test("The moving tree's rebuild on 2 and 3 threads gives the one-thread tree, node for node")
    func parallelRebuildMatches() {
        var rng = SeededRandom(state: 7)
        func box() -> AABB {
            let x = rng.uniform(0, 3000), y = rng.uniform(0, 3000)
            return AABB(lower: Vec2(x, y), upper: Vec2(x + rng.uniform(5, 40), y + rng.uniform(5, 40)))
        }
        var reference = DynamicTree()
        for i in 0..<3000 { _ = reference.insert(box(), payload: Int32(i)) }
        var leaves: [Int32] = []
        for (id, node) in reference.nodes.enumerated() where node.height == 0 { leaves.append(Int32(id)) }
        // Most leaves enlarged, as in a tumbling crowd: the rebuild takes apart most of the tree.
        for id in leaves where rng.next() % 4 != 0 { reference.enlarge(id, to: reference.aabb(of: id).union(box())) }
        var one = reference
        one.rebuild(threads: 1)
        #expect(one.validate() == nil)
        for threads in [2, 3] {
            var many = reference
            let granted = WorkerPool.shared.acquire(threads: threads)
            #expect(granted == threads)
            many.rebuild(threads: granted)
            if granted > 1 { WorkerPool.shared.release() }
            #expect(many.validate() == nil)
            // Exactly: the same node numbers, links, heights and boxes (later steps depend on them).
            #expect(many.root == one.root)
            #expect(many.nodes.count == one.nodes.count)
            let same = zip(many.nodes, one.nodes).allSatisfy {
                $0.parent == $1.parent && $0.child1 == $1.child1 && $0.child2 == $1.child2 && $0.height == $1.height
                    && $0.aabb == $1.aabb && $0.payload == $1.payload && $0.enlarged == $1.enlarged
            }
            #expect(same, "\(threads) threads")
        }
    }

    @Test(
        "The overflow colour is in use in the plank scene, the joints scene has joints and a field, the field scene a field alone"
    )
    func scenesExerciseEveryPath() {
        var (plank, _) = Self.build(.overflow, threads: 2)
        for _ in 0..<30 { plank.step(dt: 1.0 / 60) }
        let overflow = plank.scratch.solveOrder.count - Int(plank.scratch.colorStart[63])
        #expect(overflow > 200, "\(overflow) constraints in the overflow colour")
        #expect(plank.scratch.solveOrder.count >= WorldSettings.parallelContactMinimum)
        var (joints, _) = Self.build(.joints, threads: 2)
        #expect(joints.jointCount == 41)
        #expect(!joints.fieldStore.order.isEmpty)
        // The joints scene takes the general path, the field scene the single-precision sub-steps with its field.
        var (field, _) = Self.build(.field, threads: 2)
        for _ in 0..<30 {
            joints.step(dt: 1.0 / 60)
            field.step(dt: 1.0 / 60)
        }
        #expect(joints.scratch.singlePrecisionSteps == 0)
        #expect(field.scratch.singlePrecisionSteps >= 20 && !field.fieldStore.order.isEmpty)
    }

    @Test("A world that finds the pool taken steps on its own thread, with the same result")
    func poolTakenRunsAlone() {
        let reference = Self.run(.pyramid, threads: 1, frames: 30)
        // Taken like a world takes it: again, while another suite's world holds it for a step.
        var held = 1
        for _ in 0..<1000 where held < 2 { held = WorkerPool.shared.acquire(threads: 2) }
        #expect(held == 2)
        let alone = Self.run(.pyramid, threads: 2, frames: 30)
        if held > 1 { WorkerPool.shared.release() }
        #expect(alone.parallelSteps == 0 && alone.parallelCollideSteps == 0)
        #expect(Self.differences(alone.state, reference.state) == 0)
        let shared = Self.run(.pyramid, threads: 2, frames: 30)
        #expect(shared.parallelSteps == 30)
        #expect(Self.differences(shared.state, reference.state) == 0)
    }

    @Test("The pool's round trip (dynamics-bench --paired): a time with the pool free, none while it is held")
    func poolRoundTrip() {
        // Suites run side by side, and another one's world may hold the pool for a step: ask again until it is free.
        var free: Double? = nil
        for _ in 0..<1000 where free == nil { free = WorkerPool.shared.roundTripNanoseconds(rounds: 500) }
        // A round trip between two threads is a memory exchange: above a nanosecond, well under a millisecond.
        #expect(free.map { $0 > 1 && $0 < 1_000_000 } == true)
        // Taken like a world takes it: again, while another suite's world holds it for a step.
        var held = 1
        for _ in 0..<1000 where held < 2 { held = WorkerPool.shared.acquire(threads: 2) }
        #expect(held == 2)
        #expect(WorkerPool.shared.roundTripNanoseconds(rounds: 500) == nil)
        if held > 1 { WorkerPool.shared.release() }
        // The probe leaves the pool as it found it: the next world steps on both threads.
        #expect(Self.run(.pyramid, threads: 2, frames: 5).parallelSteps == 5)
    }

    @Test("Two worlds stepping at once on two threads each both give the one-thread result")
    func twoWorldsAtOnce() async {
        let reference = Self.run(.pile, threads: 1, frames: 60).state
        let results = await withTaskGroup(of: [UInt64].self) { group in
            for _ in 0..<2 { group.addTask { Self.run(.pile, threads: 2, frames: 60).state } }
            var all: [[UInt64]] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 2)
        for r in results { #expect(Self.differences(r, reference) == 0) }
    }

    @Test("Thread counts outside 1…16 are clamped: 0 runs alone, 1000 on 16 threads, same result")
    func outOfRangeCountsAreClamped() {
        // Three frames: 16 threads on this two-core machine are slow (they meet at every colour).
        let reference = Self.run(.pyramid, threads: 1, frames: 3)
        let zero = Self.run(.pyramid, threads: 0, frames: 3)
        #expect(zero.parallelSteps == 0 && Self.differences(zero.state, reference.state) == 0)
        let many = Self.run(.pyramid, threads: 1000, frames: 3)
        #expect(many.parallelSteps == 3 && Self.differences(many.state, reference.state) == 0)
        #expect(WorkerPool.shared.startedWorkers == WorkerPool.maxThreads - 1)
    }

    @Test("A step on several threads ends by parking the pool (its workers then spin briefly)")
    func stepEndParksThePool() {
        let pool = WorkerPool.shared
        // Another suite's world may start a job (which clears the flag) between a step and the check: a park seen
        // after any of three steps shows the step parks the pool; without the park none is seen.
        var parkedAfterStep = false
        for _ in 0..<3 where !parkedAfterStep {
            var (w, _) = Self.build(.pyramid, threads: 2)
            w.step(dt: 1.0 / 60)
            parkedAfterStep = pool.isParked
        }
        #expect(parkedAfterStep)
    }

    @Test("Idle workers block instead of spinning")
    func idleWorkersBlock() {
        _ = Self.run(.pyramid, threads: 2, frames: 5)
        let pool = WorkerPool.shared
        #expect(pool.startedWorkers >= 1)
        // A worker spins 0.2 ms after the step's end (2 ms between the jobs of a step), then blocks; allow 2 s for a
        // loaded machine to schedule it.
        var waited = 0
        while pool.blockedWorkers < pool.startedWorkers && waited < 2000 {
            usleep(1000)
            waited += 1
        }
        #expect(pool.blockedWorkers == pool.startedWorkers, "\(pool.blockedWorkers) of \(pool.startedWorkers)")
    }
}
