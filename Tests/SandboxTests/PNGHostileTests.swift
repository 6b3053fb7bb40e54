import Foundation
import Testing
@testable import SandboxKit
@testable import SandboxRender

/// Hostile PNG files (issue 15, item 1), generated here: each is refused with a reason before anything larger
/// than the file is allocated, and `--assets` names the file and goes on.
@Suite("PNG: hostile files are refused, never a crash or a huge allocation")
struct PNGHostileTests {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    /// One chunk (the checksum is not verified by the reader, so it is left 0).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        be32(UInt32(data.count)) + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    /// A 13-byte RGBA header claiming `width` × `height`.
    static func header(_ width: UInt32, _ height: UInt32) -> [UInt8] {
        chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
    }

    /// The IDAT payload of a real 4 × 4 image (valid zlib data).
    static let smallIDAT: [UInt8] = {
        let png = PNG.encode(Raster(width: 4, height: 4, fill: RGBA(1, 2, 3)))
        var pos = 8
        while pos + 8 <= png.count {
            let len = Int(png[pos]) << 24 | Int(png[pos + 1]) << 16 | Int(png[pos + 2]) << 8 | Int(png[pos + 3])
            if String(decoding: png[(pos + 4)..<(pos + 8)], as: UTF8.self) == "IDAT" {
                return Array(png[(pos + 8)..<(pos + 8 + len)])
            }
            pos += 12 + len
        }
        return []
    }()

    /// The files and more: name → bytes. None may crash, hang or allocate gigabytes.
    static let hostile: [(String, [UInt8])] = [
        ("ihdr-4-bytes", signature + chunk("IHDR", [0, 0, 0, 1]) + chunk("IEND", [])),
        ("max-by-max", signature + header(0x7FFF_FFFF, 0x7FFF_FFFF) + chunk("IDAT", smallIDAT) + chunk("IEND", [])),
        ("one-by-max", signature + header(1, 0x7FFF_FFFF) + chunk("IDAT", smallIDAT) + chunk("IEND", [])),
        ("4g-by-4g", signature + header(0xFFFF_FFFF, 0xFFFF_FFFF) + chunk("IDAT", smallIDAT)),
        // 30 000² with 3.5 MB of data, as the probe's file of zeros (refused on the header, not after 37 s).
        (
            "30000-square",
            signature + header(30_000, 30_000)
                + chunk("IDAT", [UInt8](repeating: 0, count: 3_500_000)) + chunk("IEND", [])
        ),
        // Within the raster's cap but with far too little data to fill it: refused before inflating.
        ("16384-square-tiny-data", signature + header(16_384, 16_384) + chunk("IDAT", smallIDAT)),
        ("zero-width", signature + header(0, 4) + chunk("IDAT", smallIDAT)),
        ("chunk-length-4g", signature + [0xFF, 0xFF, 0xFF, 0xFF] + Array("IHDR".utf8) + [1, 2, 3]),
        ("truncated-ihdr", signature + Array(header(4, 4).prefix(15))),
        ("no-ihdr", signature + chunk("IDAT", smallIDAT) + chunk("IEND", [])),
        ("two-ihdr", signature + header(4, 4) + header(4, 4) + chunk("IDAT", smallIDAT)),
        ("no-idat", signature + header(4, 4) + chunk("IEND", [])),
        ("wrong-size-data", signature + header(5, 4) + chunk("IDAT", smallIDAT)),
        ("garbage-data", signature + header(4, 4) + chunk("IDAT", [1, 2, 3, 4, 5, 6, 7, 8])),
        ("16-bit", signature + chunk("IHDR", be32(4) + be32(4) + [16, 6, 0, 0, 0]) + chunk("IDAT", smallIDAT)),
        ("palette", signature + chunk("IHDR", be32(4) + be32(4) + [8, 3, 0, 0, 0]) + chunk("IDAT", smallIDAT)),
        ("only-signature", signature + [0])
    ]

    @Test("each hostile file is refused with a reason, within 0.5 s", arguments: hostile.indices)
    func refused(index: Int) {
        let (name, bytes) = Self.hostile[index]
        let start = ContinuousClock.now
        #expect(throws: PNG.Failure.self, "\(name)") { try PNG.decode(bytes) }
        // 0.5 s: the reader checks the header before allocating; the unhardened one took 37 s (and 7 GB) on the
        // 30 000² file. Generous for a loaded CI machine.
        #expect(ContinuousClock.now - start < .milliseconds(500), "\(name)")
    }

    @Test("the header limits are named in the reason")
    func reasons() throws {
        func reason(_ bytes: [UInt8]) -> String {
            do { _ = try PNG.decode(bytes) } catch { return "\(error)" }
            return "decoded"
        }
        #expect(reason(Self.hostile[0].1).contains("IHDR header of 4 bytes"))
        #expect(reason(Self.hostile[1].1).contains("2147483647 x 2147483647 px"))
        #expect(reason(Self.hostile[2].1).contains("1…16384"))
        #expect(reason(Self.hostile[5].1).contains("compressed bytes"))
        // The limit is the raster's: a 16 384-px-wide strip (the largest width) still decodes.
        let wide = Raster(width: 16_384, height: 2, fill: RGBA(9, 8, 7))
        let back = try PNG.decode(PNG.encode(wide))
        #expect(back.width == 16_384 && back.pixels == wide.pixels)
    }

    @Test("2 000 seeded mutations of a real file (flipped bytes, truncations): refused or decoded, never a trap")
    func mutations() {
        var png = PNG.encode(Raster(width: 9, height: 7, fill: RGBA(200, 10, 10)))
        png = Array(png)
        var state: UInt64 = 15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var decoded = 0, refused = 0
        for _ in 0..<2000 {
            var m = png
            for _ in 0..<(1 + next() % 4) { m[8 + next() % (m.count - 8)] = UInt8(truncatingIfNeeded: next()) }
            if next() % 3 == 0 { m = Array(m.prefix(8 + next() % (m.count - 8))) }
            do {
                let r = try PNG.decode(m)
                #expect(r.width <= PNG.maxDimension && r.height <= PNG.maxDimension)
                decoded += 1
            } catch {
                refused += 1
            }
        }
        #expect(decoded + refused == 2000 && refused > 0)
    }

    @MainActor
    @Test("--assets: every hostile file gets one line naming it and the reason; the good picture is still used")
    func assetsFolder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-assets-\(getpid())")
        try? FileManager.default.removeItem(at: dir)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in Self.hostile { try Data(bytes).write(to: dir.appendingPathComponent("\(name).png")) }
        try Data(PNG.encode(Raster(width: 4, height: 4, fill: RGBA(255, 0, 255))))
            .write(to: dir.appendingPathComponent("zz-good.png"))
        let loaded = AssetImages.load(from: dir.path)
        #expect(loaded.images.count == 1)
        #expect(loaded.problems.count == Self.hostile.count)
        for (name, _) in Self.hostile {
            let lines = loaded.problems.filter { $0.contains("'\(name).png'") }
            #expect(lines.count == 1 && !lines[0].contains("\n"), "\(name): \(lines)")
        }
        // The scene runs with what loaded.
        var c = SandboxApp.Configuration()
        c.scene = "sticker-pile"
        c.images = loaded.images
        let app = SandboxApp(configuration: c)
        var raster = Raster(width: app.scenePixelSize.width, height: app.scenePixelSize.height)
        app.renderScene(into: &raster)
        #expect(raster[125, 25] == RGBA(255, 0, 255))
    }
}
