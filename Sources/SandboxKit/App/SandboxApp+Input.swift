import Dynamics
import Foundation
import SandboxScenes

/// Input: mouse gestures, keys, the gamepad, window changes.
extension SandboxApp {
    /// Handles one input event.
    public func handle(_ event: InputEvent) {
        // A recording notes what it needs; a replay keeps live input that would change its run away.
        guard let event = routeForRecording(event) else { return }
        switch event {
        case .pointerDown(let x, let y, let button, let time):
            pointerDown(CGPoint(x: x, y: y), button: button, time: time)
        case .pointerMoved(let x, let y, let time):
            pointerMoved(CGPoint(x: x, y: y), time: time)
        case .pointerUp(let x, let y, let button, let time):
            pointerUp(CGPoint(x: x, y: y), button: button, time: time)
        case .key(let command, let pressed, let shift):
            key(command, pressed: pressed, shift: shift)
        case .stick(let x, let y):
            let cx = x.isFinite ? max(-1, min(1, x)) : 0, cy = y.isFinite ? max(-1, min(1, y)) : 0
            // A small dead zone so a resting stick reads as level.
            stickTilt = CGVector(dx: abs(cx) < 0.08 ? 0 : cx, dy: abs(cy) < 0.08 ? 0 : cy)
            applyTilt()
        case .gamepad(let name):
            gamepadName = name
            log(name.map { "gamepad connected: \($0) (left stick tilts gravity)" } ?? "gamepad removed")
            if name == nil {
                stickTilt = CGVector(dx: 0, dy: 0)
                applyTilt()
            }
        case .resized(let w, let h, let s):
            resize(width: w, height: h, scale: s)
        case .quit:
            wantsQuit = true
        case .fileDropped(let path):
            openFile(path)
        case .text(let typed):
            if pickerText(typed) {
                break
            } else if numericEntry != nil {
                entryText(typed)
            } else if let (command, shift) = KeyCommand.typed(typed) {
                handle(.key(command, pressed: true, shift: shift))
            }
        case .wheel(let x, let y, let steps):
            if !pickerWheel(steps), !sideBarWheel(steps, at: CGPoint(x: x, y: y)) {
                wheel(steps, at: CGPoint(x: x, y: y))
            }
        }
    }

    // MARK: Mouse

    /// The panel's rectangle in window points, in the side bar (nil while hidden, collapsed, or while a replay
    /// feeds its inputs).
    public var panelRect: CGRect? { record.feeding ? nil : sideBarBoxes?.panel }

    /// A press at window point `w`: on the panel it edits the panel, elsewhere in the side bar nothing; over the
    /// scene it acts at the world point under it.
    func pointerDown(_ w: CGPoint, button: PointerButton, time: Double) {
        guard w.x.isFinite, w.y.isFinite else { return }
        lastPointerTime = time
        if pickerPointerDown(w, button: button) { return }
        if button == .primary, let rect = panelRect, rect.contains(w) {
            settlePanelScroll()
            notePanelPress()
            panelClick(w, in: rect)
            panelDragging = true
            return
        }
        if beginPan(w, button: button) { return }
        // Gestures on the scene work in world points: through the viewport's fit and the camera's inverse.
        let p = worldPoint(w)
        if holdScenePointer("pointerDown", p, button: button, time: time) { return }
        switch button {
        case .middle:
            break
        case .secondary:
            push(toward: p)
        case .primary:
            if let item = world.item(at: p) {
                // Selecting is not grabbing: the item is grabbed only when the pointer moves (pointerMoved).
                overlay.selected = item
                pendingGrab = (item, p, time)
            } else {
                pendingTap = (p, time)
            }
        }
    }

    func pointerMoved(_ w: CGPoint, time: Double) {
        guard w.x.isFinite, w.y.isFinite else { return }
        lastPointerTime = time
        if panelDragging, let rect = panelRect {
            panelClick(w, in: rect, dragging: true)
            return
        }
        if movePan(w) { return }
        let p = worldPoint(w)
        if holdScenePointer("pointerMoved", p, button: nil, time: time) { return }
        // The grab and tap thresholds are window distances: world distances times the zoom and the fit.
        let zoom = CGFloat(gestureZoom)
        if let g = pendingGrab, hypot(p.x - g.point.x, p.y - g.point.y) * zoom >= Self.grabThreshold {
            pendingGrab = nil
            beginDrag(g.item, at: g.point, time: g.time)
        }
        if var d = drag {
            let dt = time - d.lastTime
            if dt > 1e-6 {
                let inst = CGPoint(x: (p.x - d.cursor.x) / dt, y: (p.y - d.cursor.y) / dt)
                let a = 1 - exp(-dt / max(1e-3, gestures.flingSmoothing))
                d.velocity = CGPoint(
                    x: d.velocity.x + a * (inst.x - d.velocity.x),
                    y: d.velocity.y + a * (inst.y - d.velocity.y))
                d.lastTime = time
            }
            d.cursor = p
            drag = d
            moveDragAnchor(to: p)
        }
        if let t = pendingTap, hypot(p.x - t.point.x, p.y - t.point.y) * zoom > 8 { pendingTap = nil }
    }

    func pointerUp(_ w: CGPoint, button: PointerButton, time: Double) {
        if panelDragging {
            panelDragging = false
            logPanelRelease()
            commitPanelEdit()
            if repushOnRelease {
                repushOnRelease = false
                pushBehavior?.active = true
            }
            return
        }
        if endPan(w, button: button) { return }
        guard button == .primary else { return }
        let p = worldPoint(w)
        if holdScenePointer("pointerUp", p, button: button, time: time) { return }
        if let g = pendingGrab {
            pendingGrab = nil
            log("selected \(g.item.name ?? "item") (its motion untouched; drag to grab it)")
        }
        if let d = drag {
            // A pointer that stopped before release has (nearly) stopped the item.
            let idle = max(0, time - d.lastTime)
            let decay = exp(-idle / max(1e-3, gestures.flingSmoothing))
            let v = CGPoint(x: d.velocity.x * decay, y: d.velocity.y * decay)
            endDrag(fling: v)
        } else if let t = pendingTap, time - t.time < 0.5,
            hypot(p.x - t.point.x, p.y - t.point.y) * CGFloat(gestureZoom) <= 8
        {
            tap(at: p)
        }
        pendingTap = nil
    }

    /// A tap on empty space: the scene's own tap action, else the selected item snaps there.
    func tap(at p: CGPoint) {
        // A tap starts a new motion (the scene's action moves an anchor or a snap point; else the selected item
        // snaps there): the readouts read it from here.
        if let onTap = world.onTap, onTap(p) {
            restartReadout(of: overlay.selected)
            return
        }
        guard let item = overlay.selected else {
            log("tap: select an item first (press on it), then tap to snap it there")
            return
        }
        snap(item, to: p)
        restartReadout(of: item)
    }

    /// How far, pt, the pointer must move after pressing on an item before the item is grabbed: 3.
    static let grabThreshold: CGFloat = 3

    // MARK: Keys

    func key(_ command: KeyCommand, pressed: Bool, shift: Bool) {
        // The open scene picker takes every pressed key (arrows choose, enter opens, esc closes).
        if pressed, pickerKey(command, shift: shift) { return }
        if routeKey(command, pressed: pressed, shift: shift) { return }
        switch command {
        case .tiltLeft, .tiltRight, .tiltUp, .tiltDown:
            if pressed, tiltKeys.insert(command).inserted {
                // Scenes without a gravity use the arrows otherwise (the springy list scrolls).
                log(
                    world.gravity != nil
                        ? "tilt \(command.help.key) (hold to tilt gravity, release to level)"
                        : scene.summary.contains("scroll")
                            ? "scroll \(command.help.key) (hold the arrow)"
                            : "arrow \(command.help.key): this scene has no gravity to tilt")
            } else if !pressed {
                tiltKeys.remove(command)
            }
            return
        case .pauseResume:
            // Space held: space + drag pans (SandboxApp+Camera).
            spaceKey(pressed: pressed)
        default:
            break
        }
        guard pressed else { return }
        if entryKey(command) { return }
        switch command {
        case .pauseResume:
            userPaused.toggle()
            view.pauseToggledBySpace = view.spaceHeld
            log(userPaused ? "paused by the user (space resumes, . steps)" : "resumed by the user")
        case .singleStep:
            if !userPaused {
                userPaused = true
                log("paused by the user (. steps one frame)")
            }
            stepRequested = true
        case .restart:
            if shift { resetToFileValues() } else { restartWithTunedValues() }
        case .saveScene:
            saveScene()
        case .openScene:
            openNextSavedScene()
        case .undo:
            undoPanelEdit()
        case .redo:
            redoPanelEdit()
        case .enter, .backspace, .record, .stepBack:
            break
        case .toggleGhost:
            readout.showGhost.toggle()
            log(readout.showGhost ? "ghost of the previous run shown (B hides it)" : "ghost hidden (B shows it)")
        case .previousScene:
            loadScene(sceneIndex - 1)
        case .nextScene:
            loadScene(sceneIndex + 1)
        case .slower:
            timeScale = max(0.125, timeScale / 2)
            log("time x\(timeScaleText)")
        case .faster:
            timeScale = min(2, timeScale * 2)
            log("time x\(timeScaleText)")
        case .overlays:
            overlays = overlays.next()
            log(overlays.label)
        case .help:
            showHelp.toggle()
        case .screenshot:
            screenshotRequested = true
        case .copySwift:
            exportSwift()
        case .togglePanel:
            showPanel.toggle()
        case .toggleGraph:
            showGraph.toggle()
        case .toggleSideBar:
            toggleSideBar()
        case .toggleChrome:
            desktop.chromeHidden.toggle()
            if !desktop.chromeHidden { log("chrome shown (V or F10 hides it)") }
        case .panelNext:
            movePanelSelection(shift ? -1 : 1)
        case .panelPrevious:
            movePanelSelection(-1)
        case .panelDecrease:
            nudgePanel(shift ? -10 : -1)
        case .panelIncrease:
            nudgePanel(shift ? 10 : 1)
        case .quit:
            wantsQuit = true
        case .frameAll:
            frameAll()
        case .resetView:
            resetView()
        case .scenePicker:
            openPicker()
        case .tiltLeft, .tiltRight, .tiltUp, .tiltDown:
            break
        case .toggleBoundaries, .toggleGravity, .toggleContacts, .toggleSleeping, .toggleJoints, .toggleFields,
            .toggleOutlines:
            guard let layer = command.overlayLayer else { break }
            overlays[layer].toggle()
            log("overlay \(layer.rawValue) \(layer.name) \(overlays[layer] ? "on" : "off") (\(overlays.label))")
        }
    }

    /// The time scale as text ("1", "1/2", "2").
    public var timeScaleText: String {
        timeScale >= 1 ? String(format: "%g", timeScale) : "1/\(Int((1 / timeScale).rounded()))"
    }

    // MARK: Tilt

    /// The tilt the keys ask for now, each axis −1…1.
    var keyTiltTarget: CGVector {
        CGVector(
            dx: (tiltKeys.contains(.tiltRight) ? 1 : 0) - (tiltKeys.contains(.tiltLeft) ? 1 : 0),
            dy: (tiltKeys.contains(.tiltDown) ? 1 : 0) - (tiltKeys.contains(.tiltUp) ? 1 : 0))
    }

    /// Ramps the key tilt toward its target (hold to tilt, release to level) at 4 units/s.
    func updateTilt(dt: Double) {
        let target = keyTiltTarget
        let step = CGFloat(4 * dt)
        func approach(_ v: CGFloat, _ t: CGFloat) -> CGFloat { v < t ? min(t, v + step) : max(t, v - step) }
        let next = CGVector(dx: approach(keyTilt.dx, target.dx), dy: approach(keyTilt.dy, target.dy))
        if next != keyTilt {
            keyTilt = next
            applyTilt()
        }
    }

    /// Sets the scene's gravity to its level vector plus the tilt (keys + stick) times the scene's gain.
    func applyTilt() {
        let t = CGVector(dx: max(-1, min(1, keyTilt.dx + stickTilt.dx)), dy: max(-1, min(1, keyTilt.dy + stickTilt.dy)))
        world.tilt = t
        guard let g = world.gravity else { return }
        let v = CGVector(
            dx: world.levelGravity.dx + t.dx * world.tiltGain,
            dy: world.levelGravity.dy + t.dy * world.tiltGain)
        if g.gravityDirection != v { g.gravityDirection = v }
    }
}
