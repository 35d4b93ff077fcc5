/// Reed-Solomon error correction over GF(2^8) with the QR code polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
enum ReedSolomon {
    /// The generator polynomial of the given degree, highest coefficient first, leading 1 omitted.
    static func generator(degree: Int) -> [UInt8] {
        precondition((1...255).contains(degree), "Reed-Solomon degree out of range")
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        // Multiplies (x - r^0)(x - r^1)…(x - r^(degree-1)) together, keeping the product in `result`.
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<result.count {
                result[index] = multiply(result[index], root)
                if index + 1 < result.count { result[index] ^= result[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords of `data`: the remainder of data·x^degree divided by the generator.
    static func remainder(of data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for index in 0..<result.count {
                result[index] ^= multiply(generator[index], factor)
            }
        }
        return result
    }

    /// Multiplication in GF(2^8) modulo 0x11D, by shift and add (Russian peasant).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product: Int = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(y) >> bit) & 1) * Int(x)
        }
        return UInt8(product & 0xFF)
    }
}
