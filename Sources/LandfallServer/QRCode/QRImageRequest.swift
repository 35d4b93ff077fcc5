import HTTPTypes
import Hummingbird
import NIOCore

/// The `format`, `size` and `ecc` query parameters of a QR image, validated, and the image they ask for.
struct QRImageRequest: Sendable, Hashable {
    enum Format: String, Sendable, CaseIterable { case png, svg }

    var format: Format = .png
    /// The largest width in pixels; the image is the largest whole number of pixels per module that fits.
    var size: Int = 512
    var errorCorrection: QRErrorCorrection = .medium

    static let sizes = 64...2048

    init(format: Format = .png, size: Int = 512, errorCorrection: QRErrorCorrection = .medium) {
        self.format = format
        self.size = size
        self.errorCorrection = errorCorrection
    }

    /// Reads the query; anything present but invalid is a 400 naming the parameter.
    init(query parameters: [String: String]) throws {
        if let text = parameters["format"] {
            guard let format = Format(rawValue: text.lowercased()) else { throw APIError.validation("format", "must be png or svg") }
            self.format = format
        }
        if let text = parameters["size"] {
            guard let size = Int(text), Self.sizes.contains(size) else {
                throw APIError.validation("size", "must be an integer from \(Self.sizes.lowerBound) to \(Self.sizes.upperBound) (pixels)")
            }
            self.size = size
        }
        if let text = parameters["ecc"] {
            guard let level = QRErrorCorrection(rawValue: text.uppercased()) else {
                throw APIError.validation("ecc", "must be L, M, Q or H")
            }
            errorCorrection = level
        }
    }

    /// Encodes `text` and renders it; text too long for a version 40 symbol is a 400.
    func response(encoding text: String, filename: String) throws -> Response {
        let code: QRCode
        do {
            code = try QRCode(text: text, errorCorrection: errorCorrection)
        } catch {
            throw APIError.badRequest(
                "qr_data_too_long", "the link URL is too long for a QR code at error correction \(errorCorrection.rawValue)")
        }
        let body: ByteBuffer
        var headers: HTTPFields = [.cacheControl: "private, max-age=300"]
        switch format {
        case .png:
            body = ByteBuffer(bytes: QRImage.png(code, scale: QRImage.scale(for: code, maximumWidth: size)))
            headers[.contentType] = "image/png"
        case .svg:
            let width = QRImage.scale(for: code, maximumWidth: size) * QRImage.modulesAcross(code)
            body = ByteBuffer(string: QRImage.svg(code, width: width))
            headers[.contentType] = "image/svg+xml"
            // An SVG opened directly is a document: it must not run anything.
            headers[.contentSecurityPolicy] = "default-src 'none'; style-src 'unsafe-inline'"
        }
        headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        headers[.contentDisposition] = "inline; filename=\"\(filename).\(format.rawValue)\""
        headers[.contentLength] = String(body.readableBytes)
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
    }
}

extension QRImageRequest {
    init(request: Request) throws {
        var values: [String: String] = [:]
        for (key, value) in request.uri.queryParameters { values[String(key)] = String(value) }
        try self.init(query: values)
    }
}
