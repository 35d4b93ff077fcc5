/// How much of a QR code may be damaged and still decode: about 7, 15, 25 and 30 percent.
public enum QRErrorCorrection: String, Sendable, CaseIterable, Hashable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"

    /// The two bits the format information carries for this level (not in L-M-Q-H order).
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    private var tableIndex: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }

    /// Error-correction codewords in each block, for versions 1-40 (ISO/IEC 18004 table 9).
    func eccCodewordsPerBlock(version: Int) -> Int { Self.eccPerBlock[tableIndex][version] }

    /// The number of error-correction blocks the codewords are split into, for versions 1-40.
    func blockCount(version: Int) -> Int { Self.blocks[tableIndex][version] }

    // Index 0 is unused so that a version indexes its own column.
    private static let eccPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    private static let blocks: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21,
            22, 24, 25,
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37,
            38, 40, 43, 45, 47, 49,
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51,
            53, 56, 59, 62, 65, 68,
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57,
            60, 63, 66, 70, 74, 77, 81,
        ],
    ]
}

/// Capacities that follow from the version alone.
enum QRVersion {
    static let range = 1...40

    /// Side length in modules.
    static func size(_ version: Int) -> Int { version * 4 + 17 }

    /// Modules left for data and error correction once every function pattern is drawn.
    static func rawDataModules(_ version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Data codewords (8 bits each) a symbol of this version and level holds.
    static func dataCodewords(_ version: Int, _ level: QRErrorCorrection) -> Int {
        rawDataModules(version) / 8 - level.eccCodewordsPerBlock(version: version) * level.blockCount(version: version)
    }

    /// Centre coordinates of the alignment patterns, along either axis.
    static func alignmentPositions(_ version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        var positions = [6]
        var position = size(version) - 7
        for _ in 0..<(count - 1) {
            positions.insert(position, at: 1)
            position -= step
        }
        return positions
    }

    /// Bits of the character count in byte mode.
    static func byteCountBits(_ version: Int) -> Int { version <= 9 ? 8 : 16 }
}
