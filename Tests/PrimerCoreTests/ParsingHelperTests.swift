import Foundation
import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingHelperTests {
    @Test func thinkingBlocksAreRemoved() {
        #expect(TextCleanup.stripThinking("<think>a</think>b<THINK>c</THINK>d") == "bd")
        #expect(TextCleanup.stripThinking("reasoning without opener</think>answer") == "answer")
        #expect(TextCleanup.stripThinking("answer<thinking>cut off") == "answer")
    }

    @Test func listMarkersAndBold() {
        #expect(LineSyntax.clean("- **Term**") == "Term")
        #expect(LineSyntax.clean("  1) Item") == "Item")
        #expect(LineSyntax.clean("Q3. What?") == "What?")
        #expect(LineSyntax.clean("• - nested") == "nested")
        #expect(LineSyntax.clean("3.14 is pi") == "3.14 is pi")
    }

    @Test func chatterNeedsPunctuationAfterInterjections() {
        #expect(TextCleanup.isChatter("Sure! Here you go"))
        #expect(TextCleanup.isChatter("**Let me know** if you need more"))
        #expect(!TextCleanup.isChatter("Great Wall of China"))
        #expect(!TextCleanup.isChatter("Sure | Claro"))
    }

    @Test func jsonIsFoundInChatterAndRepaired() {
        let found = JSONExtraction.extract("Text [not json] then {\"a\": [1, 2,],} trailing") as? [String: Any]
        #expect(found?["a"] as? [Int] == [1, 2])
        #expect(JSONExtraction.extract("no json here") == nil)
        #expect(JSONExtraction.extract("\"a string\"") == nil)
    }

    /// A `{` no JSON object can begin is passed over (a cloze's `{{c1::…}}`); what is found must
    /// be what trying every brace finds: random chatter of braces, quotes, commas, cloze
    /// deletions, JSON pieces and white space.
    @Test func bracesNoObjectCanBeginChangeNothingFound() throws {
        let pieces = ["{", "}", "[", "]", "\"", "\"a\"", ":", ",", " ", "\n", "\r\n", "\t", "1", "true", "x", "{{c1::Paris}}",
                      "{\"a\": 1}", "[1, 2,]", "{ \"b\": [ ] ,}", "{,}", "\\", "{\u{301}", "é", "\"\u{301}", "{\"\u{301}\": 1}"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["{{c1::Paris}} is the capital of {{c2::France}}.", "{ \"a\": 1 }", "{,}", "[{c1::x}]", "{\n\"k\": 2}"]
        for _ in 0..<4_000 {
            texts.append((0..<Int.random(in: 1...14, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        func written(_ value: Any?) throws -> Data? {
            try value.map { try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys, .fragmentsAllowed]) }
        }
        var found = 0
        for text in texts {
            let fast = JSONExtraction.firstBalanced(in: text)
            let rule = JSONExtraction.firstBalanced(in: text, everyStart: true)
            #expect(try written(fast) == written(rule), "\(text.debugDescription)")
            if rule != nil { found += 1 }
        }
        #expect(found > 100)
        #expect(JSONExtraction.extract("{{c1::Paris}} is the capital of {{c2::France}}.") == nil)
        // A key that begins with a combining mark: the quote and the mark are one Character.
        #expect(JSONExtraction.extract("x {\"\u{301}\": \"\u{301}\"}") as? [String: String] == ["\u{301}": "\u{301}"])
    }

    /// `listMarker` tries its regexes only on lines that could begin with a marker; it must find
    /// what the regexes alone find.
    @Test func aListMarkerIsFoundAsTheRegexesFindIt() {
        let pieces = ["-", "*", "•", "+", "–", "1", "12", "٣", ".", ")", "(", "Q", "q", ":", " ", "\t", "x", "A", "**", "é", "—"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let line = (0..<Int.random(in: 0...7, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let text = line.drop { $0 == " " || $0 == "\t" }
            let rule = [lineSyntaxPattern0, lineSyntaxPattern1, lineSyntaxPattern2, lineSyntaxPattern3].lazy
                .compactMap { text.prefixMatch(of: $0) }.first.map { [String($0.output), String(text[$0.range.upperBound...])] }
            #expect(LineSyntax.listMarker(line).map { [$0.marker, $0.rest] } == rule, "\(line.debugDescription)")
        }
    }

    @Test func outputParserDispatchesByKind() throws {
        #expect(try OutputParser.parse("a | b", as: .pair) == .pairs([PairItem(front: "a", back: "b")]))
        #expect(try OutputParser.parse("x: y", as: .pair, pairLines: .termDefinition) == .pairs([PairItem(front: "x", back: "y")]))
        #expect(try OutputParser.parse("# Notes", as: .lesson) == .lesson("# Notes"))
        #expect(try OutputParser.parse("- A\n  - a1", as: .outline) == .plan(Plan(topics: [PlanTopic(title: "A", subtopics: ["a1"])])))
        let quiz = try OutputParser.parse("1. Q?\nA) x\nB) y\nAnswer: A", as: .choice)
        #expect(quiz == .choices([ChoiceItem(question: "Q?", choices: ["x", "y"], correctIndex: 0, explanation: "")]))
        #expect(try OutputParser.parse("The {{c1::cell}} is the unit of life.", as: .cloze) == .clozes([ClozeItem(text: "The {{c1::cell}} is the unit of life.")]))
        for shape in Shape.allCases {
            #expect(throws: ParseFailure.self) { try OutputParser.parse("I'm sorry, I can't help with that.", as: shape) }
        }
    }

    @Test func failureDescriptionIsTheReason() {
        #expect(ParseFailure("write cards").description == "write cards")
    }
}
