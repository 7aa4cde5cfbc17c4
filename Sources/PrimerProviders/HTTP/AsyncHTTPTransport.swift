import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The real transport: one process-wide AsyncHTTPClient (pooled connections, shared event loops).
public struct AsyncHTTPTransport: HTTPTransport {
    /// Answers larger than this are refused rather than buffered without bound.
    static let maxBodyBytes = 32 * 1024 * 1024
    let client: HTTPClient

    /// Process-wide client. Connection failures are not retried inside the client:
    /// `ResilientTransport` retries them with backoff, so a refused connection is reported at once.
    public static let shared: AsyncHTTPTransport = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        // The client's default of 8 connections per host capped batch throughput at 8 requests in
        // flight (BENCHMARKS.md, b); provider `limits` are what bound concurrency.
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 64
        configuration.timeout.connect = .seconds(10)
        return AsyncHTTPTransport(client: HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration))
    }()

    public init(client: HTTPClient) { self.client = client }

    public func send(_ spec: HTTPRequestSpec) async throws -> HTTPResponseData {
        var request = HTTPClientRequest(url: spec.url)
        request.method = HTTPMethod(rawValue: spec.method)
        for (name, value) in spec.headers { request.headers.add(name: name, value: value) }
        if let body = spec.body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let seconds = spec.timeout.components.seconds
        let timeout = TimeAmount.nanoseconds(seconds * 1_000_000_000 + spec.timeout.components.attoseconds / 1_000_000_000)
        do {
            let response = try await client.execute(request, timeout: timeout)
            let buffer = try await response.body.collect(upTo: Self.maxBodyBytes)
            var headers: [String: String] = [:]
            for (name, value) in response.headers { headers[name.lowercased()] = value }
            return HTTPResponseData(status: Int(response.status.code), headers: headers, body: Data(buffer.readableBytesView))
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw HTTPTransportError.timedOut(url: spec.url, after: spec.timeout)
        } catch let error as HTTPClientError where error == .connectTimeout {
            throw HTTPTransportError.connectionFailed(url: spec.url, reason: "connection timed out")
        } catch let error as HTTPClientError {
            throw HTTPTransportError.connectionFailed(url: spec.url, reason: "\(error)")
        } catch let error as NIOConnectionError {
            throw HTTPTransportError.connectionFailed(url: spec.url, reason: "connection refused (\(error.host):\(error.port))")
        } catch let error as ChannelError {
            throw HTTPTransportError.connectionFailed(url: spec.url, reason: "\(error)")
        } catch let error as IOError {
            throw HTTPTransportError.connectionFailed(url: spec.url, reason: error.description)
        }
    }
}
