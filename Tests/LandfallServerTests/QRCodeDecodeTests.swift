import Foundation
import LandfallBench
@testable import LandfallServer
import Testing

/// Encoded symbols read back by a reference decoder, ZBar's `zbarimg` (Debian package zbar-tools),
/// across versions 1-40 and all four error-correction levels.
@Suite("QR codes decoded by zbarimg")
struct QRCodeDecodeTests {
    static func decode(_ png: [UInt8]) async throws -> String {
        let zbarimg = try Executables.require("zbarimg", package: "zbar-tools")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let image = directory.appendingPathComponent("code.png")
        try Data(png).write(to: image)
        let process = try ManagedProcess.start(
            zbarimg, arguments: ["--nodbus", "--raw", "-q", "-Sdisable", "-Sqrcode.enable", image.path], logDirectory: directory)
        let status = try await process.waitForExit(timeout: .seconds(30))
        let output = try String(contentsOf: process.logFile, encoding: .utf8)
        guard status.isSuccess else { throw DecodeFailure(description: "zbarimg \(status): \(output)") }
        // zbarimg ends the symbol's text with one newline.
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    struct DecodeFailure: Error, CustomStringConvertible { let description: String }

    /// Text of `count` characters, varied so every mask and block layout gets exercised.
    static func text(count: Int, seed: Int) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./?=&")
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        let prefix = count > 40 ? "https://links.test/" : ""
        return prefix
            + String(
                (0..<(count - prefix.count)).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                })
    }

    @Test("a short link URL at every error-correction level", arguments: QRErrorCorrection.allCases)
    func shortLink(level: QRErrorCorrection) async throws {
        let url = "https://links.test/summer-sale"
        let code = try QRCode(text: url, errorCorrection: level)
        #expect(try await Self.decode(QRImage.png(code, scale: 6)) == url)
    }

    @Test("the largest input of each sampled version decodes, at each level", arguments: [1, 2, 5, 6, 7, 9, 10, 14, 20, 26, 27, 33, 40])
    func versions(version: Int) async throws {
        for (index, level) in QRErrorCorrection.allCases.enumerated() {
            let text = Self.text(count: QRCode.capacity(version: version, level), seed: version * 4 + index)
            let code = try QRCode(text: text, errorCorrection: level)
            #expect(code.version == version)
            #expect(try await Self.decode(QRImage.png(code, scale: 3)) == text, "version \(version)-\(level.rawValue)")
        }
    }

    @Test("every one of the eight masks decodes", arguments: 0..<8)
    func everyMask(mask: Int) async throws {
        let text = "https://links.test/mask-\(mask)"
        let code = try QRCode(text: text, errorCorrection: .quartile, mask: mask)
        #expect(try await Self.decode(QRImage.png(code, scale: 4)) == text)
    }
}
