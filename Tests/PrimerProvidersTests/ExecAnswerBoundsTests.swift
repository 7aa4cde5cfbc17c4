import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

/// Each request gets exactly the line written for it, and no line costs more than the limit:
/// an extra line written ahead is never the next request's answer; a huge line fails its request.
@Suite(.timeLimit(.minutes(2))) struct ExecAnswerBoundsTests {
    @Test func anExtraLineWrittenAheadIsNotTheNextAnswer() async throws {
        // The first answer comes with a second line for the id the next request would have had
        // if ids were a plain counter.
        let provider = try ExecFixture.provider(script: ExecFixture.script(
            """
            global answered
            answered += 1
            reply = json.dumps({"id": request["id"], "text": "answer %d" % answered})
            if answered == 1:
                guess = str(int(request["id"].split("-")[0]) + 1)
                reply += "\\n" + json.dumps({"id": guess, "text": "stale, written ahead"})
            return reply
            """, before: "answered = 0"))
        #expect(try await provider.complete(ExecFixture.request(.terms)).text == "answer 1")
        let pid = try #require(await provider.processIdentifier)
        try await Task.sleep(nanoseconds: 200_000_000)  // the extra line has surely arrived

        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.terms)) })
        #expect(error.message.contains("wrote a line after its last answer, before request 2-"), "\(error.message)")
        #expect(error.message.contains("stale, written ahead"))
        #expect(error.retryable, "the retry gets a fresh process")
        #expect(await ExecFixture.waitGone(pid))

        // A fresh process answers the next request with its own first answer.
        #expect(try await provider.complete(ExecFixture.request(.terms)).text == "answer 1")
        await provider.shutdown()
    }

    @Test func aLineLongerThanTheLimitFailsItsRequestAndTheNextOneWorks() async throws {
        let provider = try ExecFixture.provider(script: ExecFixture.script(
            """
            if request["purpose"]["subject"] == "Huge":
                return {"id": request["id"], "text": "x" * (17 * 1024 * 1024)}
            return {"id": request["id"], "text": "pid %d" % os.getpid()}
            """))
        let first = try await provider.complete(ExecFixture.request(.lesson))
        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.lesson, subject: "Huge")) })
        #expect(error.message.contains("longer than 16 MB"), "\(error.message)")
        #expect(error.retryable)
        let after = try await provider.complete(ExecFixture.request(.lesson))
        #expect(after.text.hasPrefix("pid "))
        #expect(after.text != first.text, "a fresh process answered")
        await provider.shutdown()
    }

    @Test func theSplitterHoldsAtMostTheLimit() {
        var pieces: [LineReader.Piece] = []
        var splitter = LineSplitter(maxLineBytes: 8)
        func feed(_ text: String) { splitter.feed(ArraySlice(Array(text.utf8))) { pieces.append($0) } }
        feed("short\r\nsplit ")
        feed("ok\n")  // "split ok" is 8 bytes: kept
        feed("this line is far too long")
        feed(" and goes on")
        feed(" and ends\nafter\n")
        feed("123456789\n")  // 9 bytes in one read
        feed("tail")
        splitter.finish { pieces.append($0) }
        #expect(pieces == [.line("short"), .line("split ok"), .tooLong, .line("after"), .tooLong, .line("tail")])
    }
}
