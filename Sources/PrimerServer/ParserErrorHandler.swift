import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Answers a request NIO's parser refuses between requests — headers over 80 KB, a malformed
/// request line — with a problem document, as every other refusal is answered, after the
/// pipelined requests before it, then closes the connection (an error inside a request's body,
/// such as a bad chunk size, fails that request's handler as before). Without it the server answers a bare 400 with an empty body (Hummingbird's default),
/// and a client cannot tell a 100 KB cookie from a typo.
///
/// It sits in the channel pipeline after the HTTP codec: the parser's error passes through it
/// before it reaches the application, which would otherwise write the bare 400.
final class ParserErrorHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// A request whose head was read and whose end was not: a parse error inside it belongs to
    /// that request (its handler's body fails, as Hummingbird has it), not to the connection.
    private var readingRequest = false
    /// Requests read whole whose responses have not ended: the problem waits for them, so every
    /// pipelined request before the bad one is answered.
    private var unanswered = 0
    /// The problem to answer once they are.
    private var pending: Problem?
    /// Set once the parser failed between requests: the connection is answered and closed,
    /// nothing more is read.
    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        switch Self.unwrapInboundIn(data) {
        case .head: readingRequest = true
        case .end:
            readingRequest = false
            unanswered += 1
        case .body: break
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        context.write(data, promise: promise)
        guard case .end = Self.unwrapOutboundIn(data) else { return }
        unanswered = max(0, unanswered - 1)
        if unanswered == 0, let problem = pending {
            pending = nil
            answer(problem, context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // After the parser failed, the decoder reports every later read as an error too.
        guard !failed else { return }
        guard let parserError = error as? HTTPParserError, !readingRequest else {
            context.fireErrorCaught(error)
            return
        }
        failed = true
        if unanswered > 0 {
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
