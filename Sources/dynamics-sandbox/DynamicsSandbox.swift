import ArgumentParser
import Dynamics
import Foundation

/// The sandbox, headless until its SDL window exists: runs a scene of the seed documents through the animator and
/// prints what happened (delegate callbacks, contacts, positions, when it came to rest).
@main
struct DynamicsSandbox: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dynamics-sandbox",
        abstract: "Run a UIKit Dynamics scene headless and print what happened.")

    @Option(name: .long, help: "Scene to run (see --list-scenes).")
    var scene = "sticker-pile"

    @Option(name: .long, help: "Frames of 1/60 s to run at most, 1…100000.")
    var frames = 900

    @Flag(name: .long, help: "List the scenes and exit.")
    var listScenes = false

    func validate() throws {
        guard (1...100_000).contains(frames) else {
            throw ValidationError("--frames must be 1…100000, got \(frames): e.g. '--frames 600'")
        }
    }

    @MainActor
    func runScene() throws {
        if listScenes {
            for s in HeadlessScenes.all { print("\(s.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(s.summary)") }
            return
        }
        guard let chosen = HeadlessScenes.all.first(where: { $0.name == scene }) else {
            let names = HeadlessScenes.all.map(\.name).joined(separator: ", ")
            throw ValidationError("unknown scene '\(scene)': choose one of \(names) (or --list-scenes)")
        }
        let animator = DynamicAnimator(referenceBounds: chosen.bounds)
        let log = SceneLog()
        log.animator = animator
        animator.delegate = log
        print("scene \(chosen.name): \(chosen.summary)")
        let watched = chosen.build(animator, log)
        var frame = 0
        var physicsTime = Duration.zero
        let clock = ContinuousClock()
        while frame < frames && animator.isRunning {
            let t0 = clock.now
            animator.advance(by: 1.0 / 60)
            physicsTime += clock.now - t0
            frame += 1
            if frame % 60 == 0, let first = watched.first {
                log.note(String(format: "%@ at (%.1f, %.1f)", first.name ?? "item", first.center.x, first.center.y))
            }
        }
        for line in log.lines { print(line) }
        let bounds = chosen.bounds.insetBy(dx: -1, dy: -1)
        let inside = watched.filter { bounds.contains($0.center) }.count
        let ms = Double(physicsTime.components.attoseconds) / 1e15 + Double(physicsTime.components.seconds) * 1000
        print(String(format: "after %d frames (%.2f s): %@, %d/%d watched items inside the bounds, "
                     + "%d contacts began, %d ended, physics %.3f ms a frame",
                     frame, Double(frame) / 60, animator.isRunning ? "still running" : "paused",
                     inside, watched.count, log.began, log.ended, ms / Double(max(frame, 1))))
    }

    func run() throws {
        try MainActor.assumeIsolated { try runScene() }
    }
}
