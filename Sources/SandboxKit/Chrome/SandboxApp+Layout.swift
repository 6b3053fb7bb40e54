import Dynamics
import Foundation
import SandboxRender

/// Where the world is drawn in the window (a uniform scale and an offset, window points), and back.
public struct SceneTransform: Sendable, Equatable {
    /// Window points per world point, > 0.
    public var scale: Double
    /// Window position of the world's origin, pt.
    public var offset: CGPoint

    /// The identity (world points are window points).
    public static let identity = SceneTransform(scale: 1, offset: .zero)

    /// A transform of `scale` window points per world point with the world's origin at `offset`.
    public init(scale: Double, offset: CGPoint) {
        self.scale = scale.isFinite && scale > 0 ? scale : 1
        self.offset = offset
    }

    /// The transform that fits `world` (its whole rectangle, aspect kept) into `viewport`, centred.
    public static func fitting(_ world: CGRect, into viewport: CGRect) -> SceneTransform {
        guard world.width > 0, world.height > 0, viewport.width > 0, viewport.height > 0 else { return .identity }
        let s = min(Double(viewport.width / world.width), Double(viewport.height / world.height))
        let x = Double(viewport.midX) - Double(world.midX) * s
        let y = Double(viewport.midY) - Double(world.midY) * s
        return SceneTransform(scale: s, offset: CGPoint(x: x, y: y))
    }

    /// Window point of world point `p`.
    public func toWindow(_ p: CGPoint) -> CGPoint {
        CGPoint(x: Double(p.x) * scale + Double(offset.x), y: Double(p.y) * scale + Double(offset.y))
    }

    /// World point under window point `p`.
    public func toWorld(_ p: CGPoint) -> CGPoint {
        CGPoint(x: (Double(p.x) - Double(offset.x)) / scale, y: (Double(p.y) - Double(offset.y)) / scale)
    }
}

/// The side bar's geometry, pt.
public enum SideBar {
    /// Width of the side bar (its boxes are `PanelLayout.width` wide with `margin` on both sides): 316 pt.
    public static let width: Double = PanelLayout.width + 2 * margin
    /// Gap between the side bar's boxes and around them: 8 pt.
    public static let margin: Double = 8
    /// Narrowest scene viewport beside a side bar: a window narrower than this plus `width` collapses the side bar
    /// (480 pt: the minimum window's width, so the scene never gets less than a minimum window would).
    public static let minimumSceneWidth: Double = 480
}

/// The docked layout: the scene viewport on the left, the side bar (HUD, tuning panel, motion graph, log) on the
/// right; nothing of the chrome covers the scene.
extension SandboxApp {
    /// Whether the side bar shows: chrome not hidden (V), not collapsed by the user (S / F9), and the window wide
    /// enough for it beside a `SideBar.minimumSceneWidth` scene.
    public var sideBarShown: Bool {
        !desktop.chromeHidden && !desktop.sideBarCollapsed
            && Double(size.width) >= SideBar.minimumSceneWidth + SideBar.width
    }

    /// The part of the window the scene is drawn in, pt: the window minus the side bar. Everything of the scene
    /// (items, overlays, the help) stays inside it; `sceneTransform` fits the world into it.
    public var sceneViewport: CGRect {
        let w = Double(size.width) - (sideBarShown ? SideBar.width : 0)
        return CGRect(x: 0, y: 0, width: max(1, w), height: Double(size.height))
    }

    /// The side bar's rectangle, pt (nil while collapsed or hidden).
    public var sideBarRect: CGRect? {
        guard sideBarShown else { return nil }
        let v = sceneViewport
        return CGRect(x: v.maxX, y: 0, width: Double(size.width) - Double(v.maxX), height: Double(size.height))
    }

    /// World → window: the world's reference bounds fitted into `sceneViewport` (aspect kept, centred). The
    /// world is made the viewport's size when a scene loads or the window is resized, so this is the identity
    /// then; collapsing or hiding the side bar only refits it (no item moves).
    public var sceneTransform: SceneTransform { SceneTransform.fitting(world.bounds, into: sceneViewport) }

    /// The scene's size in pixels: the world's reference bounds at `scale` (what `renderScene` fills when given
    /// a raster of this size).
    public var scenePixelSize: (width: Int, height: Int) {
        let b = world.bounds.isNull ? CGRect(origin: .zero, size: size) : world.bounds
        return (max(1, Int((Double(b.width) * scale).rounded())), max(1, Int((Double(b.height) * scale).rounded())))
    }

    /// Collapses or opens the side bar (S / F9).
    func toggleSideBar() {
        desktop.sideBarCollapsed.toggle()
        if desktop.sideBarCollapsed {
            log("side bar collapsed: the scene takes the window (S or F9 opens it)")
        } else if !sideBarShown {
            log(
                String(
                    format: "the side bar needs a window at least %.0f pt wide (this one is %.0f): widen it",
                    SideBar.minimumSceneWidth + SideBar.width, Double(size.width)))
        } else {
            log("side bar open (S or F9 collapses it)")
        }
    }

    // MARK: The side bar's boxes

    /// The side bar's boxes, pt: HUD on top, then the tuning panel, the readouts and motion graph, and the log
    /// filling the rest. The panel gets what the others leave (at least a few rows; it scrolls to the selected
    /// row); the log at least `logMinimumLines` lines.
    struct SideBarBoxes {
        var hud: CGRect
        var panel: CGRect?
        var readouts: CGRect?
        var springPlot: CGRect?
        var graph: CGRect?
        var log: CGRect?
    }

    /// The log's smallest height in the side bar, lines.
    static let logMinimumLines = 6

    /// Line step of the chrome's text, pt.
    var lineStep: Double { Double(textFace.lineHeight) / scale }

    /// The side bar's boxes, or nil while it is collapsed or hidden.
    var sideBarBoxes: SideBarBoxes? { sideBarBoxes(readoutRows: nil, panelRows: nil) }

    /// The side bar's boxes for the readout rows and panel rows given (computed when nil: drawing passes the ones
    /// it draws, so a frame analyses the motion and builds the rows once).
    func sideBarBoxes(readoutRows given: Int?, panelRows givenRows: [PanelRow]?) -> SideBarBoxes? {
        guard let bar = sideBarRect else { return nil }
        let m = SideBar.margin, x = Double(bar.minX) + m, w = Double(bar.width) - 2 * m
        let bottom = Double(bar.maxY) - m
        let hud = CGRect(x: x, y: m, width: w, height: hudHeight)
        var top = Double(hud.maxY) + m
        var boxes = SideBarBoxes(hud: hud)
        let logMin = Double(Self.logMinimumLines) * lineStep + 10
        var graphH = 0.0, readH = 0.0
        var plotH = 0.0
        if showGraph, overlay.selected != nil {
            graphH = Double(Self.graphSize.height)
            readH = Double(given ?? readoutRows(width: w - 16).count) * lineStep + 8
            if translatedSpring != nil { plotH = springPlotHeight }
        }
        if showPanel {
            let need = PanelLayout.height(givenRows ?? panelRows())
            let room =
                bottom - top - logMin - (graphH > 0 ? graphH + readH + 2 * m : 0) - (plotH > 0 ? plotH + m : 0) - m
            // At least three rows and their heading, however little room is left.
            let h = min(need, max(room, PanelLayout.top + PanelLayout.headingHeight + 3 * PanelLayout.rowHeight))
            boxes.panel = CGRect(x: x, y: top, width: w, height: h)
            top += h + m
        }
        // The graph before the log's last three lines, those before the readouts' last lines (cut by whole lines).
        let logShort = 3 * lineStep + 10
        if graphH > 0, bottom - top >= graphH + m + logShort {
            // Room for the spring's curves is kept when at least one readout line fits beside them.
            let plotRoom = plotH > 0 && bottom - top >= plotH + graphH + 3 * m + logShort + lineStep + 8 ? plotH + m : 0
            let room = bottom - top - graphH - 2 * m - logShort - plotRoom
            let lines = min(readH - 8, room - 8) / lineStep
            if lines >= 1 {
                let h = lines.rounded(.down) * lineStep + 8
                boxes.readouts = CGRect(x: x, y: top, width: w, height: h)
                top += h + m
            }
            // The spring translator's curves when a spring acts on the selected item and there is room.
            if plotH > 0, bottom - top >= plotH + graphH + 2 * m + logShort {
                boxes.springPlot = CGRect(x: x, y: top, width: w, height: plotH)
                top += plotH + m
            }
            boxes.graph = CGRect(x: x, y: top, width: w, height: graphH)
            top += graphH + m
        }
        if bottom - top >= lineStep + 10 { boxes.log = CGRect(x: x, y: top, width: w, height: bottom - top) }
        return boxes
    }

    /// Height of the side bar's HUD box, pt: four lines.
    var hudHeight: Double { 4 * lineStep + 12 }

    // MARK: Panel scrolling

    /// The wheel over the side bar (window point `p`): over the panel it moves the selected row one row a notch
    /// (away from the user: up), which scrolls the panel to it; elsewhere in the side bar it does nothing (the
    /// camera zooms only over the scene). Returns whether the side bar took the wheel.
    func sideBarWheel(_ steps: Double, at p: CGPoint) -> Bool {
        guard let bar = sideBarRect, bar.contains(p) else { return false }
        guard steps.isFinite, let rect = panelRect, rect.contains(p) else { return true }
        let n = panelRows().count
        let rows = Int((-steps).rounded(steps > 0 ? .down : .up))
        guard n > 0, rows != 0 else { return true }
        panelIndex = max(0, min(n - 1, panelIndex + max(-n, min(n, rows))))
        settlePanelScroll()
        return true
    }

    /// The panel's scroll offset, pt, kept so the selected row is visible (and no further than the last row).
    func panelScrollOffset(visible: Double, rows given: [PanelRow]? = nil) -> Double {
        let rows = given ?? panelRows()
        guard !rows.isEmpty else { return 0 }
        let tops = PanelLayout.rowTops(rows)
        let content = PanelLayout.height(rows)
        var s = desktop.panelScroll
        let i = min(max(0, panelIndex), rows.count - 1)
        // The selected row (with its section heading when it is the section's first) inside the visible part.
        let rowTop = tops[i] - (i == 0 || rows[i - 1].section != rows[i].section ? PanelLayout.headingHeight : 0)
        s = min(s, rowTop - PanelLayout.top)
        s = max(s, tops[i] + PanelLayout.rowHeight + 4 - visible)
        return max(0, min(s, content - visible))
    }

    /// Stores the scroll offset the layout shows now (called before drawing and before a click is read, so the
    /// offset stays where the user last saw it).
    func settlePanelScroll() {
        guard let rect = panelRect else { return }
        desktop.panelScroll = panelScrollOffset(visible: Double(rect.height))
    }

    /// Top of panel row `index` in window points as laid out now, or nil when it is scrolled out of view or the
    /// panel is hidden.
    public func panelRowTop(_ index: Int) -> Double? {
        guard let rect = panelRect else { return nil }
        let rows = panelRows()
        guard rows.indices.contains(index) else { return nil }
        let y = Double(rect.minY) + PanelLayout.rowTops(rows)[index] - panelScrollOffset(visible: Double(rect.height))
        return y >= Double(rect.minY) && y + PanelLayout.rowHeight <= Double(rect.maxY) ? y : nil
    }
}
