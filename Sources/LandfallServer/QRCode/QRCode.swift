/// A QR code symbol (ISO/IEC 18004, model 2) encoding bytes in byte mode.
///
/// The smallest version (1-40) that holds the data at the requested error-correction level is
/// chosen, then the mask with the lowest penalty score.
///
/// ```swift
/// let code = try QRCode(text: "https://links.example/abc", errorCorrection: .medium)
/// let png = QRImage.png(code, scale: 8)
/// ```
public struct QRCode: Sendable, Hashable {
    /// 1-40.
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    /// The mask pattern chosen, 0-7.
    public let mask: Int
    /// Side length in modules (without the quiet zone).
    public let size: Int
    /// Row-major, true for dark modules.
    let modules: [Bool]

    /// Encodes UTF-8 text.
    public init(text: String, errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws(QRCodeError) {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    /// Encodes bytes; `mask` forces a mask pattern (0-7) instead of the one with the lowest penalty.
    public init(bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws(QRCodeError) {
        if let mask, !(0...7).contains(mask) { throw QRCodeError.invalidMask }
        guard let version = Self.smallestVersion(byteCount: bytes.count, errorCorrection) else {
            throw QRCodeError.dataTooLong(bytes: bytes.count, maximum: Self.capacity(version: 40, errorCorrection))
        }
        let data = Self.dataCodewords(bytes, version: version, errorCorrection)
        let codewords = Self.interleaved(data, version: version, errorCorrection)
        var matrix = QRMatrix(version: version)
        matrix.drawFunctionPatterns()
        matrix.drawCodewords(codewords)
        let chosen = mask ?? matrix.bestMask(errorCorrection)
        matrix.apply(mask: chosen)
        matrix.drawFormat(errorCorrection, mask: chosen)
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen
        self.size = matrix.size
        self.modules = matrix.modules
    }

    /// True when the module at column `x`, row `y` is dark; false outside the symbol.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The most bytes a symbol of this version and level holds in byte mode.
    public static func capacity(version: Int, _ level: QRErrorCorrection) -> Int {
        (QRVersion.dataCodewords(version, level) * 8 - 4 - QRVersion.byteCountBits(version)) / 8
    }

    static func smallestVersion(byteCount: Int, _ level: QRErrorCorrection) -> Int? {
        QRVersion.range.first { capacity(version: $0, level) >= byteCount }
    }

    /// Mode indicator, count, data, terminator and padding, as the data codewords of `version`.
    static func dataCodewords(_ bytes: [UInt8], version: Int, _ level: QRErrorCorrection) -> [UInt8] {
        let capacityBits = QRVersion.dataCodewords(version, level) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: QRVersion.byteCountBits(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacityBits - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count * 8 < capacityBits {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into blocks, appends each block's error correction, and interleaves them.
    static func interleaved(_ data: [UInt8], version: Int, _ level: QRErrorCorrection) -> [UInt8] {
        let blockCount = level.blockCount(version: version)
        let eccLength = level.eccCodewordsPerBlock(version: version)
        let rawCodewords = QRVersion.rawDataModules(version) / 8
        // The last `rawCodewords % blockCount` blocks carry one data codeword more than the others.
        let shortBlocks = blockCount - rawCodewords % blockCount
        let shortLength = rawCodewords / blockCount
        let generator = ReedSolomon.generator(degree: eccLength)
        var blocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortLength - eccLength + (index < shortBlocks ? 0 : 1)
            var block = Array(data[offset..<(offset + length)])
            offset += length
            let ecc = ReedSolomon.remainder(of: block, generator: generator)
            if index < shortBlocks { block.append(0) }
            blocks.append(block + ecc)
        }
        var result: [UInt8] = []
        result.reserveCapacity(rawCodewords)
        for column in 0..<blocks[0].count {
            for (index, block) in blocks.enumerated() where column != shortLength - eccLength || index >= shortBlocks {
                result.append(block[column])
            }
        }
        return result
    }
}

/// Why a QR code could not be made.
public enum QRCodeError: Error, Sendable, Hashable {
    /// More bytes than a version 40 symbol holds at this level.
    case dataTooLong(bytes: Int, maximum: Int)
    case invalidMask
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count bitCount: Int) {
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}
