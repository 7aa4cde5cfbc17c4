import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

func purpose(
    _ output: ContentKind, family: String? = nil, kind: SubjectKind = .general, language: String = "",
    subject: String = "Linear Algebra", notes: String = "", topic: String = "Foundations of Linear Algebra",
    subtopic: String = "Vector Spaces", siblings: [String] = ["Matrix Multiplication", "Determinants"], attempt: Int = 1
) -> RequestPurpose {
    RequestPurpose(
        family: family ?? (output == .lesson && kind == .language ? "grammar-lesson" : output.rawValue), shape: output.shape,
        role: output == .terms ? .glossary : nil,
        subjectKind: kind, language: language, subject: subject, subjectNotes: notes,
        topic: output == .plan ? "" : topic, subtopic: output == .plan ? "" : subtopic,
        siblings: output == .plan ? [] : siblings, attempt: attempt)
}

func request(_ purpose: RequestPurpose, prompt: String = "Write the content as asked.") -> CompletionRequest {
    CompletionRequest(
        messages: [ChatMessage(role: .system, content: "You write study material."), ChatMessage(role: .user, content: prompt)],
        purpose: purpose)
}

func answer(_ purpose: RequestPurpose, _ configuration: MockConfiguration = MockConfiguration()) throws -> CompletionResponse {
    try MockProvider(configuration: configuration).respond(to: request(purpose))
}

func lines(_ text: String) -> [String] {
    text.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
}

func matches(_ text: String, _ pattern: String) -> Bool {
    text.range(of: pattern, options: .regularExpression) != nil
}

/// Quiz blocks of the canonical format.
func quizBlocks(_ text: String) -> [[String]] {
    text.components(separatedBy: "\n\n").map(lines).filter { !$0.isEmpty }
}

let subtopics = [
    "Vector Spaces", "Key Terms and Definitions in Linear Algebra", "Eigenvalues", "Step-by-Step Procedures in Statistics",
    "The Krebs Cycle", "Photosynthesis",
]

@Suite struct MockDeterminismTests {
    @Test func stableHashIsFNV1a() {
        // Published FNV-1a 64-bit test vectors.
        #expect(StableHash.fnv1a("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableHash.fnv1a("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableHash.fnv1a("foobar") == 0x8594_4171_f739_67e8)
    }

    @Test func sameRequestGivesIdenticalResponse() async throws {
        let provider = MockProvider()
        for output in ContentKind.allCases {
            for kind in SubjectKind.allCases {
                let req = request(purpose(output, kind: kind, language: kind == .language ? "French" : ""))
                let first = try await provider.complete(req)
                let second = try await provider.complete(req)
                let third = try MockProvider().respond(to: req)
                #expect(first == second)
                #expect(first == third)
            }
        }
    }

    @Test func differentSeedOrRequestGivesDifferentText() throws {
        for output in ContentKind.allCases {
            let p = purpose(output)
            let a = try answer(p, MockConfiguration(seed: 1)).text
            let b = try answer(p, MockConfiguration(seed: 2)).text
            #expect(a != b, "\(output) did not change with the seed")
            var retry = p
            retry.attempt = 2
            #expect(try answer(retry, MockConfiguration(seed: 1)).text != a, "\(output) did not change with the attempt")
        }
        // Another sample of the same request (eval's --repeat) is another answer, the same each time.
        let p1 = purpose(.quiz)
        var second = request(p1)
        second.sample = 1
        #expect(try MockProvider().respond(to: second).text != (try MockProvider().respond(to: request(p1)).text))
        #expect(try MockProvider().respond(to: second) == (try MockProvider().respond(to: second)))
        // Sample 0 keys the cache as before; another sample is another entry.
        let key0 = ResponseCacheKey(request: request(p1), provider: "mock", model: "m", includePurpose: true)
        #expect(!ResponseCacheKey.canonicalText(request: request(p1), provider: "mock", model: "m", includePurpose: true).contains("sample="))
        #expect(ResponseCacheKey(request: second, provider: "mock", model: "m", includePurpose: true) != key0)
        // The messages count too: a retry carries a reminder.
        let p = purpose(.flashcards)
        let plain = try MockProvider().respond(to: request(p, prompt: "Write flashcards."))
        let reminded = try MockProvider().respond(to: request(p, prompt: "Write flashcards. Reminder: stay in scope."))
        #expect(plain.text != reminded.text)
    }

    @Test func usageCountsWordsAndCostsNothing() throws {
        let req = request(purpose(.terms), prompt: "one two three four")
        let response = try MockProvider(name: "mine", model: "mock-9").respond(to: req)
        #expect(response.usage.promptTokens == 4 + 4)  // "You write study material." + the prompt
        #expect(response.usage.completionTokens == response.text.split(whereSeparator: \.isWhitespace).count)
        #expect(response.cost == 0)
        #expect(response.model == "mock-9")
        #expect(response.finishReason == .stop)
    }

    @Test func latencyIsApplied() async throws {
        let provider = MockProvider(configuration: MockConfiguration(latencyMs: 30))
        let start = Date()
        _ = try await provider.complete(request(purpose(.terms)))
        #expect(Date().timeIntervalSince(start) >= 0.025)
    }
}

@Suite struct MockCanonicalFormatTests {
    @Test func planIsMarkdownOutlineWithDistinctTitles() throws {
        for seed in UInt64(1)...12 {
            let text = try answer(purpose(.plan), MockConfiguration(seed: seed)).text
            let all = lines(text)
            let headings = all.filter { $0.hasPrefix("## ") }
            #expect((3...5).contains(headings.count), "\(text)")
            for heading in headings { #expect(matches(heading, "^## [^—]+ — .+\\.$"), "\(heading)") }
            #expect(all.allSatisfy { $0.hasPrefix("## ") || $0.hasPrefix("- ") })
            // Every topic has 2–4 subtopics.
            let blocks = text.components(separatedBy: "\n\n")
            #expect(blocks.count == headings.count)
            for block in blocks {
                let bullets = lines(block).filter { $0.hasPrefix("- ") }
                #expect((2...4).contains(bullets.count), "\(block)")
            }
            let titles = headings.map { String($0.dropFirst(3).components(separatedBy: " — ")[0]) }
                + all.filter { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
            #expect(Set(titles.map { $0.lowercased() }).count == titles.count, "titles repeat: \(titles)")
            #expect(titles.allSatisfy { $0.contains("Linear Algebra") })
        }
    }

    @Test func planPhrasingVariesBySeed() throws {
        let texts = try (UInt64(1)...6).map { try answer(purpose(.plan), MockConfiguration(seed: $0)).text }
        #expect(Set(texts).count > 3)
        #expect(texts.contains { $0.contains("Foundations of Linear Algebra") || $0.contains("Introduction to Linear Algebra") })
    }

    @Test func planUsesItemsListedInSubjectNotes() throws {
        let text = try answer(purpose(.plan, notes: "cover vectors, matrices; eigenvalues\nand determinants")).text
        let headings = lines(text).filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3).components(separatedBy: " — ")[0]) }
        #expect(headings == ["Vectors", "Matrices", "Eigenvalues", "Determinants"])
        // Prose notes are not a list.
        let prose = try answer(purpose(.plan, notes: "I am preparing for an exam next month and want a broad overview of everything."))
        #expect(!prose.text.contains("## I am"))
    }

    @Test func languagePlanUsesLanguageLearningTopics() throws {
        let p = purpose(.plan, kind: .language, language: "Spanish", subject: "Spanish for Beginners")
        let text = try answer(p).text
        #expect(text.hasPrefix("## Greetings and Introductions — "))
        #expect(text.contains("in Spanish."))
        #expect(!text.contains("Foundations of"))
        let headings = lines(text).filter { $0.hasPrefix("## ") }
        #expect((3...5).contains(headings.count))
    }

    @Test func notesHaveSectionsAndFitTheWordRange() throws {
        for subtopic in subtopics {
            for seed in UInt64(1)...4 {
                let p = purpose(.lesson, topic: "Core Methods", subtopic: subtopic)
                let text = try answer(p, MockConfiguration(seed: seed)).text
                #expect(text.hasPrefix("# \(subtopic)\n"))
                for heading in ["## Key ideas", "## Worked example", "## Common mistakes", "## Summary"] {
                    #expect(text.contains("\n\(heading)\n"), "\(heading) missing")
                }
                #expect(text.contains("Core Methods"))
                #expect(text.contains("Linear Algebra") || text.contains("Core Methods"))
                let words = MockWriter.wordCount(text)
                #expect((150...590).contains(words), "\(subtopic): \(words) words")
            }
        }
    }

    @Test func grammarLessonUsesTargetLanguageWords() throws {
        let expectations: [(String, String, String)] = [
            ("Spanish", "", "hablamos"), ("", "French for Travellers", "parlons"), ("German", "", "machst"),
            ("Italian", "", "parliamo"), ("Portuguese", "", "falamos"), ("Polish", "", "mówimy"),
            ("Japanese", "", "tabemasu"), ("Turkish", "", "konuşuyorum"), ("Klingon", "", "hablamos"),
        ]
        for (language, subject, word) in expectations {
            let p = purpose(
                .lesson, kind: .language, language: language, subject: subject.isEmpty ? "\(language) Basics" : subject,
                topic: "Present Tense", subtopic: "Regular Verb Endings")
            #expect(p.family == "grammar-lesson")
            let text = try answer(p).text
            for heading in ["## Form", "## Usage", "## Examples"] { #expect(text.contains(heading)) }
            #expect(text.contains(word), "\(language) \(subject): no \(word)")
            #expect(text.hasPrefix("# Regular Verb Endings"))
            let words = MockWriter.wordCount(text)
            #expect((150...400).contains(words), "\(language): \(words) words")
        }
    }

    @Test func flashcardsArePipeLinesAboutTheSubtopic() throws {
        for subtopic in subtopics {
            let text = try answer(purpose(.flashcards, subtopic: subtopic)).text
            let cards = lines(text)
            #expect((5...8).contains(cards.count))
            for card in cards {
                let parts = card.components(separatedBy: " | ")
                #expect(parts.count == 2, "\(card)")
                #expect(card.contains(subtopic))
                #expect(parts[0] != parts[1])
            }
            #expect(Set(cards).count == cards.count)
        }
    }

    @Test func languageFlashcardsAreTargetWordsWithTranslations() throws {
        for pack in MockLanguage.all {
            let p = purpose(
                .flashcards, kind: .language, language: pack.name, subject: "\(pack.name) A1",
                topic: "Food and Ordering", subtopic: "Food and Drink Vocabulary")
            let cards = lines(try answer(p).text).map { $0.components(separatedBy: " | ") }
            #expect((5...8).contains(cards.count))
            let vocabulary = Dictionary(pack.words.map { ($0.word, $0.english) }, uniquingKeysWith: { a, _ in a })
            for card in cards {
                #expect(card.count == 2)
                #expect(vocabulary[card[0]] == card[1], "\(pack.name): \(card)")
            }
            // Food words come first for a food subtopic.
            let food = Set(pack.words.filter { $0.category == .food }.map(\.word))
            #expect(food.contains(cards[0][0]))
        }
        #expect((15...25).contains(MockLanguage.japanese.words.count))
        // The language is found in the subject when not given, and unknown ones fall back to Spanish.
        let german = lines(try answer(purpose(.flashcards, kind: .language, subject: "Deutsch lernen")).text)
        #expect(german.allSatisfy { card in MockLanguage.german.words.contains { card.hasPrefix($0.word + " | ") } })
        let fallback = lines(try answer(purpose(.flashcards, kind: .language, subject: "Elvish")).text)
        #expect(fallback.allSatisfy { card in MockLanguage.spanish.words.contains { card.hasPrefix($0.word + " | ") } })
    }

    @Test func quizHasFourDistinctOptionsAndAnAnswer() throws {
        var letters = Set<String>()
        for subtopic in subtopics {
            for kind in SubjectKind.allCases {
                let text = try answer(purpose(.quiz, kind: kind, language: "Italian", subtopic: subtopic)).text
                let blocks = quizBlocks(text)
                #expect((3...5).contains(blocks.count))
                for (index, block) in blocks.enumerated() {
                    #expect(block.count == 7, "\(block)")
                    #expect(block[0].hasPrefix("\(index + 1). "))
                    let options = Array(block[1...4])
                    #expect(options.map { String($0.prefix(3)) } == ["A) ", "B) ", "C) ", "D) "])
                    #expect(Set(options.map { $0.dropFirst(3) }).count == 4)
                    #expect(matches(block[5], "^Answer: [ABCD]$"))
                    #expect(block[6].hasPrefix("Explanation: ") && block[6].count > 20)
                    letters.insert(String(block[5].suffix(1)))
                    if kind == .general { #expect(block[0].contains(subtopic)) }
                }
            }
        }
        #expect(letters.count >= 3, "the correct letter should vary: \(letters)")
    }

    @Test func languageQuizAsksAboutRealWords() throws {
        let p = purpose(.quiz, kind: .language, language: "Turkish", subject: "Turkish", topic: "Greetings and Introductions", subtopic: "Saying Hello and Goodbye")
        let text = try answer(p).text
        let words = MockLanguage.turkish.words
        for block in quizBlocks(text) {
            #expect(block[0].contains("Turkish"))
            #expect(words.contains { block[0].contains("\"\($0.word)\"") || block[0].contains("\"\($0.english)\"") })
        }
    }

    @Test func termsAreColonLinesWithRealDefinitions() throws {
        for subtopic in subtopics {
            for kind in SubjectKind.allCases {
                let text = try answer(purpose(.terms, kind: kind, language: "Polish", subtopic: subtopic)).text
                let entries = lines(text)
                #expect((4...7).contains(entries.count), "\(text)")
                var seen = Set<String>()
                for entry in entries {
                    let range = try #require(entry.range(of: ": "))
                    let term = String(entry[..<range.lowerBound]), definition = String(entry[range.upperBound...])
                    #expect(!term.isEmpty && definition.count > term.count)
                    #expect(definition.lowercased() != term.lowercased())
                    #expect(seen.insert(term.lowercased()).inserted)
                }
                if kind == .general { #expect(entries[0].hasPrefix("\(subtopic): ")) }
            }
        }
    }
}

@Suite struct MockVariedFormatTests {
    let varied = MockConfiguration(style: .varied)

    func texts(_ output: ContentKind, kind: SubjectKind = .general) throws -> [String] {
        try subtopics.flatMap { subtopic in
            try (UInt64(1)...4).map { seed in
                var configuration = varied
                configuration.seed = seed
                return try answer(purpose(output, kind: kind, subtopic: subtopic), configuration).text
            }
        }
    }

    static func jsonBody(_ text: String) -> Data {
        var body = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if body.hasPrefix("```json") {
            body = String(body.dropFirst(7).dropLast(3))
        }
        return Data(body.utf8)
    }

    @Test func flashcardsRotateThroughJSONBlocksAndNumberedLines() throws {
        var formats = Set<String>()
        for text in try texts(.flashcards) {
            if text.hasPrefix("[") || text.hasPrefix("```json") {
                formats.insert("json")
                let cards = try JSONDecoder().decode([PairItem].self, from: Self.jsonBody(text))
                #expect((5...8).contains(cards.count))
            } else if text.hasPrefix("Q: ") {
                formats.insert("qa")
                #expect(lines(text).filter { $0.hasPrefix("Q: ") }.count == lines(text).filter { $0.hasPrefix("A: ") }.count)
            } else {
                formats.insert("numbered")
                #expect(lines(text).allSatisfy { matches($0, "^\\d+\\. .+ \\| .+$") }, "\(text)")
            }
        }
        #expect(formats == ["json", "qa", "numbered"])
    }

    @Test func quizIsJSONWithFourChoices() throws {
        struct Body: Decodable {
            struct Question: Decodable {
                var question: String
                var choices: [String]
                var answer_index: Int
                var explanation: String
            }
            var questions: [Question]
        }
        var fenced = 0
        for text in try texts(.quiz) {
            if text.hasPrefix("```json") { fenced += 1 }
            let body = try JSONDecoder().decode(Body.self, from: Self.jsonBody(text))
            #expect((3...5).contains(body.questions.count))
            for question in body.questions {
                #expect(question.choices.count == 4)
                #expect((0...3).contains(question.answer_index))
                #expect(!question.explanation.isEmpty)
            }
        }
        #expect(fenced > 0)
    }

    @Test func planIsNumberedOutlineOrJSON() throws {
        struct Body: Decodable {
            struct Topic: Decodable {
                var title: String
                var overview: String
                var subtopics: [String]
            }
            var topics: [Topic]
        }
        var formats = Set<String>()
        for seed in UInt64(1)...12 {
            var configuration = varied
            configuration.seed = seed
            let text = try answer(purpose(.plan), configuration).text
            if text.hasPrefix("1. ") {
                formats.insert("numbered")
                for line in text.split(separator: "\n") {
                    #expect(matches(String(line), "^(\\d+\\. \\S.*|   \\d+\\.\\d+ \\S.*)$"), "\(line)")
                }
            } else {
                formats.insert("json")
                let body = try JSONDecoder().decode(Body.self, from: Self.jsonBody(text))
                #expect((3...5).contains(body.topics.count))
                #expect(body.topics.allSatisfy { (2...4).contains($0.subtopics.count) && !$0.overview.isEmpty })
            }
        }
        #expect(formats == ["numbered", "json"])
    }

    @Test func notesAreWrappedInChatter() throws {
        for text in try texts(.lesson) {
            #expect(text.hasPrefix("Sure! Here are your notes:\n\n# "))
            #expect(text.hasSuffix("\n\nI hope this helps!"))
            #expect(text.contains("## Summary"))
        }
    }

    @Test func termsAreBoldBullets() throws {
        for text in try texts(.terms) {
            #expect(lines(text).allSatisfy { matches($0, "^- \\*\\*[^*]+\\*\\* — [A-Z].+$") }, "\(text)")
        }
    }
}
