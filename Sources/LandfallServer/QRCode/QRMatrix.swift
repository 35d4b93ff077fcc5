/// The module grid while a symbol is drawn: function patterns, data, mask and format information.
struct QRMatrix {
    let version: Int
    let size: Int
    /// Row-major, true for dark.
    var modules: [Bool]
    /// Modules of finder, timing, alignment, format and version patterns: data and masks skip them.
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = QRVersion.size(version)
        modules = Array(repeating: false, count: size * size)
        isFunction = Array(repeating: false, count: size * size)
    }

    subscript(x: Int, y: Int) -> Bool {
        get { modules[y * size + x] }
        set { modules[y * size + x] = newValue }
    }

    mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let positions = QRVersion.alignmentPositions(version)
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                let isFinderCorner = (i == 0 && j == 0) || (i == 0 && j == positions.count - 1) || (i == positions.count - 1 && j == 0)
                if !isFinderCorner { drawAlignment(x, y) }
            }
        }
        // Reserve the format areas now (any value) so codewords skip them; the real bits come after masking.
        drawFormat(.medium, mask: 0)
        drawVersion()
    }

    /// A 7×7 finder centred on (x, y) with its light separator, clipped at the edges.
    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let distance = max(abs(dx), abs(dy))
                let column = x + dx, row = y + dy
                if (0..<size).contains(column), (0..<size).contains(row) {
                    setFunction(column, row, distance != 2 && distance != 4)
                }
            }
        }
    }

    private mutating func drawAlignment(_ x: Int, _ y: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    /// The 15 format bits (level, mask, BCH code, XOR mask), in both copies, and the always-dark module.
    mutating func drawFormat(_ level: QRErrorCorrection, mask: Int) {
        let bits = Self.formatBits(level, mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    static func formatBits(_ level: QRErrorCorrection, mask: Int) -> Int {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits (version 7 and up), in the blocks beside the top-right and bottom-left finders.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        let bits = Self.versionBits(version)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }

    /// Places codeword bits in the two-column zigzag from the bottom-right corner, skipping the
    /// vertical timing column and every function module.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], bitIndex < totalBits else { continue }
                    self[x, y] = (codewords[bitIndex >> 3] >> (7 - UInt8(bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// XORs the mask over data modules; applying the same mask twice undoes it.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && Self.masked(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }

    static func masked(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: (x + y) % 2 == 0
        case 1: y % 2 == 0
        case 2: x % 3 == 0
        case 3: (x + y) % 3 == 0
        case 4: (x / 3 + y / 2) % 2 == 0
        case 5: x * y % 2 + x * y % 3 == 0
        case 6: (x * y % 2 + x * y % 3) % 2 == 0
        default: ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    /// The mask whose finished symbol scores the lowest penalty; ties go to the lower number.
    func bestMask(_ level: QRErrorCorrection) -> Int {
        var best = 0
        var bestScore = Int.max
        for mask in 0..<8 {
            var trial = self
            trial.apply(mask: mask)
            trial.drawFormat(level, mask: mask)
            let score = QRPenalty.score(trial.modules, size: size)
            if score < bestScore {
                best = mask
                bestScore = score
            }
        }
        return best
    }
}
