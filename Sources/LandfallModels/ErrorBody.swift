/// The JSON body of every error answer: `{"error": {"code": "...", "message": "..."}}`.
public struct ErrorBody: Codable, Sendable, Hashable {
    /// The `error` object: a code for programs and a message for people.
    public struct Detail: Codable, Sendable, Hashable {
        /// A stable, machine-readable code such as `invalid_json` or `link_not_found`.
        public var code: String
        /// A human-readable explanation, safe to show to the caller.
        public var message: String

        /// Creates the detail of an error answer.
        ///
        /// - Parameters:
        ///   - code: the stable, machine-readable code, e.g. `link_not_found`.
        ///   - message: the human-readable explanation.
        public init(code: String, message: String) {
            self.code = code
            self.message = message
        }
    }

    /// The error itself, under the body's single `error` key.
    public var error: Detail

    /// Creates the body of an error answer.
    ///
    /// - Parameters:
    ///   - code: the stable, machine-readable code, e.g. `invalid_json`.
    ///   - message: the human-readable explanation, safe to show to the caller.
    public init(code: String, message: String) {
        self.error = Detail(code: code, message: message)
    }
}
