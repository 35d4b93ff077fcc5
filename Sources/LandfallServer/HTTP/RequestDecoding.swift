import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels
import NIOCore

/// Reads JSON bodies with a size limit and turns every decoding failure into a precise 400.
enum RequestDecoding {
    /// Larger than any real link or app definition, small enough that nobody can pin memory.
    static let maximumBodySize = 64 * 1024

    static func body(_ request: Request) async throws -> Data {
        if let type = request.headers[.contentType], !type.lowercased().contains("json") {
            throw APIError(.unsupportedMediaType, code: "unsupported_media_type", message: "send the body as application/json")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maximumBodySize)
        } catch is NIOTooManyBytesError {
            throw tooLarge(maximumBodySize)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw tooLarge(maximumBodySize)
        }
        return Data(buffer.readableBytesView)
    }

    static func tooLarge(_ limit: Int) -> APIError {
        APIError(.contentTooLarge, code: "body_too_large", message: "the body is larger than \(limit) bytes")
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> Value {
        try decode(type, from: try await body(request))
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        guard !data.isEmpty else { throw APIError.badRequest("missing_body", "the request needs a JSON body") }
        try requireUTF8(data)
        do {
            return try LandfallJSON.makeDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError.badRequest("invalid_json", "the body is not valid JSON")
        }
    }

    /// A JSON object as a dictionary, for merge patches.
    static func object(from data: Data) throws -> [String: Any] {
        guard !data.isEmpty else { throw APIError.badRequest("missing_body", "the request needs a JSON body") }
        try requireUTF8(data)
        guard let object = try? JSONSerialization.jsonObject(with: data), let dictionary = object as? [String: Any] else {
            throw APIError.badRequest("invalid_json", "the body must be a JSON object")
        }
        return dictionary
    }

    /// JSON is UTF-8 (RFC 8259). Foundation's decoder checks only the strings it decodes, so bytes
    /// that are not UTF-8 in a field nobody reads would otherwise be stored or passed on unnoticed.
    static func requireUTF8(_ data: Data) throws {
        let valid = data.withUnsafeBytes { raw in
            var bytes = raw.makeIterator()
            var decoder = UTF8()
            while true {
                switch decoder.decode(&bytes) {
                case .scalarValue: continue
                case .emptyInput: return true
                case .error: return false
                }
            }
        }
        guard valid else { throw APIError.badRequest("invalid_json", "the body is not valid UTF-8") }
    }

    /// An SDK event: plain JSON (nearly every body) through ``PlainJSON``, anything else through
    /// `JSONDecoder` with its errors.
    static func event(from data: Data) throws -> EventRequest {
        if let plain = try plainValue(data), let event = PlainJSON.event(plain) { return event }
        return try decode(EventRequest.self, from: data)
    }

    /// The events of an offline-queue batch (`{"events": [...]}`), read as ``event(from:)`` reads one.
    static func eventBatch(from data: Data) throws -> [EventRequest] {
        struct Batch: Decodable { var events: [EventRequest] }
        if let plain = try plainValue(data), let events = PlainJSON.events(plain) { return events }
        return try decode(Batch.self, from: data).events
    }

    private static func plainValue(_ data: Data) throws -> JSONValue? {
        guard !data.isEmpty else { throw APIError.badRequest("missing_body", "the request needs a JSON body") }
        try requireUTF8(data)
        return PlainJSON.parse(data)
    }

    static func describe(_ error: DecodingError) -> APIError {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "body" : text.replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(_, let context) where context.codingPath.isEmpty,
            .valueNotFound(_, let context) where context.codingPath.isEmpty:
            return .badRequest("invalid_json", "the body must be a JSON object")
        case .typeMismatch(let type, let context):
            return .validation(path(context.codingPath), "expected \(typeName(type))")
        case .valueNotFound(let type, let context):
            return .validation(path(context.codingPath), "expected \(typeName(type)), found null")
        case .keyNotFound(let key, let context):
            return .validation(path(context.codingPath + [key]), "is required")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                // Foundation also lands here for a number that does not fit its field (1.5 for an integer).
                return .badRequest("invalid_json", "the body is not valid JSON, or a number in it does not fit its field")
            }
            return .validation(path(context.codingPath), context.debugDescription)
        @unknown default:
            return .badRequest("invalid_json", "the body could not be decoded")
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Int64.Type: "an integer"
        case is Double.Type: "a number"
        case is Bool.Type: "a boolean"
        default:
            if String(describing: type).hasPrefix("Array") {
                "an array"
            } else if String(describing: type).hasPrefix("Dictionary") {
                "an object"
            } else {
                "an object"
            }
        }
    }
}
