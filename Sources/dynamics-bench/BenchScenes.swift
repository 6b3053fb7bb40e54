import PhysicsCore

/// The benchmark scenes of `../shared/peers/README.md` ("Scenes"), built exactly as the Box2D 2.4.1 and
/// Chipmunk 7.0.3 harnesses build them: points, y up, gravity (0, −1000) pt/s², density 1 per pt², bodies created
/// in the order the README gives.
enum SceneKind: String, CaseIterable, Sendable {
    /// Balls dropped into a closed box (`pile N`).
    case pile
    /// Box2D's `large_pyramid` of 40 pt boxes (`pyramid BASE`).
    case pyramid
    /// 2025 boxes in a kinematic drum turning at 25°/s (`tumbler`).
    case tumbler
    /// Four chains of 50 links pinned to static anchors, starting horizontal (`chain`).
    case chain
}

/// The engine refused part of a scene (an engine bug: exit code 1).
struct SceneBuildError: Error, CustomStringConvertible {
    /// What failed, in words.
    let description: String
}

/// A built scene: the world plus what the harness reads back every frame and checks at the end.
struct BenchScene {
    /// The simulation; stepped in place by the frame loop.
    var world: World
    /// Which scene this is.
    let kind: SceneKind
    /// N for `pile`, BASE for `pyramid`, 0 otherwise (the JSON `n`).
    let n: Int
    /// Every dynamic body, in creation order (the peers' `dyn` array).
    let dynamicBodies: [BodyID]
    /// Start position of each dynamic body, same order.
    let startPositions: [Vec2]
    /// Inner width and height of the pile's box, pt (0 for other scenes).
    let boxSize: Double
    /// The chain scene's joints (empty otherwise).
    var joints: [JointID] = []
    /// Largest joint gap seen at the end of any measured frame, pt (chain; measured outside the timed part).
    var worstJointGap = 0.0
}

/// Scene parameters shared by every scene.
enum SceneConstants {
    /// Gravity, pt/s² (y up).
    static let gravity = Vec2(0, -1000)
    /// Mass per pt² of every dynamic shape.
    static let density = 1.0
    /// Tumbler spin, rad/s (25°/s counter-clockwise).
    static let tumblerSpin = 25.0 * Double.pi / 180

    /// Inner size W = H of the pile's box for `n` balls, pt: 1000 (n ≤ 100), 2000 (n ≤ 1000), else 4000.
    static func pileBoxSize(_ n: Int) -> Double { n <= 100 ? 1000 : (n <= 1000 ? 2000 : 4000) }
}

/// Builds scenes into a fresh world.
struct SceneBuilder {
    private var world: World
    private var dynamicBodies: [BodyID] = []
    private var startPositions: [Vec2] = []
    private var joints: [JointID] = []

    /// Largest `perturbation` (`--perturb`).
    static let maxPerturbation = 1000

    /// A builder over an empty world with `settings` (gravity is set here): `SceneConstants.gravity` made
    /// `perturbation` × 2⁻²³ of itself stronger (0…`maxPerturbation`; 1000 makes it 0.012 % stronger, 0.12 pt/s²).
    /// 2⁻²³ is about one unit in the last place of the single-precision velocity change a sub-step takes from
    /// gravity (Solver/SinglePrecisionSubsteps.swift), so every K gives other numbers; a smaller change can vanish
    /// in that rounding. Such a change moves nothing a person could see, yet the chaotic outcomes (the last ball of a
    /// pile to settle, hence the frame at which the pile sleeps) are drawn anew.
    init(settings: WorldSettings, perturbation: Int = 0) {
        var s = settings
        s.gravity = SceneConstants.gravity
        s.gravity.y *= 1 + Double(perturbation) * 0x1p-23
        world = World(settings: s)
    }

    /// Builds `kind` with count `n` (N or BASE; ignored by `tumbler` and `chain`), gravity made `perturbation` × 2⁻²³
    /// of itself stronger (see `init`).
    static func build(_ kind: SceneKind, n: Int, settings: WorldSettings, perturbation: Int = 0) throws -> BenchScene {
        var b = SceneBuilder(settings: settings, perturbation: perturbation)
        var boxSize = 0.0
        switch kind {
        case .pile:
            boxSize = SceneConstants.pileBoxSize(n)
            try b.buildPile(n, size: boxSize)
        case .pyramid:
            try b.buildPyramid(base: n)
        case .tumbler:
            try b.buildTumbler()
        case .chain:
            try b.buildChains()
        }
        var scene = BenchScene(
            world: b.world, kind: kind, n: kind == .pile || kind == .pyramid ? n : 0,
            dynamicBodies: b.dynamicBodies, startPositions: b.startPositions, boxSize: boxSize)
        scene.joints = b.joints
        return scene
    }

    // MARK: Scenes

    /// a) Closed box of 100 pt static walls, then `n` balls of radius 25 in offset rows.
    private mutating func buildPile(_ n: Int, size w: Double) throws {
        let h = w
        let walls = try body(.static, at: .zero)
        let wall = material(friction: 0.2, restitution: 0.7)
        try box(on: walls, center: Vec2(w / 2, -50), half: Vec2(w / 2 + 100, 50), wall)
        try box(on: walls, center: Vec2(-50, h / 2), half: Vec2(50, h / 2), wall)
        try box(on: walls, center: Vec2(w + 50, h / 2), half: Vec2(50, h / 2), wall)
        try box(on: walls, center: Vec2(w / 2, h + 50), half: Vec2(w / 2 + 100, 50), wall)

        let cols = Int((w / 55).rounded(.down)) - 1
        let ball = material(friction: 0.2, restitution: 0.7)
        for i in 0..<n {
            let r = i / cols, c = i % cols
            let x = 40 + 55 * Double(c) + (r % 2 == 1 ? 13.75 : 0)
            let y = 40 + 60 * Double(r)
            let id = try dynamicBody(at: Vec2(x, y))
            try check(world.createCircle(on: id, radius: 25, ball), "ball \(i)")
        }
    }

    /// b) Box2D's `large_pyramid`: 40 pt boxes touching exactly on a static ground whose top is y = 0.
    private mutating func buildPyramid(base: Int) throws {
        let ground = try body(.static, at: .zero)
        try box(on: ground, center: Vec2(0, -50), half: Vec2(2000, 50), material(friction: 0.6, restitution: 0))
        let a = 20.0
        let boxMaterial = material(friction: 0.6, restitution: 0)
        for i in 0..<base {
            let y = (2 * Double(i) + 1) * a
            for j in i..<base {
                let x = (Double(i) + 1) * a + 2 * Double(j - i) * a - a * Double(base)
                let id = try dynamicBody(at: Vec2(x, y))
                try box(on: id, center: .zero, half: Vec2(a, a), boxMaterial)
            }
        }
    }

    /// c) A kinematic drum at (0, 1000) with four wall boxes (inner space ±950), spinning at 25°/s, holding a
    /// 45 × 45 grid of 25 pt boxes.
    private mutating func buildTumbler() throws {
        let drum = try body(.kinematic, at: Vec2(0, 1000))
        guard world.setAngularVelocity(drum, SceneConstants.tumblerSpin) else {
            throw SceneBuildError(description: "setAngularVelocity refused the tumbler's spin")
        }
        let wall = material(friction: 0.6, restitution: 0)
        try box(on: drum, center: Vec2(1000, 0), half: Vec2(50, 1000), wall)
        try box(on: drum, center: Vec2(-1000, 0), half: Vec2(50, 1000), wall)
        try box(on: drum, center: Vec2(0, 1000), half: Vec2(1000, 50), wall)
        try box(on: drum, center: Vec2(0, -1000), half: Vec2(1000, 50), wall)

        let boxMaterial = material(friction: 0.6, restitution: 0)
        for i in 0..<45 {
            for j in 0..<45 {
                let id = try dynamicBody(at: Vec2(-900 + 40 * Double(j), 100 + 40 * Double(i)))
                try box(on: id, center: .zero, half: Vec2(12.5, 12.5), boxMaterial)
            }
        }
    }

    /// d) Four chains of 50 links (20 × 6 pt, density 1) that never collide, each pinned to a static anchor at
    /// (−1650 + 1100k, 0) and link to link by revolute joints, starting horizontal.
    private mutating func buildChains() throws {
        var link = material(friction: 0.6, restitution: 0)
        link.filter = CollisionFilter(categoryBits: 0, collideMask: 0)
        for k in 0..<4 {
            let ax = -1650 + 1100 * Double(k)
            var previous = try body(.static, at: Vec2(ax, 0))
            for m in 0..<50 {
                let id = try dynamicBody(at: Vec2(ax + 10 + 20 * Double(m), 0))
                try box(on: id, center: .zero, half: Vec2(10, 3), link)
                guard let joint = world.createJoint(.revolute(previous, id, anchor: Vec2(ax + 20 * Double(m), 0)))
                else {
                    throw SceneBuildError(description: "createJoint refused chain \(k) joint \(m)")
                }
                joints.append(joint)
                previous = id
            }
        }
    }

    // MARK: Helpers

    /// Shape material with the pair's target values: the core mixes friction √(a·b) and restitution max(a, b),
    /// so giving every shape the target value makes every pair see exactly that value.
    private func material(friction: Double, restitution: Double) -> ShapeDefinition {
        var d = ShapeDefinition()
        d.friction = friction
        d.restitution = restitution
        d.density = SceneConstants.density
        return d
    }

    private mutating func body(_ type: BodyType, at p: Vec2) throws -> BodyID {
        var def = BodyDefinition()
        def.type = type
        def.position = p
        guard let id = world.createBody(def) else {
            throw SceneBuildError(description: "createBody refused a \(type) body at \(p)")
        }
        return id
    }

    private mutating func dynamicBody(at p: Vec2) throws -> BodyID {
        let id = try body(.dynamic, at: p)
        dynamicBodies.append(id)
        startPositions.append(p)
        return id
    }

    private mutating func box(on id: BodyID, center: Vec2, half: Vec2, _ def: ShapeDefinition) throws {
        try check(
            world.createBox(on: id, halfWidth: half.x, halfHeight: half.y, center: center, def),
            "box \(half.x * 2)×\(half.y * 2) at \(center)")
    }

    private func check(_ result: Result<ShapeID, ShapeError>, _ what: String) throws {
        if case .failure(let e) = result {
            throw SceneBuildError(description: "creating \(what) failed: \(e)")
        }
    }
}
