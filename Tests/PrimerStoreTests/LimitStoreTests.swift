import Foundation
import PrimerCore
import Testing

/// The abuse limits' events (`LimitStore`) and the one-statement subject create, on both engines:
/// a limit holds under parallel checks, events leave the window, and two creates of one title
/// give one subject and one `taken`.
@Suite struct LimitStoreTests {
    @Test(arguments: Engine.allCases) func aLimitHoldsWhenManyCheckAtOnce(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let now = Date()
        let decisions = try await withThrowingTaskGroup(of: LimitDecision.self) { group in
            for _ in 0..<20 {
                group.addTask { try await store.admit(.atMost(5, of: "login:a", in: 900), at: now) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let admitted = decisions.compactMap { if case .admitted(let events) = $0 { events } else { nil } }
        #expect(admitted.count == 5)
        #expect(decisions.filter { if case .refused(let wait) = $0 { wait == 900 } else { false } }.count == 15)
        // Another key is counted on its own; a taken-back event frees its place.
        #expect(try await store.admit(.atMost(5, of: "login:b", in: 900), at: now) != .refused(retryAfter: 900))
        try await store.forgetEvents(admitted[0])
        guard case .admitted = try await store.admit(.atMost(5, of: "login:a", in: 900), at: now) else {
            Issue.record("a forgotten event still counted")
            return
        }
        // Past the window the events no longer count; the wait is from the oldest one.
        #expect(try await store.admit(.atMost(5, of: "login:a", in: 900), at: now.addingTimeInterval(600)) == .refused(retryAfter: 300))
        guard case .admitted = try await store.admit(.atMost(5, of: "login:a", in: 900), at: now.addingTimeInterval(901)) else {
            Issue.record("events older than the window still counted")
            return
        }
        try await store.clearEvents(key: "login:b")
        let counts = LimitCheck(counted: ["login:a", "login:b"], window: 900, recorded: []) { counts in counts == [1, 0] }
        #expect(try await store.admit(counts, at: now.addingTimeInterval(901)) == .admitted(events: []))
    }

    @Test(arguments: Engine.allCases) func racingCreatesOfOneTitleGiveOneSubject(engine: Engine) async throws {
        let folder = try TempFolder()
        let store = try await engine.store(in: folder)
        let ana = try await store.createAccount(name: "Ana", email: "ana@example.com", passwordHash: "h", at: Date())
        let anas = store.owned(by: ana.owner)
        let results = await withTaskGroup(of: Result<StoredSubject, any Error>.self) { group in
            for index in 0..<12 {
                group.addTask {
                    await Result(catching: { try await anas.createSubject(NewSubject(title: " Race ", notes: "n\(index)", color: "#00000\(index % 10)"), at: Date()) })
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let created = results.compactMap { try? $0.get() }
        #expect(created.count == 1)
        #expect(results.filter { if case .failure(let error) = $0 { (error as? StoreError)?.kind == .conflict } else { false } }.count == 11)
        let stored = try #require(try await anas.subject(titled: "race"))
        #expect(stored.id == created[0].id && stored.notes == created[0].notes && stored.color == created[0].color)
        #expect(stored.owner == ana.owner)
    }
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
