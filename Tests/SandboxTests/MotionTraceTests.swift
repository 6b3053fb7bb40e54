internal import CSDL2
import Dynamics
import Foundation
@testable import SandboxKit
import SandboxRender
@testable import SandboxSDL
import Testing

@MainActor
@Suite("The motion graph: the selected item's speed and position over the last 4 s")
struct MotionTraceTests {
    @Test("a trace keeps 4 s of samples, ignores time that does not advance and non-finite values")
    func window() {
        var t = MotionTrace()
        for k in 0...600 { t.record(time: Double(k) / 60, x: Double(k), y: 0, speed: 1) }
        // 4 s at 60 samples/s: 241 samples from t = 6 s to t = 10 s inclusive.
        #expect(t.samples.count == 241)
        #expect(t.samples.first?.time == 6 && t.samples.last?.time == 10)
        t.record(time: 10, x: 1, y: 1, speed: 1)
        t.record(time: 9.5, x: 1, y: 1, speed: 1)
        t.record(time: 11, x: .nan, y: 1, speed: 1)
        #expect(t.samples.count == 241, "paused animator time and NaN add nothing")
        #expect(t.range(of: \.x, minimumSpan: 1) == 360...600)
        // A still value gets a span around it, so it draws a flat line in the middle.
        #expect(t.range(of: \.y, minimumSpan: 10) == -5...5)
        t.reset()
        #expect(t.samples.isEmpty && t.range(of: \.x, minimumSpan: 1) == nil)
    }

    @Test("the spring scene's graph: a grabbed item is traced, its speed matches the animator, G hides the graph")
    func appTrace() throws {
        var c = SandboxApp.Configuration()
        c.scene = "book-springs"
        let app = SandboxApp(configuration: c)
        let pump = EventPump(app: app)
        for _ in 0..<10 { app.frame(dt: 1.0 / 60) }
        #expect(app.trace.samples.isEmpty && app.graphRect == nil, "nothing selected, nothing traced")
        let item = try #require(app.world.items.last)
        let p = item.center
        pump.dispatch(GestureTests.button(true, x: Int32(p.x), y: Int32(p.y), ms: 1000))
        pump.dispatch(GestureTests.button(false, x: Int32(p.x), y: Int32(p.y), ms: 1040))
        for _ in 0..<120 { app.frame(dt: 1.0 / 60) }
        #expect(app.trace.samples.count == 120)
        let last = try #require(app.trace.samples.last)
        let v = app.velocity(of: item)
        #expect(last.speed == Double(hypot(v.x, v.y)) && last.x == Double(item.center.x))
        #expect(last.time == app.world.animator.elapsedTime)
        // The spring pulls it, so the graph has something to show.
        #expect((app.trace.range(of: \.speed, minimumSpan: 0)?.upperBound ?? 0) > 10)
        let rect = try #require(app.graphRect)
        var shown = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        app.render(into: &shown)
        pump.dispatch(GestureTests.key(SDLK_g, true))
        #expect(!app.showGraph && app.graphRect == nil)
        var hidden = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        app.render(into: &hidden)
        // The plot area's pixels differ between the two (the traces and the box are gone).
        let x0 = Int(rect.minX + 8), x1 = Int(rect.maxX - 8), y0 = Int(rect.minY + 48), y1 = Int(rect.maxY - 8)
        var differing = 0
        for y in y0..<y1 {
            for x in x0..<x1 where shown.pixels[y * shown.width + x] != hidden.pixels[y * hidden.width + x] {
                differing += 1
            }
        }
        #expect(differing > 200, "\(differing) pixels of the plot changed")
        // R (restart with the tuned values) keeps the item selected and starts a new trace; the old one becomes the
        // ghost the graph draws beside it.
        pump.dispatch(GestureTests.key(SDLK_g, true))
        pump.dispatch(GestureTests.key(SDLK_r, true))
        app.frame(dt: 1.0 / 60)
        #expect(app.trace.samples.count == 1)
        #expect(app.selected != nil && app.readout.ghostSamples.count == 120)
        // Another scene forgets the trace.
        pump.dispatch(GestureTests.key(SDLK_RIGHTBRACKET, true))
        app.frame(dt: 1.0 / 60)
        #expect(app.trace.samples.isEmpty)
    }
}
