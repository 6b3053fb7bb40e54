import CZlib

/// Reads and writes PNG files of RGBA8 images (zlib through the system library; no other dependency).
public enum PNG {
    /// Why a PNG could not be read or written.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, for a person.
        public var description: String
    }

    /// The PNG bytes of `raster` (8-bit RGBA, each row filtered with "Up" then deflated at level 6).
    public static func encode(_ raster: Raster) -> [UInt8] {
        let w = raster.width, h = raster.height, stride = w * 4
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * h)
        raster.pixels.withUnsafeBytes { src in
            for y in 0..<h {
                let o = y * (stride + 1)
                filtered[o] = y == 0 ? 0 : 2
                for i in 0..<stride {
                    let v = src[y * stride + i]
                    filtered[o + 1 + i] = y == 0 ? v : v &- src[(y - 1) * stride + i]
                }
            }
        }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        ihdr += be32(UInt32(w)) + be32(UInt32(h)) + [8, 6, 0, 0, 0]
        chunk("IHDR", ihdr, into: &out)
        chunk("IDAT", deflate(filtered), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    /// The image in PNG `bytes` (8-bit RGBA or RGB, non-interlaced, as this encoder and most tools write them).
    public static func decode(_ bytes: [UInt8]) throws -> Raster {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG file (bad signature)")
        }
        var pos = 8, w = 0, h = 0, channels = 0
        var idat: [UInt8] = []
        while pos + 8 <= bytes.count {
            let len = Int(readBE32(bytes, pos))
            let type = String(decoding: bytes[(pos + 4)..<(pos + 8)], as: UTF8.self)
            guard pos + 12 + len <= bytes.count else { throw Failure(description: "truncated \(type) chunk") }
            let data = Array(bytes[(pos + 8)..<(pos + 8 + len)])
            switch type {
            case "IHDR":
                w = Int(readBE32(data, 0)); h = Int(readBE32(data, 4))
                guard data[8] == 8, data[10] == 0, data[11] == 0, data[12] == 0 else {
                    throw Failure(description: "only 8-bit non-interlaced PNGs are read")
                }
                switch data[9] {
                case 6: channels = 4
                case 2: channels = 3
                default: throw Failure(description: "colour type \(data[9]) is not RGB or RGBA")
                }
            case "IDAT": idat += data
            default: break
            }
            pos += 12 + len
        }
        guard w > 0, h > 0, channels > 0 else { throw Failure(description: "no IHDR chunk") }
        let stride = w * channels
        let raw = try inflate(idat, expected: (stride + 1) * h)
        var rows = [UInt8](repeating: 0, count: stride * h)
        for y in 0..<h {
            let f = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = raw[y * (stride + 1) + 1 + i]
                let a = i >= channels ? rows[y * stride + i - channels] : 0
                let b = y > 0 ? rows[(y - 1) * stride + i] : 0
                let c = (i >= channels && y > 0) ? rows[(y - 1) * stride + i - channels] : 0
                let v: UInt8
                switch f {
                case 0: v = x
                case 1: v = x &+ a
                case 2: v = x &+ b
                case 3: v = x &+ UInt8((Int(a) + Int(b)) / 2)
                case 4: v = x &+ paeth(a, b, c)
                default: throw Failure(description: "bad filter type \(f)")
                }
                rows[y * stride + i] = v
            }
        }
        var r = Raster(width: w, height: h)
        for i in 0..<(w * h) {
            let o = i * channels
            r.pixels[i] = RGBA(rows[o], rows[o + 1], rows[o + 2], channels == 4 ? rows[o + 3] : 255).packed
        }
        return r
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    private static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    private static func readBE32(_ b: [UInt8], _ o: Int) -> UInt32 {
        UInt32(b[o]) << 24 | UInt32(b[o + 1]) << 16 | UInt32(b[o + 2]) << 8 | UInt32(b[o + 3])
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let t = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += t
        out += data
        var crc = crc32(0, nil, 0)
        crc = t.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        out += be32(UInt32(truncatingIfNeeded: crc))
    }

    private static func deflate(_ data: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let rc = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(i.count), 6) }
        }
        precondition(rc == Z_OK, "zlib compress2 failed (\(rc)) with a buffer of compressBound bytes")
        return Array(out[0..<Int(size)])
    }

    private static func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        var size = uLong(expected)
        var out = [UInt8](repeating: 0, count: expected)
        let rc = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &size, i.baseAddress, uLong(i.count)) }
        }
        guard rc == Z_OK, Int(size) == expected else {
            throw Failure(description: "image data does not inflate to \(expected) bytes (zlib \(rc))")
        }
        return out
    }
}
