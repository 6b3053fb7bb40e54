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

    /// The largest width or height read, px: the raster's own cap (`Raster.init` clamps to it).
    public static let maxDimension = 16_384

    /// Deflate never expands data by more than about 1032:1, so image data that claims to inflate to more than
    /// this many bytes per compressed byte (plus a small allowance for zlib's framing) is refused before anything
    /// is allocated.
    static let maxInflateRatio = 1_040

    /// The image in PNG `bytes` (8-bit RGBA or RGB, non-interlaced, as this encoder and most tools write them).
    ///
    /// Hostile files are refused with a `Failure` naming the reason, before any allocation larger than the file:
    /// every chunk length is checked against the bytes left, the header must be exactly 13 bytes and come first,
    /// width and height must be 1…`maxDimension`, and the image data must be able to inflate to the size the header
    /// claims (deflate's maximum ratio). Chunk checksums are not verified.
    public static func decode(_ bytes: [UInt8]) throws -> Raster {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
            throw Failure(description: "not a PNG file (bad signature)")
        }
        let header = try readChunks(bytes)
        let stride = header.width * header.channels
        let expected = (stride + 1) * header.height
        // Both factors ≤ 16 384 · 4 + 1, so this cannot overflow; compare with what the data could inflate to.
        guard expected / maxInflateRatio <= header.idat.count else {
            throw Failure(
                description: "\(header.width) x \(header.height) px needs \(expected) bytes of image data "
                    + "but the file holds only \(header.idat.count) compressed bytes (truncated or forged)")
        }
        var raw = try inflate(header.idat, expected: expected)
        try unfilter(&raw, stride: stride, height: header.height, channels: header.channels)
        var r = Raster(width: header.width, height: header.height)
        let channels = header.channels
        raw.withUnsafeBufferPointer { src in
            r.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<header.height {
                    let row = y * (stride + 1) + 1
                    for x in 0..<header.width {
                        let o = row + x * channels
                        dst[y * header.width + x] =
                            RGBA(
                                src[o], src[o + 1], src[o + 2],
                                channels == 4 ? src[o + 3] : 255
                            ).packed
                    }
                }
            }
        }
        return r
    }

    /// What the chunks say: the header's fields and the concatenated image data.
    private struct Chunks {
        var width = 0, height = 0, channels = 0
        var idat: [UInt8] = []
    }

    /// Walks the chunks, checking each length against the bytes left and the header's fields against the limits.
    private static func readChunks(_ bytes: [UInt8]) throws -> Chunks {
        var out = Chunks()
        var pos = 8
        var sawHeader = false
        while bytes.count - pos >= 12 {
            let len = Int(readBE32(bytes, pos))
            let type = String(
                decoding: bytes[(pos + 4)..<(pos + 8)].map { $0 >= 32 && $0 < 127 ? $0 : 63 },
                as: UTF8.self)
            guard len <= bytes.count - pos - 12 else {
                throw Failure(
                    description: "\(type) chunk claims \(len) bytes but only \(bytes.count - pos - 12) "
                        + "remain (truncated file)")
            }
            let start = pos + 8
            if !sawHeader && type != "IHDR" {
                throw Failure(description: "the first chunk is \(type), not the IHDR header")
            }
            switch type {
            case "IHDR":
                guard !sawHeader else { throw Failure(description: "a second IHDR header") }
                guard len == 13 else { throw Failure(description: "IHDR header of \(len) bytes (must be 13)") }
                sawHeader = true
                let w = Int(readBE32(bytes, start)), h = Int(readBE32(bytes, start + 4))
                guard w >= 1, h >= 1, w <= maxDimension, h <= maxDimension else {
                    throw Failure(description: "image of \(w) x \(h) px; width and height must be 1…\(maxDimension)")
                }
                let depth = bytes[start + 8], colour = bytes[start + 9]
                guard depth == 8, bytes[start + 10] == 0, bytes[start + 11] == 0, bytes[start + 12] == 0 else {
                    throw Failure(description: "only 8-bit non-interlaced PNGs are read")
                }
                switch colour {
                case 6: out.channels = 4
                case 2: out.channels = 3
                default: throw Failure(description: "colour type \(colour) is not RGB or RGBA")
                }
                out.width = w
                out.height = h
            case "IDAT":
                out.idat.append(contentsOf: bytes[start..<(start + len)])
            case "IEND":
                return try finished(out, sawHeader)
            default:
                break
            }
            pos += 12 + len
        }
        return try finished(out, sawHeader)
    }

    private static func finished(_ c: Chunks, _ sawHeader: Bool) throws -> Chunks {
        guard sawHeader else { throw Failure(description: "no IHDR chunk") }
        guard !c.idat.isEmpty else { throw Failure(description: "no image data (IDAT chunk)") }
        return c
    }

    /// Undoes the per-row filters in place: `raw` holds, per row, a filter byte then `stride` bytes.
    private static func unfilter(_ raw: inout [UInt8], stride: Int, height: Int, channels: Int) throws {
        let rowBytes = stride + 1
        try raw.withUnsafeMutableBufferPointer { buf in
            for y in 0..<height {
                let row = y * rowBytes + 1, above = row - rowBytes
                let f = buf[row - 1]
                guard f <= 4 else { throw Failure(description: "bad filter type \(f) on row \(y)") }
                for i in 0..<stride {
                    let x = buf[row + i]
                    let a = i >= channels ? buf[row + i - channels] : 0
                    let b = y > 0 ? buf[above + i] : 0
                    let c = (i >= channels && y > 0) ? buf[above + i - channels] : 0
                    switch f {
                    case 0: continue
                    case 1: buf[row + i] = x &+ a
                    case 2: buf[row + i] = x &+ b
                    case 3: buf[row + i] = x &+ UInt8((Int(a) + Int(b)) / 2)
                    default: buf[row + i] = x &+ paeth(a, b, c)
                    }
                }
            }
        }
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
