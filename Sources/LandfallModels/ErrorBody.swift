/// The JSON body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorBody: Codable, Sendable, Hashable {
    public struct Detail: Codable, Sendable, Hashable {
        /// A stable, machine-readable code such as `invalid_json` or `link_not_found`.
        public var code: String
        /// A human-readable explanation, safe to show to the caller.
        public var message: String

        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    public var error: Detail

    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
