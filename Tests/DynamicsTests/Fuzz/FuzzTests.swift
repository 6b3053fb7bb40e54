import Foundation
import Testing
@testable import Dynamics

/// The property-based fuzz test of the public API (issue 15). A short run here; long runs with
/// `make fuzz N=1000000` (environment: FUZZ_OPS, FUZZ_SEED, FUZZ_BOUND = a number or "none" for unbounded values).
/// Properties: no crash, no non-finite item center or transform, no operation over 100 ms.
@MainActor
@Suite("Fuzz: random operations on the public API")
struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    /// Lever arms (joint anchors, snap points, sizes): the run's bound unless FUZZ_LEVER gives a smaller one. Joints
    /// with lever arms of 10⁵ pt and more on light items used to blow up to NaN; a body a step leaves non-finite or
    /// absurd is now put back at rest (`World+Recovery.swift`, diagnostic `bodyBlownUp`).
    static let lever: Double? = environment["FUZZ_LEVER"].flatMap { Double($0) }

    /// Runs `ops` operations in independent scenes of 2 000 operations each, seeds from `seed` on.
    static func fuzz(ops: Int, bound: Double?, seed: UInt64, leverBound: Double? = lever, joints: Bool = true)
        -> APIFuzzer.Report
    {
        var total = APIFuzzer.Report()
        var done = 0, scene: UInt64 = 0
        while done < ops {
            let n = min(2000, ops - done)
            var fuzzer = APIFuzzer(seed: seed &+ scene, bound: bound)
            fuzzer.leverBound = leverBound
            fuzzer.joints = joints
            let r = DynamicsDiagnostics.withHandler({ _ in }) { fuzzer.run(n) }
            total.operations += r.operations
            total.nonFinite += r.nonFinite.map { "scene \(seed &+ scene) \($0)" }
            total.slow += r.slow.map { "scene \(seed &+ scene) \($0)" }
            total.slowest = max(total.slowest, r.slowest)
            done += n
            scene += 1
        }
        return total
    }

    /// The operations of `r` over the time limit that are over it again when the same scenes run a second time (the
    /// same seeds give the same operations): a slow operation is slow both times, a moment in which the machine
    /// stalled (once in four runs of `make test` on 2026-11-30, three operations of one scene at 105–131 ms whose
    /// every other run takes at most 16 ms) only once. Compared by scene and operation number.
    static func confirmedSlow(
        _ r: APIFuzzer.Report, ops: Int, bound: Double?, seed: UInt64, joints: Bool
    ) -> [String] {
        guard !r.slow.isEmpty else { return [] }
        let again = fuzz(ops: ops, bound: bound, seed: seed, joints: joints)
        func key(_ finding: String) -> Substring { finding.prefix { $0 != ":" } }
        let slowAgain = Set(again.slow.map(key))
        return r.slow.filter { slowAgain.contains(key($0)) }
    }

    static var ops: Int { Int(environment["FUZZ_OPS"] ?? "") ?? 6000 }
    static var bound: Double? {
        environment["FUZZ_BOUND"].map { Double($0) } ?? 1e6
    }
    static func seed(_ fallback: UInt64) -> UInt64 { UInt64(environment["FUZZ_SEED"] ?? "") ?? fallback }

    @Test("without snaps and attachments: no non-finite state, no operation over 100 ms")
    func withoutJoints() {
        let r = Self.fuzz(ops: Self.ops, bound: Self.bound, seed: Self.seed(1000), joints: false)
        #expect(r.nonFinite.isEmpty, "\(r)")
        // 100 ms: the issue's bound for any single operation (ten frames at most; a boundary of 8000 segments
        // builds in ≈ 10 ms).
        let slow = Self.confirmedSlow(r, ops: Self.ops, bound: Self.bound, seed: Self.seed(1000), joints: false)
        #expect(slow.isEmpty, "\(r); over the limit again: \(slow)")
        print("fuzz bound \(Self.bound.map { "±\($0)" } ?? "none") without joints: \(r)")
    }

    /// With snaps and attachments (long lever arms included) the same properties hold.
    @Test("with snaps and attachments: no non-finite state, no operation over 100 ms")
    func withJoints() {
        let r = Self.fuzz(ops: Self.ops, bound: Self.bound, seed: Self.seed(2000))
        #expect(r.nonFinite.isEmpty, "\(r)")
        let slow = Self.confirmedSlow(r, ops: Self.ops, bound: Self.bound, seed: Self.seed(2000), joints: true)
        #expect(slow.isEmpty, "\(r); over the limit again: \(slow)")
        #expect(r.operations == Self.ops)
        print("fuzz bound \(Self.bound.map { "±\($0)" } ?? "none") with joints: \(r)")
    }
}
