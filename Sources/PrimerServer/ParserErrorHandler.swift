import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request NIO's parser refuses — headers over 80 KB, a malformed request line, a bad
/// chunk size — with a problem document, as every other refusal is answered, then closes the
/// connection. Without it the server answers a bare 400 with an empty body (Hummingbird's default),
/// and a client cannot tell a 100 KB cookie from a typo.
///
/// It sits in the channel pipeline after the HTTP codec: the parser's error passes through it
/// before it reaches the application, which would otherwise write the bare 400.
final class ParserErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Whether a request has been passed on whose response has not ended: its response is
    /// written first, then the problem.
    private var requestInFlight = false
    /// The problem to answer once the response in flight ends.
    private var pending: Problem?
    /// Set once the parser failed: the connection is answered and closed, nothing more is read.
    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        if case .head = Self.unwrapInboundIn(data) { requestInFlight = true }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = Self.unwrapOutboundIn(data) else { return }
        requestInFlight = false
        if let problem = pending {
            pending = nil
            answer(problem, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After the parser failed, the decoder reports every later read as an error too.
        guard !failed else { return }
        guard let parserError = error as? HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        failed = true
        if requestInFlight {
            pending = Self.problem(for: parserError)
        } else {
            answer(Self.problem(for: parserError), context: context)
        }
    }

    private func answer(_ problem: Problem, context: ChannelHandlerContext) {
        let body = problem.json
        var head = HTTPResponse(status: .init(code: problem.status))
        head.headerFields[.contentType] = Problem.contentType
        head.headerFields[.contentLength] = String(body.count)
        head.headerFields[.connection] = "close"
        head.headerFields[.cacheControl] = "no-store"
        context.write(Self.wrapOutboundOut(.head(head)), promise: nil)
        context.write(Self.wrapOutboundOut(.body(ByteBuffer(bytes: body))), promise: nil)
        context.writeAndFlush(Self.wrapOutboundOut(.end(nil))).whenComplete { _ in context.close(promise: nil) }
    }

    static func problem(for error: HTTPParserError) -> Problem {
        switch error {
        case .headerOverflow:
            Problem(
                .tooLarge, "The request's headers are larger than the server reads (80 KB); send shorter headers or cookies.",
                status: 431)
        default:
            Problem(.malformed, "The request is not valid HTTP/1.1 (\(error)); the connection is closed.")
        }
    }
}
