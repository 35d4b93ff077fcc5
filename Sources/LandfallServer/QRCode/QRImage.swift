/// Renders a ``QRCode`` as PNG or SVG with the four-module quiet zone the standard asks for.
public enum QRImage {
    /// Light modules around the symbol on every side.
    public static let quietZone = 4

    /// Modules across, quiet zone included.
    public static func modulesAcross(_ code: QRCode) -> Int { code.size + 2 * quietZone }

    /// Pixels per module for an image at most `maximumWidth` wide (never less than 1).
    public static func scale(for code: QRCode, maximumWidth: Int) -> Int {
        max(1, maximumWidth / modulesAcross(code))
    }

    /// A PNG `scale` pixels per module.
    public static func png(_ code: QRCode, scale: Int) -> [UInt8] {
        let width = modulesAcross(code) * scale
        return PNGEncoder.encode(width: width, height: width) { x, y in
            code.isDark(x: x / scale - quietZone, y: y / scale - quietZone)
        }
    }

    /// An SVG drawn `width` pixels wide; each row's dark runs become one path segment.
    public static func svg(_ code: QRCode, width: Int) -> String {
        let across = modulesAcross(code)
        var path = ""
        for y in 0..<code.size {
            var x = 0
            while x < code.size {
                guard code.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                let start = x
                while x < code.size, code.isDark(x: x, y: y) { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(width)" viewBox="0 0 \(across) \(across)" \
            shape-rendering="crispEdges" role="img" aria-label="QR code"><rect width="\(across)" height="\(across)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>
            """
    }
}
