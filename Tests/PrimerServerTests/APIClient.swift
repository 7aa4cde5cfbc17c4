import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Requests to a test server over real HTTP, as an app would make them: JSON in and out, the
/// bearer token of the session it logged in with.
struct APIClient: Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data

        /// The body as JSON (an object).
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:] }
        var text: String { String(decoding: body, as: UTF8.self) }
        /// The `message` of a Problem.
        var message: String { json["message"] as? String ?? text }
    }

    var baseURL: String
    var token: String?

    static let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(timeout: .init(connect: .seconds(10), read: .seconds(120))))

    func request(
        _ method: HTTPMethod, _ path: String, json: Any? = nil, body: Data? = nil, contentType: String? = nil, headers extra: [(String, String)] = []
    ) async throws -> Reply {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
            request.headers.add(name: "Content-Type", value: "application/json")
        } else if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
            if let contentType { request.headers.add(name: "Content-Type", value: contentType) }
        }
        for (name, value) in extra { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await Self.http.execute(request, timeout: .seconds(120))
        let bytes = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: Data(bytes.readableBytesView))
    }

    /// Signs up a new account and returns a client holding its token.
    func signedUp(name: String = "Ana", email: String) async throws -> APIClient {
        let reply = try await request(.POST, "/api/accounts", json: ["name": name, "email": email, "password": "correct horse battery"])
        guard reply.status == 201, let token = reply.json["token"] as? String else {
            throw ServerTestError("sign-up failed: \(reply.status) \(reply.text)")
        }
        var client = self
        client.token = token
        return client
    }

    /// A multipart/form-data body with one file part named `file`.
    static func multipart(fileName: String, contents: Data) -> (body: Data, contentType: String) {
        let boundary = "primer-test-\(UUID().uuidString)"
        var body = Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body.append(contents)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// Follows a job's Server-Sent Events to its `end` event; returns the events' names and data.
    func events(ofJob id: Int) async throws -> [(event: String, data: [String: Any])] {
        var request = HTTPClientRequest(url: baseURL + "/api/jobs/\(id)/events")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        let response = try await Self.http.execute(request, timeout: .seconds(300))
        guard response.status == .ok else { throw ServerTestError("events: \(response.status)") }
        var text = ""
        for try await buffer in response.body { text += String(buffer: buffer) }
        return text.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n")
            guard let name = lines.first(where: { $0.hasPrefix("event: ") })?.dropFirst(7),
                let data = lines.first(where: { $0.hasPrefix("data: ") })?.dropFirst(6)
            else { return nil }
            let object = (try? JSONSerialization.jsonObject(with: Data(data.utf8))) as? [String: Any] ?? [:]
            return (String(name), object)
        }
    }
}
