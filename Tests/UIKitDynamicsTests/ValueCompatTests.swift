import Foundation
import Testing
import UIKitDynamics

@MainActor
@Suite("UIColor, UIKit geometry functions and CG members")
struct ValueCompatTests {
    @Test func colorMembers() {
        let c = UIColor(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        #expect(c.getRed(&r, green: &g, blue: &b, alpha: &a) && r == 0.2 && g == 0.4 && b == 0.6 && a == 0.8)
        #expect(UIColor(cgColor: c.cgColor) == c && c.cgColor.components == [0.2, 0.4, 0.6, 0.8])
        #expect(c.withAlphaComponent(0.5).alpha == 0.5 && c.withAlphaComponent(0.5).red == 0.2)
        // Pure red is hue 0, saturation 1, brightness 1; HSB round trip within 1e-12.
        var h: CGFloat = 0, s: CGFloat = 0, v: CGFloat = 0
        #expect(UIColor.red.getHue(&h, saturation: &s, brightness: &v, alpha: &a) && h == 0 && s == 1 && v == 1)
        let hsb = UIColor(hue: 0.6, saturation: 0.5, brightness: 0.8, alpha: 1)
        _ = hsb.getHue(&h, saturation: &s, brightness: &v, alpha: &a)
        #expect(abs(h - 0.6) < 1e-12 && abs(s - 0.5) < 1e-12 && abs(v - 0.8) < 1e-12)
        var w: CGFloat = 0
        #expect(UIColor(white: 0.25, alpha: 1).getWhite(&w, alpha: &a) && abs(w - 0.25) < 1e-12)
        // Light-mode system colours, 0…255 components.
        #expect(UIColor.systemBlue == UIColor(red: 0, green: 122.0 / 255, blue: 1, alpha: 1))
        #expect(abs(UIColor.secondaryLabel.alpha - 0.6) < 1e-12)
        // #colorLiteral makes a UIColor with or without a type context.
        let literal = #colorLiteral(red: 1, green: 0.5, blue: 0, alpha: 1)
        let typed: UIColor = #colorLiteral(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(literal == UIColor(red: 1, green: 0.5, blue: 0, alpha: 1) && typed.alpha == 0.5)
        c.setFill()  // no drawing context: nothing to observe, and no crash
        c.setStroke()
        c.set()
    }

    @Test func uikitGeometryFunctions() {
        #expect(UIOffsetMake(3, -4) == UIOffset(horizontal: 3, vertical: -4))
        #expect(UIEdgeInsetsMake(1, 2, 3, 4) == UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(
            UIEdgeInsetsInsetRect(CGRect(x: 0, y: 0, width: 10, height: 10), UIEdgeInsetsMake(1, 2, 3, 4))
                == CGRect(x: 2, y: 1, width: 4, height: 6))
        #expect(NSStringFromCGPoint(CGPoint(x: 10, y: 20.5)) == "{10, 20.5}")
        #expect(NSStringFromCGSize(CGSize(width: 375, height: 667)) == "{375, 667}")
        #expect(NSStringFromCGRect(CGRect(x: 0, y: -1, width: 2.25, height: 3)) == "{{0, -1}, {2.25, 3}}")
        #expect(NSStringFromCGVector(CGVector(dx: 0.5, dy: -1)) == "{0.5, -1}")
        #expect(NSStringFromCGAffineTransform(.identity) == "[1, 0, 0, 1, 0, 0]")
        #expect(NSStringFromUIEdgeInsets(UIEdgeInsetsMake(1, 2, 3, 4)) == "{1, 2, 3, 4}")
        #expect(NSStringFromUIOffset(UIOffsetMake(1, 2)) == "{1, 2}")
        #expect(NSStringFromCGPoint(CGPoint(x: 0.1, y: 0)) == "{0.10000000000000001, 0}")
        #expect(CGPointFromString("{10, 20.5}") == CGPoint(x: 10, y: 20.5) && CGPointFromString("nope") == .zero)
        #expect(CGSizeFromString("{3, 4}") == CGSize(width: 3, height: 4))
        #expect(
            CGRectFromString(NSStringFromCGRect(CGRect(x: 1, y: 2, width: 3, height: 4)))
                == CGRect(x: 1, y: 2, width: 3, height: 4))
        let ip = IndexPath(item: 3, section: 1)
        #expect(ip.item == 3 && ip.section == 1 && ip.row == 3 && IndexPath(row: 3, section: 1) == ip)
    }

    @Test func coreGraphicsMembers() {
        #expect(CGPoint(x: 1, y: 2).equalTo(CGPoint(x: 1, y: 2)) && !CGPoint.zero.equalTo(CGPoint(x: 0, y: 1)))
        #expect(CGSize(width: 1, height: 2).equalTo(CGSize(width: 1, height: 2)))
        #expect(CGRect(x: 10, y: 10, width: -5, height: 5).equalTo(CGRect(x: 5, y: 10, width: 5, height: 5)))
        // A quarter turn maps (1, 0) to (0, 1) (clockwise on a y-down screen); a transform followed by its inverse is
        // the identity within 1e-12.
        let quarter = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 1, y: 0).applying(quarter)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 1) < 1e-12)
        let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(quarter).concatenating(
            CGAffineTransform(translationX: 5, y: -7))
        let id = t.concatenating(t.inverted())
        #expect(
            abs(id.a - 1) < 1e-12 && abs(id.b) < 1e-12 && abs(id.c) < 1e-12 && abs(id.d - 1) < 1e-12
                && abs(id.tx) < 1e-12 && abs(id.ty) < 1e-12)
        let box = CGRect(x: 0, y: 0, width: 10, height: 20).applying(quarter)
        #expect(abs(box.minX - -20) < 1e-12 && abs(box.width - 20) < 1e-12 && abs(box.height - 10) < 1e-12)
        #expect(
            CGSize(width: 10, height: 20).applying(CGAffineTransform(scaleX: 2, y: -1))
                == CGSize(width: 20, height: -20))
    }

    /// The corner names of `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
    @Test func rectCorners() {
        #expect(UIRectCorner.allCorners.contains([.topLeft, .topRight, .bottomLeft, .bottomRight]))
        let p = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), byRoundingCorners: [.bottomLeft],
            cornerRadii: CGSize(width: 10, height: 10))
        #expect(!p.contains(CGPoint(x: 0.5, y: 39.5)) && p.contains(CGPoint(x: 0.5, y: 0.5)))
    }
}
