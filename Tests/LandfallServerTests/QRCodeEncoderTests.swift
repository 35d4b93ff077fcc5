import Foundation
@testable import LandfallServer
import Testing

/// The encoder's parts against published vectors: ISO/IEC 18004's Reed-Solomon examples, the format and
/// version information tables, capacities and alignment positions.
@Suite("QR code encoder")
struct QRCodeEncoderTests {
    @Test("Reed-Solomon matches the ISO/IEC 18004 Annex I example (01234567, version 1-M)")
    func reedSolomonAnnexI() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let ecc = ReedSolomon.remainder(of: data, generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test("Reed-Solomon matches the HELLO WORLD version 1-M example")
    func reedSolomonHelloWorld() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let ecc = ReedSolomon.remainder(of: data, generator: ReedSolomon.generator(degree: 10))
        #expect(ecc == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    @Test("GF(256) multiplication uses the 0x11D field polynomial")
    func fieldMultiplication() {
        #expect(ReedSolomon.multiply(0x80, 0x02) == 0x1D)
        #expect(ReedSolomon.multiply(0x53, 0xCA) == 0x8F)
        #expect(ReedSolomon.multiply(0x01, 0xB7) == 0xB7)
        #expect(ReedSolomon.multiply(0, 0xFF) == 0)
    }

    @Test("format information matches the table of ISO/IEC 18004 Annex C")
    func formatInformation() {
        #expect(QRMatrix.formatBits(.low, mask: 0) == 0b111011111000100)
        #expect(QRMatrix.formatBits(.medium, mask: 0) == 0b101010000010010)
        #expect(QRMatrix.formatBits(.quartile, mask: 0) == 0b011010101011111)
        #expect(QRMatrix.formatBits(.high, mask: 0) == 0b001011010001001)
        #expect(QRMatrix.formatBits(.medium, mask: 5) == 0b100000011001110)
        #expect(QRMatrix.formatBits(.high, mask: 7) == 0b000100000111011)
    }

    @Test("version information matches the table of ISO/IEC 18004 Annex D")
    func versionInformation() {
        #expect(QRMatrix.versionBits(7) == 0b000111110010010100)
        #expect(QRMatrix.versionBits(21) == 0b010101011010000011)
        #expect(QRMatrix.versionBits(40) == 0b101000110001101001)
    }

    @Test("byte-mode capacities match the standard's table at versions 1, 10 and 40")
    func capacities() {
        #expect(QRErrorCorrection.allCases.map { QRCode.capacity(version: 1, $0) } == [17, 14, 11, 7])
        #expect(QRErrorCorrection.allCases.map { QRCode.capacity(version: 10, $0) } == [271, 213, 151, 119])
        #expect(QRErrorCorrection.allCases.map { QRCode.capacity(version: 40, $0) } == [2953, 2331, 1663, 1273])
    }

    @Test("alignment pattern centres match Annex E")
    func alignmentPositions() {
        #expect(QRVersion.alignmentPositions(1) == [])
        #expect(QRVersion.alignmentPositions(2) == [6, 18])
        #expect(QRVersion.alignmentPositions(7) == [6, 22, 38])
        #expect(QRVersion.alignmentPositions(32) == [6, 34, 60, 86, 112, 138])
        #expect(QRVersion.alignmentPositions(40) == [6, 30, 58, 86, 114, 142, 170])
    }

    @Test("the data codewords of a byte-mode input at version 1-M: mode, count, bytes, terminator, padding")
    func byteModeCodewords() {
        // 0100 | 00000101 | "Hello" | 0000 terminator, then 0xEC 0x11 padding up to 16 codewords.
        let codewords = QRCode.dataCodewords(Array("Hello".utf8), version: 1, .medium)
        #expect(codewords == [0x40, 0x54, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
    }

    @Test("every block's codewords survive interleaving at a version with short and long blocks (5-Q)")
    func interleaving() {
        let data = (0..<QRVersion.dataCodewords(5, .quartile)).map { UInt8($0 & 0xFF) }
        let all = QRCode.interleaved(data, version: 5, .quartile)
        #expect(all.count == QRVersion.rawDataModules(5) / 8)
        // 5-Q: two blocks of 15 and two of 16 data codewords; the first column holds each block's first codeword.
        #expect(Array(all.prefix(4)) == [0, 15, 30, 46])
    }

    @Test("the smallest version that holds the data is chosen, and too much data is refused")
    func versionChoice() throws {
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 14), errorCorrection: .medium).version == 1)
        #expect(try QRCode(bytes: Array(repeating: 0x41, count: 15), errorCorrection: .medium).version == 2)
        #expect(throws: QRCodeError.dataTooLong(bytes: 1274, maximum: 1273)) {
            try QRCode(bytes: Array(repeating: 0x41, count: 1274), errorCorrection: .high)
        }
    }

    @Test("finder patterns, timing patterns and the dark module are where the standard puts them")
    func functionPatterns() throws {
        let code = try QRCode(text: "https://links.test/abc", errorCorrection: .medium)
        let last = code.size - 1
        for (x, y) in [(0, 0), (last, 0), (0, last)] {
            #expect(code.isDark(x: x, y: y))
        }
        #expect(!code.isDark(x: 7, y: 7))
        #expect(code.isDark(x: 3, y: 3))
        #expect((8..<(code.size - 8)).allSatisfy { code.isDark(x: $0, y: 6) == ($0 % 2 == 0) })
        #expect(code.isDark(x: 8, y: code.size - 8))
    }

    @Test("a forced mask is used, and the penalty scores its four rules")
    func masks() throws {
        #expect(try QRCode(text: "mask", mask: 3).mask == 3)
        #expect(throws: QRCodeError.invalidMask) { try QRCode(text: "mask", mask: 8) }
        #expect(QRPenalty.runs([true, true, true, true, true, true, false]) == 4)
        #expect(QRPenalty.finderLike([false, false, false, false, true, false, true, true, true, false, true]) == 80)
    }

    @Test("CRC-32 and Adler-32 match their published check values")
    func checksums() {
        #expect(PNGEncoder.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(PNGEncoder.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test("a PNG starts with the signature and an IHDR of the right size, and stored blocks split at 65,535 bytes")
    func pngStructure() throws {
        let code = try QRCode(text: "https://links.test/png")
        let png = QRImage.png(code, scale: 10)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let width = (Int(png[16]) << 24) | (Int(png[17]) << 16) | (Int(png[18]) << 8) | Int(png[19])
        #expect(width == (code.size + 8) * 10)
        let big = PNGEncoder.zlibStored(Array(repeating: 7, count: 70_000))
        #expect(big.count == 2 + 5 + 65_535 + 5 + 4_465 + 4)
        #expect(big[2] == 0 && big[2 + 5 + 65_535] == 1)
    }

    @Test("an SVG draws one square per dark module inside the quiet zone")
    func svg() throws {
        let code = try QRCode(text: "svg")
        let svg = QRImage.svg(code, width: 290)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"290\""))
        #expect(svg.contains("viewBox=\"0 0 29 29\""))
        // The top-left finder's first row is one run of seven dark modules.
        #expect(svg.contains("M4 4h7v1h-7z"))
    }
}
