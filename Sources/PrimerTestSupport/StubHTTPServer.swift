import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server on 127.0.0.1 with a random free port, answering from a script. Tests
/// use it as the peer of HTTP adapters: it records every request (method, path, headers, body)
/// and answers each with the next scripted response for its path (the last one repeats).
public final class StubHTTPServer: @unchecked Sendable {
    public struct Request: Sendable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: Data
        public var receivedAt: ContinuousClock.Instant
        public var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
        public var text: String { String(decoding: body, as: UTF8.self) }
    }

    public struct Response: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: Data
        /// Wait this long before answering (to test timeouts and concurrency).
        public var delay: Duration
        public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data(), delay: Duration = .zero) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
        }
        public static func json(_ object: Any, status: Int = 200, headers: [String: String] = [:], delay: Duration = .zero) -> Response {
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return Response(status: status, headers: headers.merging(["Content-Type": "application/json"]) { a, _ in a }, body: data, delay: delay)
        }
        public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:], delay: Duration = .zero) -> Response {
            Response(status: status, headers: headers, body: Data(text.utf8), delay: delay)
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private var channel: Channel?
    private let lock = NSLock()
    private var scripts: [String: [Response]] = [:]
    private var fallback: (@Sendable (Request) -> Response)?
    private var recorded: [Request] = []
    /// Delayed answers not yet sent; cancelled on stop so a test never waits for them.
    private var pending: [Scheduled<Void>] = []
    public private(set) var port: Int = 0

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    public init() {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    }

    /// Starts listening on a free port of 127.0.0.1.
    public func start() throws {
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 64)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(Handler(server: self))
                }
            }
        let channel = try bootstrap.bind(host: "127.0.0.1", port: 0).wait()
        self.channel = channel
        port = channel.localAddress?.port ?? 0
    }

    public func stop() {
        lock.withLock { pending.forEach { $0.cancel() }; pending.removeAll() }
        try? channel?.close().wait()
        try? group.syncShutdownGracefully()
    }

    /// Answers requests to `path` with these responses in order; the last one repeats.
    public func script(_ path: String, _ responses: [Response]) {
        lock.withLock { scripts[path] = responses }
    }

    /// Answers every request without a script with a computed response.
    public func otherwise(_ respond: @escaping @Sendable (Request) -> Response) {
        lock.withLock { fallback = respond }
    }

    public var requests: [Request] { lock.withLock { recorded } }

    func remember(_ task: Scheduled<Void>) {
        lock.withLock { pending.append(task) }
    }

    func respond(to request: Request) -> Response {
        lock.withLock {
            recorded.append(request)
            let path = request.path.split(separator: "?").first.map(String.init) ?? request.path
            if var queue = scripts[path], !queue.isEmpty {
                let next = queue.count > 1 ? queue.removeFirst() : queue[0]
                scripts[path] = queue
                return next
            }
            if let fallback { return fallback(request) }
            return .text("no stub for \(request.method) \(path)", status: 404)
        }
    }

    final class Handler: ChannelInboundHandler, @unchecked Sendable {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let server: StubHTTPServer
        var head: HTTPRequestHead?
        var body = Data()

        init(server: StubHTTPServer) { self.server = server }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body = Data()
            case .body(var buffer):
                body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            case .end:
                guard let head else { return }
                var headers: [String: String] = [:]
                for (name, value) in head.headers { headers[name.lowercased()] = value }
                let request = Request(method: head.method.rawValue, path: head.uri, headers: headers, body: body, receivedAt: .now)
                let response = server.respond(to: request)
                let keepAlive = head.isKeepAlive
                let loop = context.eventLoop
                let contextBox = NIOLoopBound(context, eventLoop: loop)
                let delay = response.delay.components
                let nanos = delay.seconds * 1_000_000_000 + delay.attoseconds / 1_000_000_000
                let task = loop.scheduleTask(in: .nanoseconds(nanos)) {
                    self.write(response, keepAlive: keepAlive, context: contextBox.value)
                }
                server.remember(task)
            }
        }

        func write(_ response: Response, keepAlive: Bool, context: ChannelHandlerContext) {
            var headers = HTTPHeaders()
            for (name, value) in response.headers { headers.add(name: name, value: value) }
            headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
            headers.replaceOrAdd(name: "Connection", value: keepAlive ? "keep-alive" : "close")
            let head = HTTPResponseHead(version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
            context.write(wrapOutboundOut(.head(head)), promise: nil)
            var buffer = context.channel.allocator.buffer(capacity: response.body.count)
            buffer.writeBytes(response.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                if !keepAlive { channel.close(promise: nil) }
            }
        }
    }
}
