import Foundation
import PrimerCore
import PrimerDefaults
import Testing

@testable import PrimerProviders

func providerError(_ body: () throws -> Void) -> ProviderError? {
    do {
        try body()
        return nil
    } catch let error as ProviderError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

@Suite struct MockFaultTests {
    func with(_ faults: MockFault...) -> MockConfiguration { MockConfiguration(faults: faults) }

    @Test func errorIsRetryableAndOnlyOnItsAttempts() throws {
        let configuration = with(MockFault(.error, attempts: [1, 2], families: ["quiz"]))
        let error = try #require(providerError { _ = try answer(purpose(.quiz, attempt: 1), configuration) })
        #expect(error.retryable)
        #expect(error.message.contains("injected fault"))
        #expect(error.provider == "mock")
        #expect(providerError { _ = try answer(purpose(.quiz, attempt: 2), configuration) } != nil)
        #expect(try answer(purpose(.quiz, attempt: 3), configuration).finishReason == .stop)
        // Other families are not touched.
        #expect(try answer(purpose(.flashcards, attempt: 1), configuration).finishReason == .stop)
    }

    @Test func fatalIsNotRetryable() throws {
        let error = try #require(providerError { _ = try answer(purpose(.lesson), with(MockFault(.fatal))) })
        #expect(!error.retryable)
        #expect(error.message.contains("injected fault"))
    }

    @Test func malformedIsChatterWithoutItems() throws {
        for output in ContentKind.allCases {
            let response = try answer(purpose(output), with(MockFault(.malformed)))
            #expect(MockRenderer.chatter.contains(response.text))
            #expect(!response.text.contains(" | ") && !response.text.contains("\n") && !response.text.contains("##"))
            #expect(response.finishReason == .stop)
        }
    }

    @Test func truncatedIsTheFirstHalfWithLengthFinish() throws {
        for output in ContentKind.allCases {
            let full = try answer(purpose(output)).text
            let cut = try answer(purpose(output), with(MockFault(.truncated)))
            #expect(cut.finishReason == .length)
            #expect(full.hasPrefix(cut.text))
            #expect(cut.text.count <= full.count / 2 && cut.text.count > full.count / 4)
        }
    }

    @Test func tooFewKeepsOneItem() throws {
        let fault = with(MockFault(.tooFew))
        #expect(lines(try answer(purpose(.flashcards), fault).text).count == 1)
        #expect(lines(try answer(purpose(.terms), fault).text).count == 1)
        #expect(quizBlocks(try answer(purpose(.quiz), fault).text).count == 1)
        #expect(lines(try answer(purpose(.plan), fault).text).count == 2)  // one topic, one subtopic
        #expect(MockWriter.wordCount(try answer(purpose(.lesson), fault).text) < 20)
    }

    @Test func offScopeAddsItemsAboutTheFirstSibling() throws {
        let p = purpose(.flashcards, subtopic: "Vector Spaces", siblings: ["Matrix Multiplication", "Determinants"])
        let plain = lines(try answer(p).text)
        let faulty = lines(try answer(p, with(MockFault(.offScope, count: 2))).text)
        #expect(faulty.count == plain.count + 2)
        let extra = faulty.filter { !$0.contains("Vector Spaces") }
        #expect(extra.count == 2)
        #expect(extra.allSatisfy { $0.contains("Matrix Multiplication") && $0.contains(" | ") })
        #expect(extra.contains("What is Matrix Multiplication? | Matrix Multiplication is a separate area with its own definitions and examples."))

        let quiz = quizBlocks(try answer(purpose(.quiz), with(MockFault(.offScope, count: 1))).text)
        #expect(quiz.filter { $0[0].contains("Matrix Multiplication") }.count == 1)
        #expect(quiz.allSatisfy { $0.count == 7 })
        let terms = lines(try answer(purpose(.terms), with(MockFault(.offScope, count: 3))).text)
        #expect(terms.filter { $0.hasPrefix("Matrix Multiplication") && !$0.contains("Vector Spaces") }.count == 3)
        // Without siblings the items are about an unrelated subject.
        let lonely = try answer(purpose(.flashcards, siblings: []), with(MockFault(.offScope))).text
        #expect(lonely.contains(MockWriter.unrelatedSubject))
    }

    @Test func duplicatesRepeatItems() throws {
        for output in [ContentKind.flashcards, .terms] {
            let plain = lines(try answer(purpose(output)).text)
            let faulty = lines(try answer(purpose(output), with(MockFault(.duplicates, count: 2))).text)
            #expect(faulty.count == plain.count + 2)
            #expect(Set(faulty).count == plain.count)
        }
        let quiz = quizBlocks(try answer(purpose(.quiz), with(MockFault(.duplicates, count: 2))).text)
        let questions = quiz.map { $0[0].drop(while: { $0 != " " }) }
        #expect(Set(questions).count == questions.count - 2)
    }

    @Test func placeholdersAddTemplateItems() throws {
        let fault = with(MockFault(.placeholders, count: 2))
        #expect(lines(try answer(purpose(.flashcards), fault).text).filter { $0 == "Question | Answer" }.count == 2)
        #expect(lines(try answer(purpose(.terms), fault).text).filter { $0 == "Term: Definition" }.count == 2)
        let quiz = quizBlocks(try answer(purpose(.quiz), fault).text)
        #expect(quiz.filter { $0[0].hasSuffix(". Question") && $0[1] == "A) Option A" }.count == 2)
        #expect(try answer(purpose(.plan), fault).text.contains("## Topic — Overview\n- Subtopic"))
    }

    @Test func familiesMatchByNameOrOutputKind() {
        let fault = MockFault(.error, families: ["notes", "vocabulary"])  // `notes`: the lesson's earlier name
        #expect(fault.matches(purpose(.lesson)))
        #expect(fault.matches(purpose(.lesson, kind: .language)))  // family grammar-lesson, output lesson
        #expect(fault.matches(purpose(.flashcards, family: "vocabulary")))
        #expect(!fault.matches(purpose(.flashcards)))
        #expect(MockFault(.error).matches(purpose(.plan, attempt: 9)))
        #expect(!MockFault(.error, attempts: [2]).matches(purpose(.plan, attempt: 1)))
    }

    /// A tiny stand-in for the gates: canonical-format items that are about the subtopic, distinct and not templates.
    func acceptable(_ response: CompletionResponse, _ p: RequestPurpose) -> Bool {
        guard response.finishReason == .stop else { return false }
        let text = response.text
        let kind = ContentKind(p.shape, role: p.role)
        switch kind {
        case .plan: return lines(text).filter { $0.hasPrefix("## ") }.count >= 3
        case .lesson: return text.contains("## ") && MockWriter.wordCount(text) >= 150
        case .flashcards, .terms:
            let separator = kind == .flashcards ? " | " : ": "
            let items = Set(lines(text).filter { $0.contains(separator) && $0.contains(p.subtopic) })
            return items.count >= 3
        case .quiz:
            let blocks = quizBlocks(text).filter { $0.count == 7 && $0[0].contains(p.subtopic) }
            return Set(blocks.map { $0[0].drop(while: { $0 != " " }) }).count >= 3
        case .cloze:
            return lines(text).filter { $0.contains("{{c1::") }.count >= 3
        default:
            return (try? kind.shape.plugin?.parse(text))?.contains { kind.shape.plugin?.problem(with: $0) == nil } ?? false
        }
    }

    @Test func shippedFlakyMockSucceedsWithinThreeAttemptsAfterExercisingFaults() throws {
        let folder = try #require(Defaults.pluginsDirectory)
        let registry = try ProviderRegistry(directories: [folder])
        var flaky = try #require(try registry.makeProvider(named: "mock-flaky", environment: [:]) as? MockProvider)
        // Same faults, canonical text, so the stand-in gates above can read it.
        var configuration = flaky.configuration
        configuration.style = .canonical
        flaky = MockProvider(name: flaky.name, model: flaky.model, configuration: configuration)

        let families: [(ContentKind, SubjectKind, Int)] = [
            (.plan, .general, 2), (.lesson, .general, 2), (.lesson, .language, 2), (.flashcards, .general, 2),
            (.quiz, .general, 3), (.terms, .general, 2),
        ]
        for (output, kind, expectedAttempt) in families {
            var succeededAt: Int?
            var failures = 0
            for attempt in 1...3 {
                let p = purpose(output, kind: kind, language: kind == .language ? "Spanish" : "", attempt: attempt)
                do {
                    if acceptable(try flaky.respond(to: request(p)), p) {
                        succeededAt = attempt
                        break
                    }
                    failures += 1
                } catch let error as ProviderError {
                    #expect(error.retryable)
                    failures += 1
                }
            }
            #expect(succeededAt == expectedAttempt, "\(output) \(kind): succeeded at \(String(describing: succeededAt))")
            #expect(failures == expectedAttempt - 1)
        }
        // List families carry off-scope, duplicate and placeholder items on every attempt.
        let cards = try flaky.respond(to: request(purpose(.flashcards, attempt: 2))).text
        #expect(cards.contains("Matrix Multiplication"))
        #expect(cards.contains("Question | Answer"))
        #expect(lines(cards).count != Set(lines(cards)).count)
    }
}
