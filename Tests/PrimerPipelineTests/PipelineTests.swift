import Foundation
import PrimerCore
import PrimerProviders
import PrimerStore
import Testing
import PrimerGeneration

@Suite struct PipelineTests {
    @Test func fullRunStoresACompleteKitAndASecondRunMakesNoCalls() async throws {
        let h = try Harness()
        defer { h.remove() }
        let first = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Linear Algebra"))
        #expect(first.failures.isEmpty)
        #expect(first.kind == .general)
        let subtopics = first.topics.reduce(0) { $0 + $1.subtopics.count }
        #expect(subtopics >= 4)
        // One plan call and seven families per subtopic (notes, flashcards, quiz, cloze, terms,
        // matching, ordering), each accepted on the first try.
        #expect(first.providerCalls == 1 + 7 * subtopics)
        #expect(first.families["lesson"]?.generated == subtopics)
        #expect(first.families["grammar-lesson"] == nil)

        let kit = try await #require(try await h.store.kit(subjectTitle: "linear algebra"))
        for subtopic in kit.topics.flatMap(\.subtopics) {
            #expect((subtopic.lesson ?? "").split(separator: " ").count >= 60, "\(subtopic.title) has notes")
            #expect(subtopic.pairs("flashcards").count >= 3)
            #expect(subtopic.choices("quiz").count >= 2)
            #expect(subtopic.choices("quiz").allSatisfy { $0.choices.count == 4 && (0..<4).contains($0.correctIndex) && !$0.explanation.isEmpty })
            #expect(subtopic.pairs("terms").count >= 2)
            #expect(subtopic.clozes("cloze").count >= 2)
            #expect(subtopic.generations.count == 7)
        }

        let second = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Linear Algebra"))
        #expect(second.providerCalls == 0)
        #expect(second.families["quiz"]?.skipped == subtopics)
        #expect(second.families.values.allSatisfy { $0.generated == 0 })
    }

    @Test func flakyProviderRetriesEveryPathAndStillCompletes() async throws {
        let h = try Harness()
        defer { h.remove() }
        let summary = try await h.pipeline(h.shipped("mock-flaky")).run(SubjectRequest(title: "Cell Biology"), options: PipelineOptions(maxSubtopics: 2))
        #expect(summary.failures.isEmpty)
        #expect(summary.attempts > summary.families.values.reduce(0) { $0 + $1.generated })
        #expect(summary.families.values.contains { $0.dropped > 0 })

        let kit = try await #require(try await h.store.kit(subjectTitle: "Cell Biology"))
        let done = kit.topics.flatMap(\.subtopics).prefix(2)
        #expect(done.allSatisfy { $0.lesson != nil && !$0.pairs("flashcards").isEmpty && !$0.choices("quiz").isEmpty && !$0.pairs("terms").isEmpty })

        // The stored provenance holds the rejection reasons of the failed attempts.
        var rejected: [StoredAttempt] = []
        for generation in try await h.store.generations(subjectTitle: "Cell Biology") {
            rejected += try await h.store.attempts(generationID: generation.id).filter { $0.status != .accepted }
        }
        #expect(rejected.count >= 5)
        #expect(rejected.allSatisfy { !$0.reasons.isEmpty })
        #expect(rejected.contains { $0.status == .error })
        #expect(rejected.contains { $0.reasons.joined().contains("cut off at the token limit") })
    }

    @Test func exhaustedFamilyStoresNothingOfItKeepsTheRestAndARerunFillsTheGap() async throws {
        let h = try Harness()
        defer { h.remove() }
        let broken = try h.mock("""
              seed: 42
              faults:
                - {type: malformed, attempts: [1, 2, 3], families: [quiz]}
            """)
        let options = PipelineOptions(maxSubtopics: 3)
        let summary = try await h.pipeline(broken).run(SubjectRequest(title: "Thermodynamics"), options: options)
        #expect(summary.failures.count == 3)
        #expect(summary.failures.allSatisfy { $0.family == "quiz" && $0.error.contains("failed after 3 attempts") })
        #expect(summary.families["quiz"]?.attempts == 9)
        #expect(summary.families["flashcards"]?.generated == 3)
        let counts = try await h.store.itemCounts()
        #expect(counts["quiz"] == nil)
        #expect((counts["flashcards"] ?? 0) > 0)
        let failed = try await h.store.generations(subjectTitle: "Thermodynamics").filter { $0.status == .failed }
        #expect(failed.count == 3)
        #expect(failed.allSatisfy { $0.attempts == 3 && $0.family == "quiz" })

        let rerun = try await h.pipeline(h.mock("  seed: 42")).run(SubjectRequest(title: "Thermodynamics"), options: options)
        #expect(rerun.failures.isEmpty)
        #expect(rerun.providerCalls == 3)
        #expect(rerun.families["quiz"]?.generated == 3)
        await #expect((try h.store.itemCounts()["quiz"] ?? 0) >= 6)
    }

    @Test func nonRetryableErrorStopsTheRunAfterOneAttemptKeepingWhatWasStored() async throws {
        let h = try Harness()
        defer { h.remove() }
        let provider = try h.mock("""
              faults:
                - {type: fatal, families: [terms]}
            """)
        await #expect(throws: PipelineError.self) {
            _ = try await h.pipeline(provider).run(SubjectRequest(title: "Astronomy"), options: PipelineOptions(maxSubtopics: 2))
        }
        let generations = try await h.store.generations(subjectTitle: "Astronomy")
        let failed = generations.filter { $0.status == .failed }
        #expect(failed.map(\.family) == ["terms"])
        #expect(failed.first?.attempts == 1)
        // The plan and the first subtopic's other families stay; the second subtopic never started.
        #expect(generations.filter { $0.status == .ok }.map(\.family) == ["plan", "lesson", "flashcards", "quiz", "cloze"])
    }

    @Test func planFailureIsAnErrorAndLeavesNoPlan() async throws {
        let h = try Harness()
        defer { h.remove() }
        let provider = try h.mock("""
              faults:
                - {type: malformed, families: [plan]}
            """)
        await #expect(throws: PipelineError.self) {
            _ = try await h.pipeline(provider).run(SubjectRequest(title: "Geology"))
        }
        let counts = try await h.store.counts()
        #expect(counts[.topics] == 0)
        #expect(counts[.generations] == 1)
        #expect(counts[.attempts] == 3)
    }

    @Test func planOnlyAndMaxSubtopicsLimitTheWork() async throws {
        let h = try Harness()
        defer { h.remove() }
        let planOnly = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Statistics"), options: PipelineOptions(planOnly: true))
        #expect(planOnly.providerCalls == 1)
        await #expect(try await h.store.counts()[.items] == 0)

        let two = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Statistics"), options: PipelineOptions(maxSubtopics: 2))
        #expect(two.providerCalls == 2 * 7, "the plan is stored; seven families of two subtopics")
        #expect(two.subtopicsInScope == 2)
    }

    @Test func regeneratePlanReplacesThePlanAndEverythingUnderIt() async throws {
        let h = try Harness()
        defer { h.remove() }
        _ = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Economics"), options: PipelineOptions(maxSubtopics: 2))
        await #expect((try h.store.itemCounts()["flashcards"] ?? 0) > 0)

        let other = try h.mock("  seed: 7")
        let summary = try await h.pipeline(other).run(SubjectRequest(title: "Economics"), options: PipelineOptions(planOnly: true, regeneratePlan: true))
        #expect(summary.providerCalls == 1)
        let after = try await h.store.counts()
        #expect(after[.items] == 0)
        #expect(after[.subjects] == 1)
        await #expect(try await h.store.kit(subjectTitle: "Economics")?.topics.map(\.title) == summary.topics.map(\.title))
    }

    @Test func languageSubjectsGetAGrammarLessonAndVocabularyCards() async throws {
        let h = try Harness()
        defer { h.remove() }
        let summary = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Spanish A2 Grammar"), options: PipelineOptions(maxSubtopics: 1))
        #expect(summary.kind == .language)
        #expect(summary.language == "Spanish")
        #expect(summary.families["grammar-lesson"]?.generated == 1)
        #expect(summary.families["lesson"] == nil)
        let kit = try await #require(try await h.store.kit(subjectTitle: "Spanish A2 Grammar"))
        let subtopic = try #require(kit.topics.first?.subtopics.first)
        #expect(subtopic.lesson?.contains("## Form") == true)
        #expect(!subtopic.pairs("flashcards").isEmpty)
    }

    @Test func kindOverrideWinsAndIsKeptOnRerun() async throws {
        let h = try Harness()
        defer { h.remove() }
        let first = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Travel basics", kind: .language), options: PipelineOptions(planOnly: true))
        #expect(first.kind == .language)
        let second = try await h.pipeline(h.shipped("mock")).run(SubjectRequest(title: "Travel basics"), options: PipelineOptions(planOnly: true))
        #expect(second.kind == .language)
        #expect(second.providerCalls == 0)
    }

    @Test func deterministicForTheSameSeed() async throws {
        let a = try Harness()
        let b = try Harness()
        defer { a.remove(); b.remove() }
        _ = try await a.pipeline(a.shipped("mock")).run(SubjectRequest(title: "Optics"), options: PipelineOptions(maxSubtopics: 2))
        _ = try await b.pipeline(b.shipped("mock")).run(SubjectRequest(title: "Optics"), options: PipelineOptions(maxSubtopics: 2))
        let kitA = try await #require(try await a.store.kit(subjectTitle: "Optics"))
        let kitB = try await #require(try await b.store.kit(subjectTitle: "Optics"))
        #expect(kitA.topics.map(\.title) == kitB.topics.map(\.title))
        #expect(kitA.topics.first?.subtopics.first?.pairs("flashcards") == kitB.topics.first?.subtopics.first?.pairs("flashcards"))
    }

    @Test func concurrentSubtopicsStoreTheSameKitAsOneAtATime() async throws {
        let serial = try Harness()
        let parallel = try Harness()
        defer { serial.remove(); parallel.remove() }
        let one = try await serial.pipeline(serial.shipped("mock")).run(SubjectRequest(title: "Optics"))
        let four = try await parallel.pipeline(parallel.shipped("mock")).run(SubjectRequest(title: "Optics"), options: PipelineOptions(concurrency: 4))
        #expect(four.failures.isEmpty)
        #expect(four.providerCalls == one.providerCalls)
        #expect(four.families.mapValues(\.generated) == one.families.mapValues(\.generated))
        // The plan is the same; each subtopic is complete. (Item texts may differ: a subtopic's
        // context lists the terms other subtopics defined before it, and that order varies.)
        let a = try await #require(try await serial.store.kit(subjectTitle: "Optics"))
        let b = try await #require(try await parallel.store.kit(subjectTitle: "Optics"))
        #expect(a.topics.map(\.title) == b.topics.map(\.title))
        #expect(b.topics.flatMap(\.subtopics).allSatisfy { $0.lesson != nil && !$0.pairs("flashcards").isEmpty && !$0.choices("quiz").isEmpty && !$0.pairs("terms").isEmpty })
    }
    /// With subtopics running side by side, other subtopics add terms while one subtopic's
    /// families run; its seven prompts still list the same terms (they share one context, which
    /// keeps a server's prompt cache warm), and later subtopics see the terms of earlier ones.
    @Test func theFamiliesOfASubtopicShareOneListOfTerms() async throws {
        let harness = try Harness()
        defer { harness.remove() }
        let recorder = RecordingProvider(base: try harness.shipped("mock"))
        let summary = try await harness.pipeline(recorder).run(SubjectRequest(title: "Optics"), options: PipelineOptions(concurrency: 4))
        #expect(summary.failures.isEmpty)
        let heading = "## Terms already defined in this subject (do not define them again)\n"
        func terms(_ request: CompletionRequest) -> String {
            let text = request.messages.map(\.content).joined(separator: "\n")
            guard let start = text.range(of: heading) else { return "" }
            return String(text[start.upperBound...].prefix { $0 != "\n" })
        }
        let bySubtopic = Dictionary(grouping: recorder.requests.filter { !$0.purpose.subtopic.isEmpty }, by: \.purpose.subtopic)
        #expect(bySubtopic.count > 2)
        for (subtopic, requests) in bySubtopic {
            #expect(Set(requests.map(\.purpose.family)).count == 7, "\(subtopic)")
            #expect(Set(requests.map(terms)).count == 1, "\(subtopic): \(Set(requests.map(terms)))")
        }
        // Subtopics that started after others finished list their terms.
        #expect(bySubtopic.values.contains { !terms($0[0]).isEmpty })
    }
}

/// A provider that keeps every request it passes on.
final class RecordingProvider: Provider, @unchecked Sendable {
    let base: any Provider
    private let lock = NSLock()
    private var recorded: [CompletionRequest] = []
    var name: String { base.name }
    var model: String { base.model }
    var requests: [CompletionRequest] { lock.withLock { recorded } }

    init(base: any Provider) { self.base = base }

    func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
        lock.withLock { recorded.append(request) }
        return try await base.complete(request)
    }
}
