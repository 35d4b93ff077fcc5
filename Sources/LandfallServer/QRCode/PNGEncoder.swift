/// A minimal PNG writer for black-and-white images: 1 bit per pixel grayscale, one IDAT chunk
/// whose zlib stream holds stored (uncompressed) deflate blocks.
///
/// Stored blocks keep the writer small and obviously correct; at one bit per pixel a 1024×1024
/// QR image is 128 KiB.
enum PNGEncoder {
    /// Encodes rows of pixels, true for black, each row `width` long.
    static func encode(width: Int, height: Int, isBlack: (_ x: Int, _ y: Int) -> Bool) -> [UInt8] {
        let rowBytes = (width + 7) / 8
        var raw: [UInt8] = []
        raw.reserveCapacity((rowBytes + 1) * height)
        for y in 0..<height {
            raw.append(0)  // filter type: none
            var byte: UInt8 = 0
            for x in 0..<width {
                // Grayscale 1-bit: 1 is white.
                if !isBlack(x, y) { byte |= 0x80 >> UInt8(x % 8) }
                if x % 8 == 7 || x == width - 1 {
                    raw.append(byte)
                    byte = 0
                }
            }
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [1, 0, 0, 0, 0]  // bit depth 1, grayscale, deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &png)
        appendChunk("IDAT", zlibStored(raw), to: &png)
        appendChunk("IEND", [], to: &png)
        return png
    }

    /// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951 §3.2.4), at most 65,535 bytes each.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // deflate, 32 KiB window, no dictionary; 0x7801 % 31 == 0
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            let isFinal = offset + length == data.count
            out.append(isFinal ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        out.appendBigEndian(adler32(data))
        return out
    }

    static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(data.count))
        png += typeBytes
        png += data
        png.appendBigEndian(crc32(typeBytes + data))
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), as PNG chunks carry it.
    static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }
}
