import Foundation
import PrimerApp
import PrimerCore

extension PrimerAPI {
    func getKit(_ input: Operations.GetKit.Input) async throws -> Operations.GetKit.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        let kit = try await workspace.kit(titled: subject.title)
        let cards = Dictionary(grouping: try await workspace.studyCards(subject: subject.title)) { [$0.topic, $0.subtopic] }
        let topics = kit.topics.map { topic in
            Components.Schemas.KitTopic(
                title: topic.title, overview: topic.overview,
                subtopics: topic.subtopics.map { subtopic in
                    .init(
                        title: subtopic.title, lesson: subtopic.lesson, sources: Self.lessonSources(subtopic),
                        items: (cards[[topic.title, subtopic.title]] ?? []).map(Self.schema))
                })
        }
        return .ok(.init(body: .json(.init(subject: try await subjectSchema(subject.id, workspace), topics: topics))))
    }

    /// What a subtopic's lesson was written from: its passages, then the provider's citations,
    /// each once. Only a web address is sent as a link.
    static func lessonSources(_ subtopic: KitSubtopic) -> [Components.Schemas.KitSubtopic.SourcesPayloadPayload] {
        var seen = Set<String>()
        return ((subtopic.lessonContent?.items.first?.sources ?? []) + subtopic.sources).compactMap { citation in
            guard seen.insert(citation.url).inserted else { return nil }
            let web = citation.url.hasPrefix("https://") || citation.url.hasPrefix("http://")
            return .init(label: citation.title.isEmpty ? citation.url : citation.title, text: citation.snippet, url: web ? citation.url : nil)
        }
    }

    func nextStudyItem(_ input: Operations.NextStudyItem.Input) async throws -> Operations.NextStudyItem.Output {
        let (_, workspace) = try caller()
        let daysAhead = input.query.daysAhead ?? 0
        guard (0...365).contains(daysAhead) else { throw APIError.invalid("daysAhead is 0 to 365, not \(daysAhead).") }
        let next = try await workspace.study().next(SubjectID(input.path.subjectId), daysAhead: daysAhead)
        return .ok(.init(body: .json(.init(item: Self.schema(next.item.card), due: next.due, intervals: Self.schema(next.item.intervals)))))
    }

    func studySession(_ input: Operations.StudySession.Input) async throws -> Operations.StudySession.Output {
        let (_, workspace) = try caller()
        let mode = input.query.mode.flatMap { StudyMode(rawValue: $0.rawValue) } ?? .due
        let daysAhead = input.query.daysAhead ?? 0
        guard (0...365).contains(daysAhead) else { throw APIError.invalid("daysAhead is 0 to 365, not \(daysAhead).") }
        if let limit = input.query.limit, !(1...500).contains(limit) { throw APIError.invalid("limit is 1 to 500, not \(limit).") }
        let items = try await workspace.study().session(
            SubjectID(input.path.subjectId), subtopic: input.query.subtopic, mode: mode, daysAhead: daysAhead, limit: input.query.limit ?? 100)
        return .ok(.init(body: .json(.init(mode: mode.rawValue, items: items.map { .init(item: Self.schema($0.card), intervals: Self.schema($0.intervals)) }))))
    }

    static func schema(_ intervals: RatingIntervals) -> Components.Schemas.Intervals {
        .init(again: intervals.again, hard: intervals.hard, good: intervals.good, easy: intervals.easy)
    }

    func rateItem(_ input: Operations.RateItem.Input) async throws -> Operations.RateItem.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the rating as JSON.") }
        guard let rating = ReviewRating(name: body.rating.rawValue) else { throw APIError.invalid("A rating is again, hard, good or easy.") }
        let ago = body.ratedMsAgo ?? 0
        guard (0...31_536_000_000).contains(ago) else { throw APIError.invalid("ratedMsAgo is 0 to a year in milliseconds, not \(ago).") }
        // No time (or 0 ms ago) is a rating made now: recorded after any the card already has.
        let rated = try await workspace.study().rate(
            ItemID(input.path.itemId), rating, at: ago == 0 ? nil : Date().addingTimeInterval(-Double(ago) / 1000), durationMs: body.durationMs ?? 0,
            clientKey: input.headers.idempotencyKey)
        return .ok(.init(body: .json(.init(
            item: Self.schema(rated.card), rating: body.rating.rawValue, intervalSeconds: rated.interval, repeated: rated.repeated))))
    }

    func checkItem(_ input: Operations.CheckItem.Input) async throws -> Operations.CheckItem.Output {
        let (_, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the answer as JSON.") }
        let check = try await workspace.study().check(ItemID(input.path.itemId), answer: body.answer)
        return .ok(.init(body: .json(.init(
            right: check.right, total: check.total, feedback: check.feedback,
            suggestedRating: .init(rawValue: "\(check.suggestedRating)") ?? .again))))
    }

    /// A studied item as the API shows it.
    static func schema(_ card: StudyCard) -> Components.Schemas.Item {
        let faces = card.faces
        let choice = card.content.choice
        // The first releases sent `pair` for anything not a question or a cloze; registered
        // shapes send their own name.
        let shape = card.content.shape == .lesson || card.content.shape == .outline ? "pair" : card.content.shape.rawValue
        return .init(
            id: card.id, key: card.key, topic: card.topic, subtopic: card.subtopic, family: card.family, shape: shape,
            fields: Self.fields(card.content), answerHint: card.content.answerHint,
            front: choice?.question ?? faces.front, back: faces.back, hint: faces.hint, choices: choice?.choices,
            correctIndex: choice?.correctIndex, state: Components.Schemas.Item.StatePayload(rawValue: card.stateName) ?? .new, due: card.memory?.state.due,
            known: card.known, edited: card.edited, addedByLearner: card.addedByLearner,
            source: card.supportedBy.map { .init(label: $0.title.isEmpty ? $0.url : $0.title, text: $0.snippet, url: $0.url) })
    }

    /// The item's fields by the shape's names, as the store keeps them (numbers as texts).
    static func fields(_ content: ItemContent) -> Components.Schemas.Item.FieldsPayload? {
        .init(additionalProperties: content.fieldValues.mapValues { value in
            switch value {
            case .text(let text): .case1(text)
            case .number(let number): .case1(String(number))
            case .list(let items): .case2(items)
            }
        })
    }
}
