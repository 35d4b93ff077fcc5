import HTTPTypes

/// The request headers a redirect reads, found in one pass over the fields. Looking each up by name
/// scans the fields and builds a joined string every time, four times per redirect (2 % of its CPU).
/// A header sent more than once is read the way `HTTPFields` reads it (values joined), so the
/// answer is always the same as the lookups'.
struct RedirectHeaders {
    static let host = HTTPField.Name("Host")!

    var host: String?
    var userAgent: String?
    var acceptLanguage: String?
    var referer: String?

    init(_ fields: HTTPFields) {
        var repeated = false
        func keep(_ value: String, in slot: inout String?) {
            if slot == nil { slot = value } else { repeated = true }
        }
        for field in fields {
            switch field.name {
            case .userAgent: keep(field.value, in: &userAgent)
            case .acceptLanguage: keep(field.value, in: &acceptLanguage)
            case .referer: keep(field.value, in: &referer)
            case Self.host: keep(field.value, in: &host)
            default: continue
            }
        }
        if repeated {
            host = fields[Self.host]
            userAgent = fields[.userAgent]
            acceptLanguage = fields[.acceptLanguage]
            referer = fields[.referer]
        }
    }
}
