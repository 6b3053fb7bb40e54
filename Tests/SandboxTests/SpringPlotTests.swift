import Foundation
@testable import SandboxKit
import SandboxRender
import SandboxScenes
import Testing

/// The spring translator's curves (issue 12 §8: "with the curves drawn").
@MainActor
@Suite("Spring translator: the curves drawn")
struct SpringPlotTests {
    @Test(
        "every API's curve, from its own translated parameters, coincides with UIKit's (1e-9)",
        arguments: [(0.3, 0.3), (2.0, 0.1), (5.0, 0.05), (1.0, 1.0), (1.5, 2.0), (4.0, 0.0)])
    func curvesCoincide(_ spring: (Double, Double)) {
        let s = SpringTranslation(frequency: spring.0, dampingRatio: spring.1)
        let models = s.models
        #expect(models.count == 4)
        for k in 0...400 {
            let t = Double(k) / 400 * s.plotDuration
            // The analytic step response of the attachment's parameters (a different code path).
            let reference = s.displacement(at: t)
            for m in models {
                #expect(abs(m.displacement(at: t) - reference) < 1e-9, "\(m.name) at \(t) s")
            }
        }
    }

    @Test("a mistranslated spring stands apart: CASpringAnimation's damping taken as ζ·ω misses the curve")
    func wrongTranslationDiffers() {
        let s = SpringTranslation(frequency: 2, dampingRatio: 0.2)
        let ca = s.caSpring()
        let wrong = SpringModel(name: "wrong", mass: 1, stiffness: ca.stiffness, damping: ca.damping / 2)
        let worst =
            (0...200).map { k in
                let t = Double(k) / 200 * s.plotDuration
                return abs(wrong.displacement(at: t) - s.displacement(at: t))
            }.max() ?? 0
        #expect(worst > 0.1)
    }

    /// The attachment scene with its square selected and its spring set to `frequency` Hz, ζ `damping`, drawn at
    /// 1 px/pt.
    static func render(frequency: Double, damping: Double) throws -> (SandboxApp, Raster) {
        var c = SandboxApp.Configuration()
        c.scene = "attachment"
        c.scale = 1
        let app = SandboxApp(configuration: c)
        let square = try #require(app.world.items.first { $0.name == "square" })
        app.overlay.selected = square
        try TuningLoopTests.row(app, "attachment 1", "frequency").set(frequency)
        try TuningLoopTests.row(app, "attachment 1", "damping").set(damping)
        for _ in 0..<30 { app.frame(dt: 1.0 / 60) }
        var r = Raster(width: app.pixelSize.width, height: app.pixelSize.height)
        app.render(into: &r)
        return (app, r)
    }

    @Test("drawn above the readouts: along UIKit's curve the top (thinnest) line is on the others; nothing beside it")
    func drawnCurves() throws {
        let (app, r) = try Self.render(frequency: 2, damping: 0.2)
        if let dir = ProcessInfo.processInfo.environment["SPRING_PLOT_PNG"] {
            try Data(PNG.encode(r)).write(to: URL(fileURLWithPath: dir))
        }
        let rect = try #require(app.springPlotRect)
        let graph = try #require(app.graphRect)
        #expect(rect.maxY < graph.minY && rect.maxX == graph.maxX)
        let spring = try #require(app.translatedSpring).spring
        // The plot area's geometry, as drawSpringPlot lays it out.
        let plot = (
            x: Double(rect.minX) + 8, y: Double(rect.minY) + 40, w: Double(rect.width) - 16, h: Double(rect.height) - 46
        )
        let white = SandboxApp.springPlotStyles[3].0
        let blue = SandboxApp.springPlotStyles[0].0
        var onCurve = 0, besideIsPlain = 0
        let checks = 40
        for k in 1..<checks {
            let f = Double(k) / Double(checks)
            let x = spring.displacement(at: f * spring.plotDuration)
            let px = Int(plot.x + f * plot.w), py = Int((plot.y + plot.h * (1 - x) / 2).rounded())
            // The thinnest line (CASpringAnimation, drawn last) lies on UIKit's: within a pixel of the analytic
            // point some pixel is near white.
            let near = (-1...1).flatMap { dy in (-1...1).map { dx in r[px + dx, py + dy] } }
            if near.contains(where: { Int($0.r) > 200 && Int($0.g) > 200 && Int($0.b) > 200 }) { onCurve += 1 }
            // 12 pt above or below (outside every line's width; where the curve is flat), neither colour.
            let farY = py + (x > 0 ? 12 : -12)
            if Double(farY) > plot.y && Double(farY) < plot.y + plot.h {
                let p = r[px, farY]
                if p != white && p != blue { besideIsPlain += 1 }
            }
        }
        // Anti-aliasing may dim a point where the curve is steep: 90 % of the points suffice.
        #expect(onCurve >= (checks - 1) * 9 / 10, "\(onCurve) of \(checks - 1) points on the curve")
        #expect(besideIsPlain >= (checks - 1) * 8 / 10, "\(besideIsPlain)")
    }

    @Test("no spring selected: no plot")
    func noSpringNoPlot() {
        var c = SandboxApp.Configuration()
        c.scene = "pyramid"
        let app = SandboxApp(configuration: c)
        app.overlay.selected = app.world.items.first
        #expect(app.translatedSpring == nil && app.springPlotRect == nil)
    }
}
