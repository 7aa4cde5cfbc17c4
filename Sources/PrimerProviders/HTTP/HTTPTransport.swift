import Foundation
import PrimerCore

/// One HTTP request as an adapter describes it, independent of the client library.
public struct HTTPRequestSpec: Sendable, Equatable {
    public var method: String
    public var url: String
    public var headers: [String: String]
    public var body: Data?
    /// Deadline for this one request (connect + response).
    public var timeout: Duration

    public init(method: String = "POST", url: String, headers: [String: String] = [:], body: Data? = nil, timeout: Duration = .seconds(120)) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

public struct HTTPResponseData: Sendable, Equatable {
    public var status: Int
    /// Header names are lower-cased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Failures below HTTP: the server could not be reached or did not answer in time.
public enum HTTPTransportError: Error, Sendable, Equatable, CustomStringConvertible {
    case connectionFailed(url: String, reason: String)
    case timedOut(url: String, after: Duration)

    public var description: String {
        switch self {
        case .connectionFailed(let url, let reason): "cannot connect to \(URLRedaction.redact(url: url)): \(reason)"
        case .timedOut(let url, let after): "no answer from \(URLRedaction.redact(url: url)) within \(after)"
        }
    }
}

/// Sends one request and returns the response, whatever its status. Retries, limits and status
/// handling are layered on top (see `ResilientTransport`), so adapters and tests can combine them.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestSpec) async throws -> HTTPResponseData
}
