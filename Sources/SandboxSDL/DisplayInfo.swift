internal import CSDL2

/// The display the window opens on: its usable area (without panels and docks) and its DPI, and the policy that
/// makes the window fit it.
public struct DisplayInfo: Sendable, Equatable {
    /// Usable width and height, window units (pixels on X11).
    public var usableWidth: Double
    /// Usable height, window units.
    public var usableHeight: Double
    /// Horizontal DPI SDL reports, 0 when unknown.
    public var dpi: Double

    /// A display of `usableWidth` × `usableHeight` window units at `dpi` (0 = unknown).
    public init(usableWidth: Double, usableHeight: Double, dpi: Double) {
        self.usableWidth = usableWidth
        self.usableHeight = usableHeight
        self.dpi = dpi
    }

    /// Display 0 as SDL sees it (SDL's video subsystem must be initialised); a huge area and no DPI when SDL
    /// cannot tell.
    @MainActor
    static func current() -> DisplayInfo {
        var r = SDL_Rect()
        let ok = SDL_GetDisplayUsableBounds(0, &r) == 0 && r.w > 0 && r.h > 0
        var d: Float = 0, h: Float = 0, v: Float = 0
        let dpiOK = SDL_GetDisplayDPI(0, &d, &h, &v) == 0 && h.isFinite && h > 0
        return DisplayInfo(
            usableWidth: ok ? Double(r.w) : 1e6, usableHeight: ok ? Double(r.h) : 1e6,
            dpi: dpiOK ? Double(h) : 0)
    }

    /// Pixels per point the DPI asks for: DPI / 96 in steps of 0.25, 1…4 (1 when the DPI is unknown or below
    /// 120, which is how desktops treat 96-DPI-ish screens).
    public var dpiScale: Double {
        guard dpi >= 120 else { return 1 }
        return max(1, min(4, (dpi / 96 * 4).rounded() / 4))
    }

    /// The window's size in points and its scale so that it fits: the asked size when it fits at `scale`; else
    /// as many points as fit (not below `minimum`); else a smaller scale (steps of 0.25, not below 0.5) at the
    /// minimum size. `notes` says what changed, one line each.
    public func fit(points: (Double, Double), scale: Double, minimum: (Double, Double))
        -> (width: Double, height: Double, scale: Double, notes: [String])
    {
        var s = scale.isFinite && scale > 0 ? scale : 1
        var notes: [String] = []
        let minW = minimum.0, minH = minimum.1
        if minW * s > usableWidth || minH * s > usableHeight {
            let most = min(usableWidth / minW, usableHeight / minH)
            let smaller = max(0.5, (most * 4).rounded(.down) / 4)
            notes.append(
                "scale \(format(s)) does not fit the \(Int(usableWidth))x\(Int(usableHeight)) screen "
                    + "even at the \(Int(minW))x\(Int(minH))-pt minimum: using scale \(format(smaller))")
            s = smaller
        }
        var w = max(minW, points.0), h = max(minH, points.1)
        if w * s > usableWidth || h * s > usableHeight {
            let fw = max(minW, min(w, (usableWidth / s).rounded(.down)))
            let fh = max(minH, min(h, (usableHeight / s).rounded(.down)))
            notes.append(
                "\(Int(w))x\(Int(h)) pt at scale \(format(s)) does not fit the \(Int(usableWidth))x"
                    + "\(Int(usableHeight)) screen: opening \(Int(fw))x\(Int(fh)) pt")
            w = fw
            h = fh
        }
        return (w, h, s, notes)
    }

    private func format(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }
}
