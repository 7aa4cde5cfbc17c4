import Foundation
import Testing
@testable import PrimerCore

/// An item's span is found from the statements holding each of its words
/// (`Evidence.statementsHolding`); it must be the statement reading them in order finds: the
/// first that shares the most of the claim's words.
struct SpanIndexTests {
    @Test func theSpanIsTheFirstStatementSharingTheMostWords() throws {
        let chapter = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        let paragraphs = try String(contentsOf: chapter, encoding: .utf8).components(separatedBy: "\n\n").filter { $0.count > 80 }
        #expect(paragraphs.count > 20)
        var generator = SystemRandomNumberGenerator()
        var found = 0
        for _ in 0..<300 {
            let lesson = (0..<4).map { _ in paragraphs.randomElement(using: &generator)! }.joined(separator: "\n\n")
            let passage = GroundingPassage(document: "ch05.md", text: paragraphs.randomElement(using: &generator)!)
            let evidence = ItemSupport.Evidence(lesson: lesson, passages: [passage])
            // A claim of words from anywhere in the chapter: some shared with many statements, some with none.
            let words = paragraphs.randomElement(using: &generator)!.split(separator: " ")
            let claim = (0..<Int.random(in: 1...12, using: &generator)).map { _ in String(words.randomElement(using: &generator)!) }.joined(separator: " ")
            var rule: ItemSupport.Span?
            let claimed = Citations.words(claim)
            for statement in evidence.statements where !claimed.isEmpty {
                let shared = claimed.intersection(statement.words).count
                guard shared > (rule?.shared ?? 0) else { continue }
                rule = ItemSupport.Span(passage: statement.passage, statement: statement.text, characters: nil, shared: shared)
            }
            let span = ItemSupport.span(of: claim, in: evidence)
            #expect(span?.statement == rule?.statement, "\(claim)")
            #expect(span?.passage == rule?.passage)
            #expect(span?.shared == rule?.shared)
            if span != nil { found += 1 }
        }
        #expect(found > 100)
    }
}
