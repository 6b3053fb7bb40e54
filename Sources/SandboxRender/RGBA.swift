/// An 8-bit-per-channel colour with straight (not premultiplied) alpha.
public struct RGBA: Hashable, Sendable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8
    /// Opacity, 0 (transparent) … 255 (opaque). Default 255.
    public var a: UInt8

    /// A colour from its four channels, each 0…255.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// An opaque colour from `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(UInt8((hex >> 16) & 0xFF), UInt8((hex >> 8) & 0xFF), UInt8(hex & 0xFF))
    }

    /// The same colour with opacity `a`, 0…255.
    public func withAlpha(_ a: UInt8) -> RGBA { RGBA(r, g, b, a) }

    /// This colour moved toward `other` by `t`, 0 (self) … 1 (other); alpha is kept.
    public func mixed(with other: RGBA, _ t: Double) -> RGBA {
        let k = max(0, min(1, t))
        func m(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) + (Double(y) - Double(x)) * k).rounded()) }
        return RGBA(m(r, other.r), m(g, other.g), m(b, other.b), a)
    }

    /// Bytes R, G, B, A in memory order on a little-endian machine (SDL's `SDL_PIXELFORMAT_RGBA32`).
    @inline(__always) public var packed: UInt32 {
        UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
    }

    /// The colour of a packed pixel.
    @inline(__always) public init(packed p: UInt32) {
        self.init(UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24))
    }
}

/// A point in pixels (x right, y down) for the rasterizer.
public struct PixelPoint: Hashable, Sendable {
    /// Horizontal position, px.
    public var x: Double
    /// Vertical position, px (down).
    public var y: Double
    /// A point at (`x`, `y`) px.
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}
