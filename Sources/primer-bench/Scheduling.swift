import ArgumentParser
import Foundation
import PrimerCore
import PrimerPostgres
import PrimerStore

/// (e) The cost of scheduling: a simulated year of daily study of many items, every review
/// rated from the item's predicted recall, once with the scheduler alone and once through the
/// store as `review rate` records it (memory state and review log in one transaction, and the
/// due cards read from the store at the start of each day's pass).
struct SchedulingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduling",
        abstract: "(e) A simulated year of daily reviews: reviews per second and peak memory, scheduler alone and through the SQLite store.",
        discussion: """
            Items are introduced --new-per-day at a time. Each day every due item is reviewed (learning steps again \
            the same day); an item is recalled with its predicted recall (a new item: 0.6), then rated hard 15 %, \
            good 70 %, easy 15 %, else again. Random draws are seeded, so both runs see the same year.
            """)

    @Option(help: "Items studied.") var items = 10_000
    @Option(help: "Days simulated.") var days = 365
    @Option(help: "New items introduced per day.") var newPerDay = 200
    @Option(help: "Seed of the random draws.") var seed: UInt64 = 42
    @Flag(help: "Only the scheduler (skip the store run).") var schedulerOnly = false
    @Option(help: "The store of the store run: a SQLite file or postgres://user@host:port/database, kept afterwards (default: a temporary SQLite file, removed).")
    var store: String?

    func run() async throws {
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let facts = MachineFacts.collect()
        print("primer-bench scheduling: \(items) items, \(days) days, \(newPerDay) new per day, seed \(seed); \(facts.cpus) CPUs, \(facts.cpuModel)")

        var simulation = Simulation(items: items, days: days, newPerDay: newPerDay, start: start, seed: seed)
        let clock = ContinuousClock()
        let began = clock.now
        let scheduler = simulation.scheduler
        let memory = await simulation.run { _, memory, rating, at, fuzz in scheduler.review(memory, rating: rating, at: at, random: { fuzz }) }
        let alone = (clock.now - began).seconds
        let afterAlone = ResourceUsage.now()
        var table = Table(header: ["run", "reviews", "seconds", "reviews/s", "µs/review", "peak RSS MB"])
        table.add(["scheduler alone", "\(memory.reviews)", fmt(alone, 2), fmt(Double(memory.reviews) / alone, 0), fmt(alone / Double(memory.reviews) * 1e6, 1), fmt(Double(afterAlone.maxRSSKB) / 1024, 0)])

        if !schedulerOnly {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-bench-scheduling-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let store: any Store = switch try StoreAddress.parse(
                self.store ?? folder.appendingPathComponent("store.sqlite").path, environment: ProcessInfo.processInfo.environment)
            {
            case .file(let path): try SQLiteStore(path: path)
            case .postgres(let url): try await PostgresStore.open(url)
            }
            let ids = try await Self.storeItems(items, in: store)
            var stored = Simulation(items: items, days: days, newPerDay: newPerDay, start: start, seed: seed)
            var loads = 0.0
            stored.onDayStart = {
                // What `review next` reads each time: every card of the subject with its memory.
                let t = clock.now
                _ = try? await store.studyCards(subjectTitle: "Benchmark")
                loads += (clock.now - t).seconds
            }
            let storeBegan = clock.now
            var failures = 0
            let result = await stored.run { index, memory, rating, at, fuzz in
                do {
                    return try await store.recordReview(itemID: ids[index], rating: rating, at: at, durationMs: 0) { stored in
                        scheduler.review(stored, rating: rating, at: at, random: { fuzz })
                    }.after
                } catch {
                    failures += 1
                    return scheduler.review(memory, rating: rating, at: at, random: { fuzz })
                }
            }
            let seconds = (clock.now - storeBegan).seconds
            let usage = ResourceUsage.now()
            let logged = try await store.reviewLog(subjectTitle: "Benchmark").count
            table.add(["through the store", "\(result.reviews)", fmt(seconds, 2), fmt(Double(result.reviews) / seconds, 0), fmt(seconds / Double(result.reviews) * 1e6, 1), fmt(Double(usage.maxRSSKB) / 1024, 0)])
            print(table.text)
            print("store: \(logged) review-log lines (\(failures) failed writes); reading all \(items) cards once per day: \(fmt(loads / Double(days) * 1000, 1)) ms a day")
            print("same year both runs: \(result == memory ? "yes" : "NO")")
        } else {
            print(table.text)
        }
        print("year: \(memory.reviews) reviews, \(memory.lapses) lapses, mean reviews per item \(fmt(Double(memory.reviews) / Double(items), 1)), busiest day \(memory.busiestDay) reviews")
    }

    /// A subject with `count` flashcards in one subtopic; their item ids in order.
    static func storeItems(_ count: Int, in store: any Store) async throws -> [Int64] {
        let subject = try await store.upsertSubject(title: "Benchmark", notes: "", kind: .general, instructions: "")
        let plan = try await store.replacePlan(
            subjectID: subject.id, plan: Plan(topics: [PlanTopic(title: "All", subtopics: ["Items"])]),
            generation: GenerationRecord(family: "plan", familyVersion: 1, familyHash: "bench", provider: "bench", model: "bench", attempts: [], status: .ok))
        try await store.saveContent(
            subjectID: subject.id, subtopicID: plan[0].subtopics[0].id,
            output: .pairs((0..<count).map { PairItem(front: "Question \($0)", back: "Answer \($0)") }),
            generation: GenerationRecord(family: "flashcards", familyVersion: 1, familyHash: "bench", provider: "bench", model: "bench", attempts: [], status: .ok))
        return try await store.studyCards(subjectTitle: "Benchmark").map(\.id)
    }
}

/// The simulated year: which items are due each day, and the learner's answers.
struct Simulation {
    struct Result: Equatable {
        var reviews = 0
        var lapses = 0
        var busiestDay = 0
    }

    let items: Int
    let days: Int
    let newPerDay: Int
    let start: Date
    var random: SplitMix64
    let scheduler = FSRSScheduler()
    var onDayStart: () async -> Void = {}

    init(items: Int, days: Int, newPerDay: Int, start: Date, seed: UInt64) {
        (self.items, self.days, self.newPerDay, self.start) = (items, days, newPerDay, start)
        random = SplitMix64(seed: seed)
    }

    /// Runs the year; `review(index, memory, rating, at, fuzz)` returns the item's next memory
    /// (`fuzz`: the scheduler's draw, so both runs fuzz alike).
    mutating func run(_ review: (Int, ItemMemory?, ReviewRating, Date, Double) async -> ItemMemory) async -> Result {
        var memories = [ItemMemory?](repeating: nil, count: items)
        var introduced = 0
        var result = Result()
        for day in 0..<days {
            await onDayStart()
            introduced = min(items, introduced + newPerDay)
            let dayStart = start.addingTimeInterval(Double(day) * 86_400)
            let dayEnd = dayStart.addingTimeInterval(86_400)
            var now = dayStart.addingTimeInterval(9 * 3_600)
            var today = 0
            // Passes over the due items until none is due before the day ends (learning steps).
            while now < dayEnd {
                let due = (0..<introduced).filter { memories[$0].map { $0.state.due <= now } ?? true }
                if due.isEmpty {
                    // The next learning step today, if any.
                    guard let next = (0..<introduced).compactMap({ memories[$0]?.state.due }).filter({ $0 > now && $0 < dayEnd }).min() else { break }
                    now = next
                    continue
                }
                for index in due {
                    let recall = memories[index].map { scheduler.retrievability($0.state, at: now) } ?? 0.6
                    let rating: ReviewRating
                    if random.unit() >= recall {
                        rating = .again
                    } else {
                        let draw = random.unit()
                        rating = draw < 0.15 ? .hard : draw < 0.85 ? .good : .easy
                    }
                    let next = await review(index, memories[index], rating, now, random.unit())
                    if next.lapses > (memories[index]?.lapses ?? 0) { result.lapses += 1 }
                    memories[index] = next
                    result.reviews += 1
                    today += 1
                    now = now.addingTimeInterval(8)  // eight seconds a review
                }
            }
            result.busiestDay = max(result.busiestDay, today)
        }
        return result
    }
}

