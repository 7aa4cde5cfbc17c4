import Foundation
import OpenAPIRuntime
import PrimerApp
import PrimerCore
import PrimerExport
import PrimerGeneration

extension PrimerAPI {
    func submitQuiz(_ input: Operations.SubmitQuiz.Input) async throws -> Operations.SubmitQuiz.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the answers as JSON.") }
        guard (1...200).contains(body.answers.count) else { throw APIError.invalid("A quiz has 1 to 200 answers.") }
        guard Set(body.answers.map(\.itemId)).count == body.answers.count else {
            throw APIError.invalid("Each question is answered once; an itemId appears twice.")
        }
        var questions: [StudyCard] = []
        var answers: [QuizAnswer] = []
        let library = try await workspace.library()
        for answer in body.answers {
            // Another subject's question is not in this quiz, whoever owns it.
            let card: StudyCard
            do { card = try await library.item(ItemID(answer.itemId)) } catch let error as WorkspaceError where error.kind == .notFound {
                throw APIError.notFound("question in ‘\(subject.title)’")
            }
            guard card.subject == subject.title else { throw APIError.notFound("question in ‘\(subject.title)’") }
            switch (card.content.choice, card.content.answerHint, answer.choice, answer.answer) {
            case (let question?, _, let index?, nil):
                guard question.choices.indices.contains(index) else {
                    throw APIError.invalid("Question \(answer.itemId) has choices 0 to \(question.choices.count - 1), not \(index).")
                }
                answers.append(.choice(index))
            case (nil, let hint?, nil, let typed?):
                guard !typed.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw APIError.invalid("Exercise \(answer.itemId) has an empty answer; type \(hint).")
                }
                answers.append(.exercise(typed))
            case (_?, _, _, _):
                throw APIError.invalid("Item \(answer.itemId) is a choice question: send `choice` (0 = A) only.")
            case (nil, let hint?, _, _):
                throw APIError.invalid("Item \(answer.itemId) is an exercise: send `answer` only, as \(hint).")
            case (nil, nil, _, _):
                throw APIError.invalid("Item \(answer.itemId) is not a quiz question or an exercise.")
            }
            questions.append(card)
        }
        let graded = try await workspace.recordQuiz(subject: subject.title, subtopic: body.subtopic, questions: questions, answers: answers)
        let results = zip(body.answers, graded.answers).map { answer, result in
            Components.Schemas.GradedQuiz.AnswersPayloadPayload(
                itemId: answer.itemId, question: result.question, chosen: result.chosenIndex, correct: result.correctIndex,
                right: result.right, explanation: result.explanation, feedback: result.feedback)
        }
        return .created(
            .init(
                body: .json(
                    .init(
                        questions: graded.questions, correct: graded.correct, scorePercent: graded.scorePercent,
                        passPercent: graded.passPercent, passed: graded.passed, answers: results))))
    }

    func getStats(_ input: Operations.GetStats.Input) async throws -> Operations.GetStats.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        guard let progress = try await workspace.progress(subject: subject.title).first else { throw APIError.notFound("subject") }
        let history = try await workspace.studyHistory(subject: subject.title, days: input.query.days ?? 90, timeZone: input.query.timeZone)
        return .ok(
            .init(
                body: .json(
                    .init(
                        deck: Self.schema(progress.progress), streakDays: progress.streakDays, quizzes: progress.quizzes,
                        quizzesPassed: progress.quizzesPassed, lastQuizPercent: progress.lastQuizPercent,
                        topics: progress.topics.map { .init(deck: Self.schema($0.progress), subtopics: $0.subtopics.map(Self.schema)) },
                        history: Self.schema(history)))))
    }

    /// A subject's history as the API shows it.
    static func schema(_ history: StudyHistory) -> Components.Schemas.Stats.HistoryPayload {
        .init(
            days: history.days.map {
                .init(date: $0.date, reviews: $0.reviews, learntReviews: $0.learntReviews, recalled: $0.recalled, knowledgePercent: $0.knowledgePercent)
            },
            forecast: history.forecast.map { .init(date: $0.date, due: $0.due) },
            mastery: .init(new: history.mastery.new, learning: history.mastery.learning, young: history.mastery.young, mature: history.mastery.mature))
    }

    func getDue(_ input: Operations.GetDue.Input) async throws -> Operations.GetDue.Output {
        let (_, workspace) = try caller()
        let days = input.query.days ?? 7
        guard (1...60).contains(days) else { throw APIError.invalid("days is 1 to 60, not \(days).") }
        let ids = Dictionary(try await workspace.subjects().map { ($0.title, $0.id) }, uniquingKeysWith: { a, _ in a })
        let forecast = try await workspace.dueForecast(days: days).map { subject in
            Components.Schemas.DueForecast(
                subjectId: ids[subject.subject] ?? 0, title: subject.subject, new: subject.new, dueNow: subject.dueNow,
                dueToday: subject.dueToday, days: subject.days.map { .init(date: $0.date, due: $0.due) })
        }
        return .ok(.init(body: .json(.init(subjects: forecast))))
    }

    func exportSubject(_ input: Operations.ExportSubject.Input) async throws -> Operations.ExportSubject.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = Workspace.fileName(subject.title)
        let file: URL
        switch input.query.format {
        case .reviewLog:
            file = try await workspace.exportReviewLog(subject.title, to: folder.appendingPathComponent("\(name)-review-log.csv")).file
        case .apkg:
            file = try await workspace.export([subject.title], format: .apkg, to: folder.appendingPathComponent("\(name).apkg"), withScheduling: true).file
        case .markdown:
            file = try await workspace.export([subject.title], format: .markdown, to: folder.appendingPathComponent("\(name).md")).file
        case .json:
            file = try await workspace.export([subject.title], format: .json, to: folder.appendingPathComponent("\(name).json")).file
        }
        let data = try Data(contentsOf: file)
        Caller.headers?.set(.contentDisposition, Self.attachment(file.lastPathComponent))
        return .ok(.init(body: .binary(HTTPBody(data))))
    }

    static func schema(_ deck: DeckProgress) -> Components.Schemas.Deck {
        .init(
            title: deck.title, cards: deck.cards, new: deck.new, knowledgePercent: deck.knowledgePercent, dueToday: deck.dueToday,
            reviews: deck.reviews, trueRetentionPercent: deck.trueRetentionPercent, lapses: deck.lapses)
    }

    /// `Content-Disposition` for a download (RFC 6266): an ASCII `filename` for old clients,
    /// quotes and controls left out, and the real name as UTF-8 in `filename*`.
    static func attachment(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0.value != 0x7F ? Character($0) : "_" })
        let allowed = CharacterSet(charactersIn: "!#$&+-.^_`|~").union(.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0x21)!...Unicode.Scalar(0x7E)!)))
        let encoded = name.addingPercentEncoding(withAllowedCharacters: allowed) ?? ascii
        return "attachment; filename=\"\(ascii)\"; filename*=UTF-8''\(encoded)"
    }
}

extension PrimerAPI {
    func getQuiz(_ input: Operations.GetQuiz.Input) async throws -> Operations.GetQuiz.Output {
        let (_, workspace) = try caller()
        if let limit = input.query.limit, !(1...200).contains(limit) { throw APIError.invalid("limit is 1 to 200, not \(limit).") }
        let questions = try await workspace.study().quiz(SubjectID(input.path.subjectId), subtopic: input.query.subtopic, limit: input.query.limit)
        // What a learner sees before answering: the question and its choices, or the exercise as
        // shown with how to type the answer — never the key.
        return .ok(.init(body: .json(.init(questions: questions.map { card in
            let choice = card.content.choice
            return .init(
                itemId: card.id, shape: card.content.shape.rawValue, question: choice?.question ?? card.faces.front, choices: choice?.choices,
                answerHint: card.content.answerHint)
        }))))
    }
}
