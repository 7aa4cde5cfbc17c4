import Foundation
import PrimerCore

extension Workspace {
    /// Progress of one subject, or of every subject with cards when nil.
    public func progress(subject: String? = nil, now: Date = Date()) async throws -> [SubjectProgress] {
        let store = try await readingStore()
        let titles: [String]
        if let subject {
            guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
            titles = [stored.title]
        } else {
            titles = try await store.listSubjects().map(\.title)
        }
        let cards = Dictionary(grouping: try await store.studyCards(subjectTitle: subject), by: \.subject)
        let log = Dictionary(grouping: try await store.reviewLog(subjectTitle: subject), by: \.subject)
        let quizzes = Dictionary(grouping: try await store.quizAttempts(subjectTitle: subject), by: \.subject)
        var progress: [SubjectProgress] = []
        for title in titles where subject != nil || cards[title] != nil {
            // Recall is predicted with the parameters that schedule the subject.
            var policy = studyPolicy
            policy.scheduler = try await scheduler(forSubject: title)
            var one = StudyProgress.subject(
                title, cards: cards[title] ?? [], log: log[title] ?? [],
                quizzes: (quizzes[title] ?? []).map { (Double($0.correct) * 100 / Double(max(1, $0.questions)), $0.passed) },
                now: now, policy: policy)
            one.parameters = try await fittedParameters(subject: title).map { ParametersInUse($0.fitted, own: $0.own) }
            progress.append(one)
        }
        return progress
    }

    /// A subject's study over the last `days` days and the next 30 (`StudyHistory`), its
    /// recall predicted with the parameters that schedule it.
    /// Days are the learner's when `timeZone` (an IANA name, "Europe/Berlin") is given, else this
    /// machine's.
    public func studyHistory(subject: String, days: Int = 90, timeZone: String? = nil, now: Date = Date()) async throws -> StudyHistory {
        guard (1...365).contains(days) else { throw WorkspaceError("a history covers 1 to 365 days, not \(days)") }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        if let timeZone {
            guard let zone = TimeZone(identifier: timeZone) else {
                throw WorkspaceError("‘\(timeZone)’ is not a time zone; give an IANA name such as Europe/Berlin")
            }
            calendar.timeZone = zone
        }
        let store = try await readingStore()
        guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
        return StudyHistory.of(
            cards: try await store.studyCards(subjectTitle: stored.title), log: try await store.reviewLog(subjectTitle: stored.title),
            days: days, forecastDays: 30, now: now, scheduler: try await scheduler(forSubject: stored.title), calendar: calendar)
    }

    /// Due counts of every subject with cards: now, today and on each of the next `days` days.
    public func dueForecast(days: Int, now: Date = Date()) async throws -> [DueForecast] {
        let store = try await readingStore()
        let cards = Dictionary(grouping: try await store.studyCards(subjectTitle: nil), by: \.subject)
        return try await store.listSubjects().map(\.title).compactMap { title in
            cards[title].map { StudyProgress.forecast(title, cards: $0, days: days, now: now) }
        }
    }

    /// Writes the review log of one subject (nil: of all) in the FSRS optimizer's CSV —
    /// card_id, review_time (ms), review_rating (1–4), review_state (0 new, 1 learning, 2
    /// review, 3 relearning), review_duration (ms) — to `file` (default:
    /// <subject>-review-log.csv, or primer-review-log.csv, in the current folder).
    public func exportReviewLog(_ subject: String?, to file: URL?) async throws -> (file: URL, reviews: Int) {
        let store = try await readingStore()
        if let subject, try await store.subject(titled: subject) == nil { throw Self.noSubject(subject) }
        let name = subject.map { "\(Self.fileName($0))-review-log" } ?? "primer-review-log"
        let url = file ?? locations.currentDirectory.appendingPathComponent("\(name).csv")
        let entries = try await store.reviewLog(subjectTitle: subject)
        var csv = "card_id,review_time,review_rating,review_state,review_duration\n"
        for entry in entries {
            csv += "\(entry.itemID),\(entry.reviewTimeMs),\(entry.rating.rawValue),\(entry.state),\(entry.durationMs)\n"
        }
        do {
            try OutputFile.write(Data(csv.utf8), to: url)
        } catch let error as OutputFileError {
            throw WorkspaceError("\(error)")
        }
        return (url, entries.count)
    }
}
