import Foundation
import PrimerCore
import PrimerImport
import PrimerGeneration

/// What `primer import` did: cards stored, or cards written from notes.
public enum ImportResult: Sendable, Encodable {
    case cards(ImportReport)
    case notes(NotesImportReport)

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .cards(let report): try report.encode(to: encoder)
        case .notes(let report): try report.encode(to: encoder)
        }
    }
}

/// What `primer import` did with a file of cards.
public struct ImportReport: Sendable, Encodable {
    public var subject: String
    public var file: String
    public var format: String
    public var subjectCreated: Bool
    /// Items stored.
    public var added: Int
    /// Of those, items that came with reviews, and the reviews.
    public var withHistory: Int
    public var reviews: Int
    /// Skipped: the same text as a stored item or an earlier card of the file.
    public var duplicates: Int
    /// Skipped by meaning (`--embedder`): the near-duplicate gate's rule.
    public var nearDuplicates: Int
    /// Cards of the file that cannot be studied here, counted by why.
    public var unreadable: [String: Int]
    /// Where the items went: "Topic › Subtopic" with the count, in order.
    public var placed: [Placement]

    public struct Placement: Sendable, Encodable, Equatable {
        public var topic: String
        public var subtopic: String
        public var items: Int
    }
}

extension Workspace {
    /// Imports the cards of a file (CSV, Quizlet, Anki text, .apkg) into a subject, creating it
    /// when it is new. Cards go to `subtopic` when given (made under "Imported" when the plan has
    /// none of that name), else to their deck's topic and subtopic (a leading deck named as the
    /// subject is dropped, so Primer's own exports land where they came from), else to a subtopic
    /// named after the file. Pairs go to `family` (default `flashcards`), cloze notes to the
    /// cloze family. A card with reviews gets them in the log and the memory replayed from them.
    /// Cards whose text is already stored (or earlier in the file) are skipped, so importing a
    /// file twice adds nothing; with an embedder, so are near-duplicates. One transaction. A file
    /// of notes (`Note,Context`) is written into cards by the model instead (`importNotes`).
    public func importFile(
        _ path: String, subject title: String, subtopic: String? = nil, family: String? = nil, provider: String? = nil, now: Date = Date(),
        progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }
    ) async throws -> ImportResult {
        let url = URL(fileURLWithPath: path)
        let deck: ImportedDeck
        do { deck = try await ImportReader.read(url) } catch let error as ImportError {
            throw WorkspaceError(error.kind == .toolMissing ? .unavailable : .invalid, error.message)
        }
        let title = SubjectTitle.normalized(title)
        guard !title.isEmpty else { throw WorkspaceError("the subject title is empty; name the subject to import into with --subject") }
        if !deck.notes.isEmpty {
            return .notes(try await importNotes(
                deck.notes, file: url, subject: title, subtopic: subtopic, family: family, provider: provider, unreadable: deck.unreadable,
                progress: progress))
        }
        return .cards(try await importCards(deck, file: url, subject: title, subtopic: subtopic, family: family, now: now))
    }

    func importCards(_ deck: ImportedDeck, file url: URL, subject title: String, subtopic: String?, family: String?, now: Date)
        async throws -> ImportReport
    {
        // Everything that can be refused is checked before the subject is made.
        let families = try locations.families(config: config)
        let placeFamily = try Self.importFamilies(families, chosen: family)
        let subtopic = try subtopic.map { try Self.required($0, "the subtopic name") }
        let embedder = try embedder()
        let store = try await store()
        let existing = try await store.subject(titled: title)
        let plan = if let existing { try await store.plan(subjectID: existing.id) } else { [StoredTopic]() }
        let named = subtopic.map { Self.place(named: $0, in: plan) }
        let stored = if let existing { try await store.subjectItems(subjectID: existing.id) } else { [SubjectItem]() }
        var seen = Set(stored.map(\.content.importKey))
        var fresh = deck.cards.filter { seen.insert($0.content.importKey).inserted }
        var duplicates = deck.cards.count - fresh.count
        var nearDuplicates = 0
        if let embedder, !fresh.isEmpty {
            let repeats = try await NearDuplicateGate.repeats(
                of: fresh.map(\.content), stored: stored.map(\.content), embedder: CachingEmbedder(base: embedder, cache: store))
            nearDuplicates = repeats.count
            fresh = fresh.enumerated().filter { !repeats.contains($0.offset) }.map(\.element)
        }
        let scheduler = if let existing { try await scheduler(forSubjectID: existing.id) } else { try await learnerScheduler() }
        var unreadable = deck.unreadable
        let stem = url.deletingPathExtension().lastPathComponent
        // Primer's own exports tag each note `primer` and its family: labels, not the learner's tags.
        let familyTags = Set(families.families.map { $0.name.lowercased() } + ["primer"])
        let items = fresh.map { card -> ImportedItem in
            let tags = card.tags.contains("primer") ? card.tags.filter { !familyTags.contains($0.lowercased()) } : card.tags
            let (topic, subtopic) = named ?? Self.place(card.deck, subject: title, fileStem: stem)
            let past = card.reviews.filter { Self.reviewTimes.contains($0.time) && $0.time <= now }
            for review in card.reviews where !past.contains(review) {
                unreadable[review.time > now ? "a review dated after now" : "a review dated before 2000", default: 0] += 1
            }
            let (memory, log) = scheduler.replay(past)
            return ImportedItem(
                topic: topic, subtopic: subtopic, family: placeFamily(card.content.shape), content: card.content, tags: tags,
                memory: memory, reviews: log)
        }
        guard !items.isEmpty else {
            return ImportReport(
                subject: existing?.title ?? title, file: url.lastPathComponent, format: deck.format.rawValue, subjectCreated: false, added: 0,
                withHistory: 0, reviews: 0, duplicates: duplicates, nearDuplicates: nearDuplicates, unreadable: unreadable, placed: [])
        }
        let subject = if let existing { existing } else {
            try await store.upsertSubject(title: title, notes: "", kind: SubjectClassifier.classify(title: title).kind, instructions: "")
        }
        let ids: [Int64?]
        do {
            ids = try await store.importItems(subjectID: subject.id, items: items, at: now)
        } catch {
            // A subject made for this import goes with it when the import fails.
            if existing == nil { _ = try? await store.deleteSubject(title: subject.title) }
            throw error
        }
        // Skipped in the transaction: another import stored them meanwhile.
        duplicates += ids.filter { $0 == nil }.count
        let added = zip(items, ids).filter { $0.1 != nil }.map(\.0)
        var placed: [ImportReport.Placement] = []
        for item in added {
            if let index = placed.firstIndex(where: { $0.topic == item.topic && $0.subtopic == item.subtopic }) {
                placed[index].items += 1
            } else {
                placed.append(.init(topic: item.topic, subtopic: item.subtopic, items: 1))
            }
        }
        return ImportReport(
            subject: subject.title, file: url.lastPathComponent, format: deck.format.rawValue, subjectCreated: existing == nil,
            added: added.count, withHistory: added.filter { !$0.reviews.isEmpty }.count, reviews: added.map { $0.reviews.count }.reduce(0, +),
            duplicates: duplicates, nearDuplicates: nearDuplicates, unreadable: unreadable, placed: placed)
    }

    /// When an imported review may have happened: from 2000 (Anki's first release was 2006) to
    /// now. Older dates are a damaged or crafted log, and would not be stored as they are.
    static let reviewTimes = Date(timeIntervalSince1970: 946_684_800)...Date.distantFuture

    /// The topic of imported cards that name no place of their own.
    static let importTopic = "Imported"

    /// The subtopic a learner names: the plan's of that name (case aside), else a new one under
    /// "Imported".
    static func place(named name: String, in plan: [StoredTopic]) -> (String, String) {
        plan.flatMap { topic in topic.subtopics.map { (topic.title, $0.title) } }.first { $0.1.lowercased() == name.lowercased() }
            ?? (importTopic, name)
    }

    /// A deck path as a topic and subtopic: a first part named as the subject is dropped; the last
    /// two parts are the topic and subtopic; one part is a subtopic of "Imported"; none, the file.
    static func place(_ deck: [String], subject: String, fileStem: String) -> (String, String) {
        var parts = deck
        if parts.count > 1, parts[0].lowercased() == subject.lowercased() { parts.removeFirst() }
        switch parts.count {
        case 0: return (importTopic, fileStem)
        case 1: return (importTopic, parts[0])
        default: return (parts[parts.count - 2], parts[parts.count - 1])
        }
    }

    /// The family each shape of imported card goes to: `chosen` for its shape, else flashcards (or
    /// the first pair family) for pairs and the first cloze family for cloze notes.
    static func importFamilies(_ families: FamilySet, chosen: String?) throws -> (Shape) -> String {
        let pairs = families.families.filter { $0.shape == .pair }.map(\.name)
        let clozes = families.families.filter { $0.shape == .cloze }.map(\.name)
        var pair = pairs.contains("flashcards") ? "flashcards" : pairs.first
        var cloze = clozes.first
        if let chosen {
            guard let declared = families.family(named: chosen) else {
                throw WorkspaceError(.notFound, "there is no family '\(chosen.excerpt(40))'; imported cards go into one of: \((pairs + clozes).joined(separator: ", "))")
            }
            switch declared.shape {
            case .pair: pair = declared.name
            case .cloze: cloze = declared.name
            default:
                throw WorkspaceError(
                    "family '\(declared.name)' holds \(declared.shape.rawValue) items; imported cards go into a family of flashcards (\(pairs.joined(separator: ", "))) or cloze notes (\(clozes.joined(separator: ", ")))")
            }
        }
        let pairFamily = pair ?? "flashcards", clozeFamily = cloze ?? "cloze"
        return { $0 == .cloze ? clozeFamily : pairFamily }
    }
}
