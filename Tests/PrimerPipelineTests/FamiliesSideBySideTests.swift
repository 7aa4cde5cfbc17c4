import Foundation
import PrimerCore
import PrimerProviders
import PrimerStore
import Testing
import PrimerGeneration

/// A subtopic's families after its lesson run side by side, up to the provider's limit, and the
/// run still reads as if they had run in order: progress events and summary in plan order.
@Suite struct FamiliesSideBySideTests {
    /// A provider that records, for every call, its subtopic and family, and how many calls were
    /// in flight when it started and ended.
    final class Recorder: Provider, @unchecked Sendable {
        struct Call { var subtopic: String, family: String, start: Int, end: Int }
        let base: any Provider
        private let lock = NSLock()
        private var clock = 0
        private var inFlight = 0
        private(set) var calls: [Call] = []
        private(set) var mostAtOnce = 0
        var name: String { base.name }
        var model: String { base.model }
        init(_ base: any Provider) { self.base = base }

        func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
            let start = lock.withLock {
                clock += 1
                inFlight += 1
                mostAtOnce = max(mostAtOnce, inFlight)
                return clock
            }
            defer {
                lock.withLock {
                    clock += 1
                    inFlight -= 1
                    calls.append(Call(subtopic: request.purpose.subtopic, family: request.purpose.family, start: start, end: clock))
                }
            }
            return try await base.complete(request)
        }
    }

    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var started: [(subtopic: String, family: String)] = []
        func add(_ event: ProgressEvent) {
            if case .familyStarted(let family, let subtopic, _, _) = event { lock.withLock { started.append((subtopic, family)) } }
        }
    }

    @Test func theLessonFirstThenTheOthersAtOnceReportedInPlanOrder() async throws {
        let h = try Harness()
        defer { h.remove() }
        // 300 ms a call, so the six families after a lesson overlap if they may.
        let recorder = Recorder(try h.mock("  seed: 42\n  latency_ms: 300"))
        let events = Events()
        let summary = try await h.pipeline(recorder).run(
            SubjectRequest(title: "Linear Algebra"), options: PipelineOptions(maxSubtopics: 2), progress: events.add)
        #expect(summary.failures.isEmpty)
        let order = ["lesson", "flashcards", "quiz", "cloze", "terms", "matching", "ordering"]
        #expect(summary.familyOrder == ["plan"] + order)

        let subtopics = summary.topics.flatMap(\.subtopics).prefix(2)
        for subtopic in subtopics {
            let calls = recorder.calls.filter { $0.subtopic == subtopic }
            #expect(calls.count == 7)
            // The lesson ended before any other family of its subtopic started…
            let lesson = try #require(calls.first { $0.family == "lesson" })
            #expect(calls.filter { $0.family != "lesson" }.allSatisfy { $0.start > lesson.end })
            // …and the other six were all in flight together.
            let others = calls.filter { $0.family != "lesson" }
            #expect(others.map(\.start).max()! < others.map(\.end).min()!, "\(others)")
            // Progress reads in plan order.
            #expect(events.started.filter { $0.subtopic == subtopic }.map(\.family) == order)
        }
        #expect(recorder.mostAtOnce == 6)
        // The kit is whole: every family stored once per subtopic.
        let kit = try #require(try await h.store.kit(subjectTitle: "Linear Algebra"))
        for subtopic in kit.topics.flatMap(\.subtopics) where subtopics.contains(subtopic.title) {
            #expect(subtopic.generations.count == 7)
        }
    }

    /// Families that finished together are stored together, each reported as it is stored: the
    /// refusal that stops the run after them does not swallow their events.
    @Test func aFatalFamilyAfterOthersStoredTogetherLosesNoneOfTheirEvents() async throws {
        let h = try Harness()
        defer { h.remove() }
        let order = ["flashcards", "quiz", "cloze", "terms", "matching", "ordering"]
        /// The families after the lesson end in reverse plan order (flashcards last), so all of
        /// them are ready when the first is; ordering is refused for good at once.
        struct ReverseOrder: Provider {
            let base: any Provider
            let order: [String]
            var name: String { base.name }
            var model: String { base.model }
            func complete(_ request: CompletionRequest) async throws -> CompletionResponse {
                let family = request.purpose.family
                if family == "ordering" { throw ProviderError(provider: name, message: "refused", retryable: false) }
                if let position = order.firstIndex(of: family) { try await Task.sleep(for: .milliseconds(60 * (order.count - position))) }
                return try await base.complete(request)
            }
        }
        final class Events: @unchecked Sendable {
            private let lock = NSLock()
            private(set) var attempts: [String] = []
            private(set) var finished: [(family: String, ok: Bool)] = []
            func add(_ event: ProgressEvent) {
                lock.withLock {
                    switch event {
                    case .attempt(let family, _, _): attempts.append(family)
                    case .familyFinished(let family, _, let ok): finished.append((family, ok))
                    default: break
                    }
                }
            }
        }
        let events = Events()
        let provider = ReverseOrder(base: try h.mock("  seed: 42"), order: order)
        await #expect(throws: PipelineError.self) {
            try await h.pipeline(provider).run(SubjectRequest(title: "Linear Algebra"), options: PipelineOptions(maxSubtopics: 1), progress: events.add)
        }
        #expect(events.attempts == ["plan", "lesson"] + order, "every call's attempt reported, in plan order")
        #expect(events.finished.map(\.family) == ["lesson"] + order)
        #expect(events.finished.map(\.ok) == [true, true, true, true, true, true, false])
        let kit = try #require(try await h.store.kit(subjectTitle: "Linear Algebra"))
        let first = try #require(kit.topics.first?.subtopics.first)
        let stored = Set(first.generations.filter { $0.status == "ok" }.map(\.family))
        #expect(stored == ["lesson", "flashcards", "quiz", "cloze", "terms", "matching"])
    }
}
