import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore

extension StudyMode: ExpressibleByArgument {}

/// `primer study "<subject>"` runs a session (the default subcommand); `primer study optimize`
/// fits the scheduler to the learner's log.
struct StudyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "study",
        abstract: "Study a subject's cards in the terminal, or fit the scheduler to your review log (study optimize).",
        subcommands: [StudySessionCommand.self, OptimizeCommand.self], defaultSubcommand: StudySessionCommand.self)
}

struct StudySessionCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Study a subject's cards in the terminal: flip, hint, rate 1–4 (or sort into three buckets with --buckets).",
        discussion: """
            Keys: space or enter shows the answer, h the hint, e an explanation (from the subtopic's lesson and the subject's documents, with sources; asks --provider), 1 again, 2 hard, 3 good, 4 easy, q quits (every rating so far is kept).
            With --buckets: 1 need to review (back a quarter of the way in), 2 starting to understand (back halfway), 3 easy (set aside); the session ends when every card is set aside.
            Modes: due (due cards, then new ones), all, unknown (not marked known and below the desired retention), quick (the 10 studied cards you are likeliest to forget), new.
            """)

    @Argument(help: "The subject title.")
    var subject: String
    @Option(help: "Only this subtopic.")
    var subtopic: String?
    @Option(help: "Only this family's cards (flashcards, terms, matching, ordering…), of those the mode picks.")
    var family: String?
    @Option(help: "due, all, unknown, quick or new.")
    var mode = StudyMode.due
    @Option(parsing: .unconditional, help: "At most this many cards.")
    var limit: Int?
    @Flag(help: "Sort cards into three buckets instead of rating them 1–4.")
    var buckets = false
    @Option(help: "The provider the e key's explanations ask (default: $PRIMER_PROVIDER, primer.yaml, else llama-local).")
    var provider: String?
    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var promptsOptions: PromptsOptions
    @OptionGroup var pluginsOptions: PluginsOptions
    @OptionGroup var embedderOptions: EmbedderOptions

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
    }

    func run() async throws {
        let workspace = try openWorkspace(configOptions, storeOptions, promptsOptions, pluginsOptions, embedderOptions)
        var cards = try await workspace.studyQueue(subject: subject, subtopic: subtopic, mode: mode, limit: family == nil ? limit : nil)
        if let family {
            cards = Array(cards.filter { $0.family == FamilyAlias.canonical(family) }.prefix(limit ?? .max))
        }
        if cards.isEmpty {
            Console.out("Nothing to study in '\(subject)' (mode \(mode.rawValue)).")
            if let next = StudyQueue.nextDue(try await workspace.studyCards(subject: subject, subtopic: subtopic), after: Date()) {
                Console.out("Next card due \(StudyOutput.when(next)).")
            }
            return
        }
        let keys = try TerminalKeys(command: "study")
        defer { keys.restore() }
        var session = StudySession(workspace: workspace, keys: keys, provider: workspace.providerName(provider))
        try await LocalServers.stoppingAfter {
            if buckets { try await session.runBuckets(cards) } else { try await session.runRatings(cards) }
        }
        session.printSummary()
    }
}

/// One terminal session over a list of cards; every rating is stored as it is given.
struct StudySession {
    let workspace: Workspace
    let keys: TerminalKeys
    /// The provider explanations ask.
    let provider: String
    var ratings: [ReviewRating: Int] = [:]
    var seen = Set<Int64>()
    var quit = false
    let started = Date()
    /// When the current card's front was shown: the review's duration runs from here.
    var shownAt = Date()

    /// FSRS ratings; a card whose next step is due within 20 minutes (Anki's learn-ahead limit)
    /// comes back at the end of the session.
    mutating func runRatings(_ cards: [StudyCard]) async throws {
        var queue = cards
        while !queue.isEmpty, !quit {
            let card = queue.removeFirst()
            let progress = "\(seen.union([card.id]).count)/\(cards.count)"
            // Each rating's interval on its choice, as Anki shows it on its buttons.
            let now = Date()
            let intervals = try await workspace.intervals(for: [card], now: now)[0]
            let choices = ReviewRating.allCases.map { rating in
                ("\(rating.rawValue)", "\(rating.name) (\(StudyOutput.relative(now.addingTimeInterval(intervals[rating]), from: now)))")
            }
            guard let rating = try await ask(card, progress: progress, choices: choices)
                .flatMap({ Int(String($0)) }).flatMap(ReviewRating.init(rawValue:)) else { break }
            let rated = try await record(card, rating)
            let due = rated.card.memory!.state.due
            Console.out("  \(rating.name) — due \(StudyOutput.relative(due))\n")
            if due.timeIntervalSinceNow < 20 * 60 { queue.append(rated.card) }
        }
    }

    /// The three buckets (`BucketDeck`).
    mutating func runBuckets(_ cards: [StudyCard]) async throws {
        var deck = BucketDeck(cards)
        while let card = deck.current, !quit {
            let progress = "\(deck.setAside.count) of \(cards.count) set aside"
            guard let key = try await ask(card, progress: progress, choices: [
                ("1", "need to review"), ("2", "starting to understand"), ("3", "easy"),
            ]), let bucket = Int(String(key)).flatMap(BucketDeck<StudyCard>.Bucket.init(rawValue:)) else { break }
            try await record(card, bucket.rating)
            deck.sort(into: bucket)
            Console.out("  \(bucket == .easy ? "set aside" : bucket == .review ? "back a quarter of the way in" : "back halfway")\n")
        }
        if deck.isFinished { Console.out("Every card is set aside.") }
    }

    /// Shows the front, flips on space/enter (hint on h), then waits for one of `choices` (e
    /// explains the card first). Nil when the learner quits.
    private mutating func ask(_ card: StudyCard, progress: String, choices: [(String, String)]) async throws -> Character? {
        let faces = card.faces
        shownAt = Date()
        Console.out("[\(progress)] \(card.topic) › \(card.subtopic) · \(card.family)")
        Console.out(faces.front)
        let exercise = card.content.isExercise
        Console.out(
            exercise ? "(a: type your answer, space: show answer, q: quit)"
                : faces.hint == nil ? "(space: show answer, q: quit)" : "(space: show answer, h: hint, q: quit)")
        var flipped = false
        while !flipped {
            switch keys.next(oneOf: Set<Character>([" ", "\n", "\r", "h", "q"]).union(exercise ? ["a"] : [])) {
            case "a":
                // An exercise is answered part by part: the check shows each part and suggests
                // a rating; the learner still gives it.
                Console.out("Your answer (\(card.content.answerHint ?? "")):")
                guard let answer = keys.line() else {
                    quit = true
                    return nil
                }
                if let check = card.content.check(answer: answer) {
                    for line in check.feedback { Console.out("  \(line)") }
                    Console.out("\(check.right) of \(check.total) right — suggested: \(check.suggestedRating.name)")
                }
                flipped = true
            case "h":
                if let hint = faces.hint { Console.out("Hint: \(hint)") }
            case "q", nil:
                quit = true
                return nil
            default:
                flipped = true
            }
        }
        Console.out("— \(faces.back)")
        // Where the answer comes from, when a document says it.
        if let source = card.supportedBy, source.url.hasPrefix("document:") { Console.out("  from \(source.title)") }
        Console.out(choices.map { "\($0.0) \($0.1)" }.joined(separator: "   ") + "   e explain   q quit")
        let allowed = Set(choices.map { Character($0.0) } + ["e", "q"])
        while true {
            guard let key = keys.next(oneOf: allowed), key != "q" else {
                quit = true
                return nil
            }
            guard key == "e" else { return key }
            Console.out("Explaining…")
            do {
                for line in AnswerOutput.lines(try await workspace.explain(card.key, providerName: provider)) { Console.out(line) }
            } catch {
                // The session goes on: a provider that is down costs the explanation, not the reviews.
                Console.out("No explanation: \(error)")
            }
            Console.out(choices.map { "\($0.0) \($0.1)" }.joined(separator: "   ") + "   q quit")
        }
    }

    @discardableResult
    private mutating func record(_ card: StudyCard, _ rating: ReviewRating) async throws -> RatedCard {
        let rated = try await workspace.rate(card.key, rating, durationMs: min(Workspace.longestReviewMs, Int(Date().timeIntervalSince(shownAt) * 1000)))
        ratings[rating, default: 0] += 1
        seen.insert(card.id)
        return rated
    }

    func printSummary() {
        let reviews = ratings.values.reduce(0, +)
        let minutes = Date().timeIntervalSince(started) / 60
        Console.out(quit ? "Stopped. Your ratings so far are kept." : "Session complete.")
        Console.out(
            "\(seen.count) card\(seen.count == 1 ? "" : "s"), \(reviews) review\(reviews == 1 ? "" : "s") in \(String(format: "%.1f", minutes)) min: "
                + ReviewRating.allCases.map { "\($0.name) \(ratings[$0] ?? 0)" }.joined(separator: ", "))
    }
}
