import Dynamics
import Foundation

/// Checks a decoded file before anything is built: every index in range, every number in its range, every name
/// known. The first problem is returned with its JSON path and the fix.
extension SceneFile {
    /// The first problem of the file, or nil when it can be built.
    public func validate(file: String) -> SceneFileError? {
        var problem: SceneFileError?
        func fail(_ path: String, _ what: String, _ fix: String) {
            if problem == nil { problem = SceneFileError(file: file, path: path, problem: what, fix: fix) }
        }
        func number(_ v: Double?, _ path: String, _ range: ClosedRange<Double>, _ meaning: String) {
            guard let v else { return }
            if !range.contains(v) {
                let lo = range.lowerBound == -.greatestFiniteMagnitude ? "" : "\(fmt(range.lowerBound))"
                let hi = range.upperBound == .greatestFiniteMagnitude ? "" : "\(fmt(range.upperBound))"
                let allowed = lo.isEmpty ? "≤ \(hi)" : hi.isEmpty ? "≥ \(lo)" : "\(lo) … \(hi)"
                fail(path, "\(fmt(v)) is out of range", "use a value \(allowed) (\(meaning))")
            }
        }
        func index(_ i: Int, _ count: Int, _ path: String, _ what: String) {
            if i < 0 || i >= count {
                fail(
                    path, "\(what) \(i) does not exist (there are \(count))",
                    count == 0 ? "add \(what)s to the file first" : "use 0 … \(count - 1)")
            }
        }
        let any = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude
        let nonNegative = 0...Double.greatestFiniteMagnitude
        if format != Self.formatName {
            fail(
                "$.format", "is \"\(format)\", not a scene file",
                "a scene file starts with \"format\": \"\(Self.formatName)\"")
        }
        if version > Self.currentVersion || version < 1 {
            fail(
                "$.version", "version \(version) is not one this sandbox reads (it reads 1 … \(Self.currentVersion))",
                "open it with a newer sandbox, or set \"version\": \(Self.currentVersion) if it follows docs/scene-files.md"
            )
        }
        if let code, SceneCatalog.named(code) == nil {
            fail(
                "$.code", "no catalogue scene is called \"\(code)\"",
                "use a name from `dynamics-sandbox --list-scenes`, or remove \"code\" for a scene that is data only")
        }
        let b = referenceBounds
        number(b.x, "$.referenceBounds.x", any, "pt")
        number(b.y, "$.referenceBounds.y", any, "pt")
        number(b.width, "$.referenceBounds.width", 1...100_000, "pt")
        number(b.height, "$.referenceBounds.height", 1...100_000, "pt")
        let n = items.count
        for (k, item) in items.enumerated() {
            let p = "$.items[\(k)]"
            number(item.size.width, "\(p).size.width", 0.01...100_000, "pt, greater than 0")
            number(item.size.height, "\(p).size.height", 0.01...100_000, "pt, greater than 0")
            number(item.center.x, "\(p).center.x", -1e6...1e6, "pt")
            number(item.center.y, "\(p).center.y", -1e6...1e6, "pt")
            number(item.angle, "\(p).angle", -1000...1000, "rad")
            number(item.cornerRadius, "\(p).cornerRadius", 0...100_000, "pt")
            if let s = item.shape, !["rectangle", "ellipse", "path"].contains(s) {
                fail("\(p).shape", "unknown shape \"\(s)\"", "use \"rectangle\", \"ellipse\" or \"path\"")
            }
            if item.shape == "path" && (item.path ?? []).isEmpty {
                fail(
                    "\(p).path", "a \"path\" item needs its outline",
                    "add \"path\": [{\"op\": \"move\", …}, …] or use another shape")
            }
            if let c = item.color, SceneColor(hexString: c) == nil {
                fail("\(p).color", "\"\(c)\" is not a colour", "write \"#RRGGBB\", e.g. \"#4A90E2\"")
            }
            if let pic = item.picture { number(Double(pic), "\(p).picture", 0...1_000_000, "a picture index") }
            check(item.path, "\(p).path", fail)
        }
        for (k, g) in (groups ?? []).enumerated() {
            if g.members.isEmpty {
                fail("$.groups[\(k)].members", "a group needs members", "list at least one item index")
            }
            for (m, i) in g.members.enumerated() { index(i, n, "$.groups[\(k)].members[\(m)]", "item") }
        }
        if let steps = solver?.substepsPerWorldStep {
            let r = DynamicAnimator.SolverSettings.substepRange
            number(
                Double(steps), "$.solver.substepsPerWorldStep", Double(r.lowerBound)...Double(r.upperBound),
                "solver sub-steps per 1/120-s world step; UIKit's is \(DynamicAnimator.SolverSettings.uikitSubstepsPerWorldStep)"
            )
        }
        let groupCount = groups?.count ?? 0
        func refs(_ items: [Int], _ gs: [Int]?, _ p: String) {
            for (m, i) in items.enumerated() { index(i, n, "\(p).items[\(m)]", "item") }
            for (m, i) in (gs ?? []).enumerated() { index(i, groupCount, "\(p).groups[\(m)]", "group") }
        }
        // Points a behavior places in the world: the same ±1e6 pt as item centres (Dynamics refuses more).
        func point(_ q: Point?, _ p: String) {
            number(q?.x, "\(p).x", -1e6...1e6, "pt")
            number(q?.y, "\(p).y", -1e6...1e6, "pt")
        }
        func vector(_ v: Vector?, _ p: String) {
            number(v?.dx, "\(p).dx", -1e6...1e6, "")
            number(v?.dy, "\(p).dy", -1e6...1e6, "")
        }
        for (k, behavior) in behaviors.enumerated() {
            let p = "$.behaviors[\(k)].\(behavior.kindName)"
            switch behavior {
            case .gravity(let g):
                refs(g.items, g.groups, p)
                vector(g.direction, "\(p).direction")
                number(g.tiltGain, "\(p).tiltGain", 0...100, "UIKit gravity units per unit of tilt")
            case .collision(let c):
                refs(c.items, c.groups, p)
                if let m = c.mode, !["everything", "items", "boundaries"].contains(m) {
                    fail(
                        "\(p).mode", "unknown collision mode \"\(m)\"",
                        "use \"everything\", \"items\" or \"boundaries\"")
                }
                if let i = c.insets {
                    for (name, v) in [("top", i.top), ("left", i.left), ("bottom", i.bottom), ("right", i.right)] {
                        number(v, "\(p).insets.\(name)", -1e5...1e5, "pt")
                    }
                }
                for (j, boundary) in (c.boundaries ?? []).enumerated() {
                    if boundary.path.isEmpty {
                        fail("\(p).boundaries[\(j)].path", "a boundary needs a path", "add at least a move and a line")
                    }
                    check(boundary.path, "\(p).boundaries[\(j)].path", fail)
                }
            case .itemProperties(let q):
                refs(q.items, q.groups, p)
                number(q.elasticity, "\(p).elasticity", 0...100, "0 = no bounce, 1 = keeps all normal speed")
                number(q.friction, "\(p).friction", 0...1e6, "≥ 0")
                number(q.density, "\(p).density", 1e-6...1e6, "greater than 0; mass = density × area / 10 000")
                number(q.resistance, "\(p).resistance", 0...1e6, "1/s")
                number(q.angularResistance, "\(p).angularResistance", 0...1e6, "1/s")
                number(q.charge, "\(p).charge", -1e6...1e6, "")
                for (j, v) in (q.velocities ?? []).enumerated() {
                    index(v.item, n, "\(p).velocities[\(j)].item", "item")
                    if !q.items.contains(v.item) {
                        fail(
                            "\(p).velocities[\(j)].item", "item \(v.item) is not one of this behaviour's items",
                            "add it to \"items\" or use one of \(q.items.prefix(8))")
                    }
                    number(v.linear?.x, "\(p).velocities[\(j)].linear.x", -1e7...1e7, "pt/s")
                    number(v.linear?.y, "\(p).velocities[\(j)].linear.y", -1e7...1e7, "pt/s")
                    number(v.angular, "\(p).velocities[\(j)].angular", -1e5...1e5, "rad/s")
                }
            case .attachment(let a):
                index(a.item, n, "\(p).item", "item")
                if let t = a.attachedTo { index(t, n, "\(p).attachedTo", "item") }
                let kind = a.kind ?? "distance"
                if !["distance", "sliding", "limit", "fixed", "pin"].contains(kind) {
                    fail(
                        "\(p).kind", "unknown attachment kind \"\(kind)\"",
                        "use \"distance\", \"sliding\", \"limit\", \"fixed\" or \"pin\"")
                }
                if ["limit", "fixed", "pin"].contains(kind) && a.attachedTo == nil {
                    fail("\(p).attachedTo", "a \(kind) attachment joins two items", "add \"attachedTo\": <item index>")
                }
                if a.attachedTo == a.item {
                    fail("\(p).attachedTo", "an item cannot be attached to itself", "name another item")
                }
                point(a.anchor, "\(p).anchor")
                for (o, name) in [(a.offset, "offset"), (a.attachedOffset, "attachedOffset")] {
                    number(o?.horizontal, "\(p).\(name).horizontal", -1e6...1e6, "pt")
                    number(o?.vertical, "\(p).\(name).vertical", -1e6...1e6, "pt")
                }
                number(a.length, "\(p).length", 0...1e6, "pt, ≥ 0")
                number(a.frequency, "\(p).frequency", 0...1000, "Hz, 0 = rigid")
                number(a.damping, "\(p).damping", 0...1000, "damping ratio, ≥ 0")
                number(a.frictionTorque, "\(p).frictionTorque", 0...1e6, "≥ 0")
                if let lo = a.rangeMinimum, let hi = a.rangeMaximum, lo > hi {
                    fail("\(p).rangeMinimum", "\(fmt(lo)) is above rangeMaximum \(fmt(hi))", "swap them")
                }
                if kind == "sliding", let v = a.axis, v.dx == 0 && v.dy == 0 {
                    fail("\(p).axis", "the sliding axis is zero", "give a direction, e.g. {\"dx\": 1, \"dy\": 0}")
                }
            case .snap(let s):
                index(s.item, n, "\(p).item", "item")
                point(s.point, "\(p).point")
                number(s.damping, "\(p).damping", 0...1, "0 … 1")
            case .push(let q):
                refs(q.items, q.groups, p)
                if !["instantaneous", "continuous"].contains(q.mode) {
                    fail("\(p).mode", "unknown push mode \"\(q.mode)\"", "use \"instantaneous\" or \"continuous\"")
                }
                vector(q.direction, "\(p).direction")
                for (j, o) in (q.offsets ?? []).enumerated() { index(o.item, n, "\(p).offsets[\(j)].item", "item") }
            case .field(let f):
                point(f.position, "\(p).position")
                refs(f.items, f.groups, p)
                let kinds = [
                    "drag", "vortex", "radialGravity", "linearGravity", "velocity", "noise", "turbulence",
                    "spring", "electric", "magnetic"
                ]
                if !kinds.contains(f.kind) {
                    fail(
                        "\(p).kind", "unknown field kind \"\(f.kind)\"",
                        "use one of " + kinds.joined(separator: ", ")
                            + " (a custom block needs the scene's \"code\")")
                }
                number(f.strength, "\(p).strength", -1e6...1e6, "")
                number(f.falloff, "\(p).falloff", -100...100, "")
                number(f.minimumRadius, "\(p).minimumRadius", 0...1e7, "pt, ≥ 0")
                number(f.smoothness, "\(p).smoothness", 0...1, "0 … 1")
                number(f.animationSpeed, "\(p).animationSpeed", -1e6...1e6, "")
                vector(f.direction, "\(p).direction")
                number(f.region?.radius, "\(p).region.radius", nonNegative, "pt")
                number(f.region?.size?.width, "\(p).region.size.width", nonNegative, "pt")
                number(f.region?.size?.height, "\(p).region.size.height", nonNegative, "pt")
            }
            if problem != nil { break }
        }
        return problem
    }

    private func check(_ path: [PathElement]?, _ p: String, _ fail: (String, String, String) -> Void) {
        for (k, e) in (path ?? []).enumerated() {
            let q = "\(p)[\(k)]"
            switch e.op {
            case "move", "line":
                if e.to == nil {
                    fail("\(q).to", "\"\(e.op)\" needs its end point", "add \"to\": {\"x\": …, \"y\": …}")
                }
            case "quadCurve":
                if e.to == nil || e.control == nil {
                    fail(q, "\"quadCurve\" needs \"to\" and \"control\"", "add the missing point")
                }
            case "curve":
                if e.to == nil || e.control1 == nil || e.control2 == nil {
                    fail(q, "\"curve\" needs \"to\", \"control1\" and \"control2\"", "add the missing points")
                }
            case "close": break
            default:
                fail(
                    "\(q).op", "unknown path command \"\(e.op)\"",
                    "use \"move\", \"line\", \"quadCurve\", \"curve\" or \"close\"")
            }
            for v in [e.to, e.control, e.control1, e.control2].compactMap({ $0 }) where abs(v.x) > 1e6 || abs(v.y) > 1e6
            {
                fail(q, "a point is beyond ±1 000 000 pt", "use coordinates in points near the reference bounds")
            }
        }
    }
}

/// A number as a person writes it (no trailing ".0").
func fmt(_ v: Double) -> String {
    v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
}
