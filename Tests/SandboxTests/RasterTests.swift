import Testing
@testable import SandboxRender

@Suite("Raster: anti-aliased shapes, text, PNG")
struct RasterTests {
    /// Sum of coverage of colour channel r over the image (white on black), in pixels.
    func coveredArea(_ r: Raster) -> Double {
        r.pixels.reduce(0.0) { $0 + Double($1 & 0xFF) / 255 }
    }

    @Test("a disc covers π r² pixels and its edge is anti-aliased")
    func discArea() {
        var r = Raster(width: 64, height: 64)
        r.fillCircle(center: PixelPoint(31.3, 32.7), radius: 20, RGBA(255, 255, 255))
        let area = coveredArea(r)
        // Coverage = 0.5 − distance is exact to first order: the area error is far below 0.5 % (πr² = 1256.6).
        #expect(abs(area - Double.pi * 400) / (Double.pi * 400) < 0.005, "area \(area)")
        let partial = r.pixels.filter { ($0 & 0xFF) > 0 && ($0 & 0xFF) < 255 }.count
        #expect(partial > 100, "an aliased edge would have no partial pixels; \(partial)")
    }

    @Test("a rotated rounded rectangle covers its area; its interior is solid")
    func roundedRectArea() {
        var r = Raster(width: 128, height: 128)
        r.fillRoundedRect(
            center: PixelPoint(64, 64), halfWidth: 40, halfHeight: 20, radius: 8, angle: 0.6,
            RGBA(255, 255, 255))
        let corners: Double = (4 - Double.pi) * 64
        let expected: Double = 3200 - corners
        // Same coverage rule as the disc: within 0.5 % of the exact area.
        #expect(abs(coveredArea(r) - expected) / expected < 0.005)
        #expect(r[64, 64] == RGBA(255, 255, 255))
    }

    @Test("a convex polygon covers its area (a triangle)")
    func triangleArea() {
        var r = Raster(width: 100, height: 100)
        r.fillConvexPolygon([PixelPoint(10, 10), PixelPoint(90, 20), PixelPoint(30, 85)], RGBA(255, 255, 255))
        let cross: Double = 80 * 75 - 20 * 10  // (b − a) × (c − a)
        let expected: Double = cross / 2
        // Sharp corners shave a fraction of a pixel each: within 0.5 %.
        #expect(abs(coveredArea(r) - expected) / expected < 0.005)
    }

    @Test("text draws glyph pixels and measures 6 px a character")
    func text() {
        var r = Raster(width: 80, height: 12)
        let end = r.drawText("Hi 1.0", x: 2, y: 2, RGBA(255, 255, 255))
        #expect(end == 2 + 6 * 6)
        #expect(BitmapFont.width(of: "Hi 1.0", scale: 2) == 72)
        #expect(r.pixels.contains { $0 & 0xFF == 255 })
        #expect(BitmapFont.glyphs.count == 95)
    }

    @Test("PNG encode then decode gives the same pixels; the file is compressed")
    func pngRoundTrip() throws {
        var r = Raster(width: 200, height: 120, fill: RGBA(30, 40, 50))
        r.fillCircle(center: PixelPoint(60, 60), radius: 40, RGBA(250, 100, 20, 180))
        r.drawText("PNG", x: 120, y: 50, scale: 3, RGBA(255, 255, 255))
        let bytes = PNG.encode(r)
        #expect(bytes.count < 200 * 120 * 4 / 4, "zlib should shrink a mostly flat image: \(bytes.count) bytes")
        let back = try PNG.decode(bytes)
        #expect(back.width == 200 && back.height == 120)
        #expect(back.pixels == r.pixels)
    }

    @Test("decode refuses what is not a PNG")
    func pngRefuses() {
        #expect(throws: PNG.Failure.self) { try PNG.decode([1, 2, 3, 4, 5, 6, 7, 8, 9]) }
    }
}

@Suite("Raster: pictures on image-view items")
struct RasterImageTests {
    /// A 2 × 2 picture: red, green on top; blue, white below.
    static let quadrants: Raster = {
        var image = Raster(width: 2, height: 2)
        image.pixels = [
            RGBA(255, 0, 0).packed, RGBA(0, 255, 0).packed, RGBA(0, 0, 255).packed,
            RGBA(255, 255, 255).packed
        ]
        return image
    }()

    @Test("a picture is stretched over the item, turned with it and clipped to its corner radius")
    func stretchedTurnedClipped() {
        var r = Raster(width: 40, height: 40)
        r.drawImage(Self.quadrants, center: PixelPoint(20, 20), halfWidth: 10, halfHeight: 10, radius: 0, angle: 0)
        #expect(r[14, 14] == RGBA(255, 0, 0) && r[25, 14] == RGBA(0, 255, 0))
        #expect(r[14, 25] == RGBA(0, 0, 255) && r[25, 25] == RGBA(255, 255, 255))
        #expect(r[5, 5] == RGBA(0, 0, 0) && r[34, 34] == RGBA(0, 0, 0))

        // A quarter turn clockwise on screen carries the top-left quadrant to the top right.
        var turned = Raster(width: 40, height: 40)
        turned.drawImage(
            Self.quadrants, center: PixelPoint(20, 20), halfWidth: 10, halfHeight: 10, radius: 0,
            angle: Double.pi / 2)
        #expect(turned[25, 14] == RGBA(255, 0, 0) && turned[25, 25] == RGBA(0, 255, 0))

        // Corner radius = half the side: a disc. The square's corner pixel stays background; the edge is blended.
        var round = Raster(width: 40, height: 40)
        round.drawImage(
            Self.quadrants, center: PixelPoint(20, 20), halfWidth: 10, halfHeight: 10, radius: 10,
            angle: 0)
        #expect(round[11, 11] == RGBA(0, 0, 0))
        #expect(round[14, 14] == RGBA(255, 0, 0))
        let edge = round[12, 13]  // centre 9.9 px from the middle: on the circle, partly covered, a dimmed red
        #expect(edge.r > 60 && edge.r < 200 && edge.g == 0 && edge.b == 0, "\(edge)")
    }
}
