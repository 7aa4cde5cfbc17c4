import Foundation
import PrimerCore

extension Workspace {
    /// Progress of one subject, or of every subject with cards when nil. The store sums the
    /// cards and the log (`LearnerStore.progressSums`): on 100,000 cards reading each card took
    /// 1.2 s (BENCHMARKS.md (x)).
    public func progress(subject: String? = nil, now: Date = Date(), calendar: Calendar = .current) async throws -> [SubjectProgress] {
        let store = try await readingStore()
        let subjects: [(id: Int64, title: String)]
        if let subject {
            guard let stored = try await store.subject(titled: subject) else { throw Self.noSubject(subject) }
            subjects = [(stored.id, stored.title)]
        } else {
            subjects = try await store.listSubjects().map { ($0.id, $0.title) }
        }
        let quizzes = Dictionary(grouping: try await store.quizAttempts(subjectTitle: subject), by: \.subject)
        let endOfToday = calendar.startOfDay(for: now).addingTimeInterval(86_400)
        var progress: [SubjectProgress] = []
        for stored in subjects {
            // Recall is predicted with the parameters that schedule the subject.
            let scheduler = try await scheduler(forSubject: stored.title)
            let sums = try await store.progressSums(
                subjectID: stored.id, now: now, endOfToday: endOfToday, curve: scheduler.recallCurve, leechLapses: studyPolicy.leechLapses)
            guard subject != nil || sums.subtopics.contains(where: { $0.cards > 0 }) else { continue }
            var one = StudyProgress.subject(
                stored.title, sums: sums, streakDays: try await streak(store, subjectID: stored.id, now: now, calendar: calendar),
                quizzes: (quizzes[stored.title] ?? []).map { (Double($0.correct) * 100 / Double(max(1, $0.questions)), $0.passed) })
            one.parameters = try await fittedParameters(subject: stored.title).map { ParametersInUse($0.fitted, own: $0.own) }
            progress.append(one)
        }
        return progress
    }

    /// The subject's streak, from the days with reviews of the last 32 days, or of twice as many
    /// while the streak reaches back to the start of what was read.
    private func streak(_ store: any Store, subjectID: Int64, now: Date, calendar: Calendar) async throws -> Int {
        var window = 32
        while true {
            let since = calendar.date(byAdding: .day, value: -window, to: calendar.startOfDay(for: now))!
            let days = Set(try await store.reviewQuarters(subjectID: subjectID, since: since).map { calendar.startOfDay(for: $0) })
            let streak = StudyProgress.streak(days: days, now: now, calendar: calendar)
            // A streak shorter than the window ended inside it; a longer one may go on before it.
            if streak < window - 1 { return streak }
            window *= 2
        }
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
        let studied = try await store.studiedMemories(subjectTitle: stored.title)
        return StudyHistory.of(
            memories: studied.memories, new: studied.new[stored.title] ?? 0, log: try await store.reviewLog(subjectTitle: stored.title),
            days: days, forecastDays: 30, now: now, scheduler: try await scheduler(forSubject: stored.title), calendar: calendar)
    }

    /// Due counts of every subject with cards: now, today and on each of the next `days` days.
    public func dueForecast(days: Int, now: Date = Date()) async throws -> [DueForecast] {
        let store = try await readingStore()
        let studied = try await store.studiedMemories(subjectTitle: nil)
        let memories = Dictionary(grouping: studied.memories, by: \.subject)
        return try await store.listSubjects().map(\.title).compactMap { title in
            let new = studied.new[title] ?? 0
            guard memories[title] != nil || new > 0 else { return nil }
            return StudyProgress.forecast(title, memories: memories[title] ?? [], new: new, days: days, now: now)
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
