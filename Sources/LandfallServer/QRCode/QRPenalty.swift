/// The four penalty rules of ISO/IEC 18004 §7.8.3 that pick a mask: long runs, 2×2 blocks,
/// finder-like patterns and an unbalanced dark share all make a symbol harder to read.
enum QRPenalty {
    static func score(_ modules: [Bool], size: Int) -> Int {
        var score = 0
        for line in 0..<size {
            let row = (0..<size).map { modules[line * size + $0] }
            let column = (0..<size).map { modules[$0 * size + line] }
            score += runs(row) + finderLike(row)
            score += runs(column) + finderLike(column)
        }
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = modules[y * size + x]
                if modules[y * size + x + 1] == colour, modules[(y + 1) * size + x] == colour, modules[(y + 1) * size + x + 1] == colour {
                    score += 3
                }
            }
        }
        let dark = modules.lazy.filter { $0 }.count
        let total = size * size
        // k is how many 5% steps the dark share is away from 50%, rounded down.
        let k = (abs(dark * 20 - total * 10) + total - 1) / total - 1
        score += max(0, k) * 10
        return score
    }

    /// 3 for a run of five same-coloured modules, plus 1 for each module more.
    static func runs(_ line: [Bool]) -> Int {
        var score = 0
        var length = 1
        for index in 1...line.count {
            if index < line.count, line[index] == line[index - 1] {
                length += 1
                continue
            }
            if length >= 5 { score += 3 + (length - 5) }
            length = 1
        }
        return score
    }

    /// 40 for each dark-light-dark×3-light-dark pattern with four light modules on one side; the
    /// quiet zone outside the symbol counts as light.
    static func finderLike(_ line: [Bool]) -> Int {
        let pattern = [true, false, true, true, true, false, true]
        func at(_ index: Int) -> Bool { index >= 0 && index < line.count ? line[index] : false }
        var score = 0
        guard line.count >= pattern.count else { return 0 }
        for start in 0...(line.count - pattern.count) {
            guard pattern.indices.allSatisfy({ line[start + $0] == pattern[$0] }) else { continue }
            let lightBefore = (1...4).allSatisfy { !at(start - $0) }
            let lightAfter = (0..<4).allSatisfy { !at(start + pattern.count + $0) }
            if lightBefore { score += 40 }
            if lightAfter { score += 40 }
        }
        return score
    }
}
