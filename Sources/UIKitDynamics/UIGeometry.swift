import Foundation

// UIKit's geometry functions (UIGeometry.h), under their UIKit names.

/// `UIOffset(horizontal:vertical:)`, pt.
public func UIOffsetMake(_ horizontal: CGFloat, _ vertical: CGFloat) -> UIOffset {
    UIOffset(horizontal: horizontal, vertical: vertical)
}

/// `UIEdgeInsets(top:left:bottom:right:)`, pt.
public func UIEdgeInsetsMake(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> UIEdgeInsets {
    UIEdgeInsets(top: top, left: left, bottom: bottom, right: right)
}

/// `rect.inset(by: insets)` (the pre-Swift-4.2 name).
public func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect { rect.inset(by: insets) }

/// A number as UIKit prints it in these strings: up to 17 significant digits, no trailing zeros (`%.17g`).
private func format(_ v: CGFloat) -> String { String(format: "%.17g", Double(v)) }

/// `{x, y}`, e.g. `{10, 20.5}`.
public func NSStringFromCGPoint(_ point: CGPoint) -> String { "{\(format(point.x)), \(format(point.y))}" }

/// `{width, height}`.
public func NSStringFromCGSize(_ size: CGSize) -> String { "{\(format(size.width)), \(format(size.height))}" }

/// `{{x, y}, {width, height}}`.
public func NSStringFromCGRect(_ rect: CGRect) -> String {
    "{\(NSStringFromCGPoint(rect.origin)), \(NSStringFromCGSize(rect.size))}"
}

/// `{dx, dy}`.
public func NSStringFromCGVector(_ vector: CGVector) -> String { "{\(format(vector.dx)), \(format(vector.dy))}" }

/// `[a, b, c, d, tx, ty]`.
public func NSStringFromCGAffineTransform(_ t: CGAffineTransform) -> String {
    "[" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(format).joined(separator: ", ") + "]"
}

/// `{top, left, bottom, right}`.
public func NSStringFromUIEdgeInsets(_ insets: UIEdgeInsets) -> String {
    "{" + [insets.top, insets.left, insets.bottom, insets.right].map(format).joined(separator: ", ") + "}"
}

/// `{horizontal, vertical}`.
public func NSStringFromUIOffset(_ offset: UIOffset) -> String {
    "{\(format(offset.horizontal)), \(format(offset.vertical))}"
}

/// The numbers of a `{…}` or `[…]` string in order (NaN-free), for the `…FromString` functions.
private func numbers(in string: String) -> [CGFloat] {
    string.split(whereSeparator: { "{}[], ".contains($0) }).compactMap { Double($0) }.map { CGFloat($0) }
}

/// The point of an `NSStringFromCGPoint` string; `.zero` when it does not hold two numbers.
public func CGPointFromString(_ string: String) -> CGPoint {
    let n = numbers(in: string)
    return n.count == 2 ? CGPoint(x: n[0], y: n[1]) : .zero
}

/// The size of an `NSStringFromCGSize` string; `.zero` when it does not hold two numbers.
public func CGSizeFromString(_ string: String) -> CGSize {
    let n = numbers(in: string)
    return n.count == 2 ? CGSize(width: n[0], height: n[1]) : .zero
}

/// The rectangle of an `NSStringFromCGRect` string; `.zero` when it does not hold four numbers.
public func CGRectFromString(_ string: String) -> CGRect {
    let n = numbers(in: string)
    return n.count == 4 ? CGRect(x: n[0], y: n[1], width: n[2], height: n[3]) : .zero
}

extension IndexPath {
    /// An index path of `item` in `section` (UIKit's collection-view initializer).
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// An index path of `row` in `section` (UIKit's table-view initializer).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The section: the first index.
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }

    /// The item: the second index.
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row (the same index as `item`).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
