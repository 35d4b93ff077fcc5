import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallBench
import NIOCore
import NIOHTTP1
import Testing

@testable import LandfallServer

/// The OpenAPI document cannot drift from the router: every route is described, nothing that is not
/// a route is, the document is one a fuzzer or a client generator can read, and the binary serves
/// `Sources/LandfallServer/OpenAPI/openapi.json` exactly. (Whether the server's answers match it:
/// `OpenAPIConformanceTests`.)
@Suite struct OpenAPIDocumentTests {
    static let methods: Set<String> = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    /// The document as it is edited; the build compiles it into `OpenAPIDocument.text`.
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LandfallServer/OpenAPI/openapi.json")

    /// The document the binary holds and serves.
    static func document() throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.text.utf8))
        return try #require(parsed as? [String: Any])
    }

    /// JSON text in one canonical form (keys sorted, no spaces), to compare two documents as values.
    static func canonical(_ data: Data) throws -> Data {
        try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: data), options: [.sortedKeys])
    }

    /// `GET /api/apps/{appId}` for every operation of the document.
    static func operations(in document: [String: Any]) throws -> [String: [String: Any]] {
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        var operations: [String: [String: Any]] = [:]
        for (path, item) in paths {
            for (method, operation) in item where methods.contains(method) {
                operations["\(method.uppercased()) \(path)"] = try #require(operation as? [String: Any])
            }
        }
        return operations
    }

    @Test func documentIsOpenAPI3WithUniqueOperationIds() throws {
        let document = try Self.document()
        #expect((document["openapi"] as? String)?.hasPrefix("3.0.") == true)
        let operations = try Self.operations(in: document)
        let ids = operations.values.compactMap { $0["operationId"] as? String }
        #expect(ids.count == operations.count, "every operation has an operationId")
        #expect(Set(ids).count == ids.count, "operationIds are unique")
        for (name, operation) in operations {
            #expect((operation["responses"] as? [String: Any])?.isEmpty == false, "\(name) lists its responses")
        }
    }

    @Test func everyReferenceAndSecuritySchemeResolves() throws {
        let document = try Self.document()
        let components = try #require(document["components"] as? [String: Any])
        let schemes = try #require(components["securitySchemes"] as? [String: Any])
        var references: [String] = []
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let reference = object["$ref"] as? String { references.append(reference) }
                object.values.forEach(collect)
            } else if let array = value as? [Any] {
                array.forEach(collect)
            }
        }
        collect(document)
        #expect(!references.isEmpty)
        for reference in Set(references) {
            let parts = reference.split(separator: "/").map(String.init)
            #expect(parts.count == 4 && parts[0] == "#" && parts[1] == "components", "\(reference) points into components")
            guard parts.count == 4 else { continue }
            let section = components[parts[2]] as? [String: Any]
            #expect(section?[parts[3]] != nil, "\(reference) resolves")
        }
        for (name, operation) in try Self.operations(in: document) {
            let requirements = try #require(operation["security"] as? [[String: Any]], "\(name) states its security")
            for requirement in requirements {
                for scheme in requirement.keys {
                    #expect(schemes[scheme] != nil, "\(name) names the scheme \(scheme), which is defined")
                }
            }
        }
    }

    /// Path parameters the document declares are exactly those of the path template.
    @Test func pathParametersMatchTheirTemplates() throws {
        let document = try Self.document()
        let paths = try #require(document["paths"] as? [String: [String: Any]])
        for (path, item) in paths {
            let template = Set(path.split(separator: "/").filter { $0.hasPrefix("{") }.map { String($0.dropFirst().dropLast()) })
            for (method, value) in item where Self.methods.contains(method) {
                let operation = try #require(value as? [String: Any])
                let declared = Set(
                    ((operation["parameters"] as? [[String: Any]]) ?? [])
                        .filter { $0["in"] as? String == "path" }.compactMap { $0["name"] as? String })
                #expect(
                    declared == template, "\(method.uppercased()) \(path) declares \(declared.sorted()), its path has \(template.sorted())")
            }
        }
    }

    @Test func documentNamesExactlyTheRoutesTheRouterHas() async throws {
        let described = Set(try Self.operations(in: try Self.document()).keys)
        let routes = try await TestServer.run { server in Set(server.landfall.routes) }
        #expect(routes.count > 80, "the router lists its routes")
        let undocumented = routes.subtracting(described).sorted()
        let unrouted = described.subtracting(routes).sorted()
        #expect(undocumented.isEmpty, "routes missing from the OpenAPI document: \(undocumented)")
        #expect(unrouted.isEmpty, "operations in the OpenAPI document that no route answers: \(unrouted)")
    }

    /// The plugin's generated source holds the file's bytes: a stale build or an escaping mistake
    /// in `landfall-openapi-embed` (a backslash, a quote, a carriage return) shows here.
    @Test func theBinaryHoldsOpenAPIJSONByteForByte() throws {
        let file = try Data(contentsOf: Self.file)
        let embedded = Data(OpenAPIDocument.text.utf8)
        #expect(embedded.count == file.count, "embedded \(embedded.count) bytes, openapi.json has \(file.count)")
        #expect(embedded == file, "OpenAPIDocument.text differs from openapi.json: rebuild (the OpenAPIEmbedPlugin regenerates it)")
    }

    @Test func servedAtOpenAPIJSONExactlyAsTheFile() async throws {
        let file = try Data(contentsOf: Self.file)
        try await TestServer.run { server in
            let response = try await server.send(.get, "/openapi.json")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=300")
            let served = Data(response.body.readableBytesView)
            #expect(served == file, "the served body is openapi.json byte for byte")
            #expect(try Self.canonical(served) == (try Self.canonical(file)), "and the same JSON value")
            #expect(try response.jsonObject()["openapi"] as? String == "3.0.3")
        }
    }

    /// A `landfall` binary copied alone into an empty directory (no resource bundle beside it)
    /// still serves the whole document: it is compiled in.
    @Test func aCopiedBinaryAloneServesTheDocument() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "landfall-openapi-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("landfall")
        // A hard link where it can be: a copy is written through a descriptor that a process other
        // tests fork at that moment inherits, and exec then fails with "Text file busy".
        do {
            try FileManager.default.linkItem(at: try ServerProcess.binary(), to: binary)
        } catch {
            try FileManager.default.copyItem(at: try ServerProcess.binary(), to: binary)
        }
        let server = try ManagedProcess.start(
            binary, arguments: ["serve", "--port", "0", "--database", "sqlite::memory:", "--admin-token", TestServer.adminToken],
            logDirectory: directory, workingDirectory: directory
        )
        let port: Int
        do {
            port = try await server.waitForListeningPort(timeout: .seconds(60))
        } catch {
            await server.terminate()
            throw error
        }
        let answer: (status: UInt, body: ByteBuffer)
        do {
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: "http://127.0.0.1:\(port)/openapi.json"), timeout: .seconds(30))
            answer = (response.status.code, try await response.body.collect(upTo: 16 << 20))
        } catch {
            await server.terminate()
            throw error
        }
        await server.terminate()
        #expect(answer.status == 200)
        #expect(
            Data(answer.body.readableBytesView) == (try Data(contentsOf: Self.file)), "the copied binary served openapi.json byte for byte")
    }
}
