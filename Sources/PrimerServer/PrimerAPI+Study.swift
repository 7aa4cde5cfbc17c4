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
                    .init(title: subtopic.title, lesson: subtopic.lesson, items: (cards[[topic.title, subtopic.title]] ?? []).map(Self.schema))
                })
        }
        return .ok(.init(body: .json(.init(subject: try await subjectSchema(subject.id, workspace), topics: topics))))
    }

    func nextStudyItem(_ input: Operations.NextStudyItem.Input) async throws -> Operations.NextStudyItem.Output {
        let (account, workspace) = try caller()
        let subject = try await ownedSubject(input.path.subjectId, of: account)
        let daysAhead = input.query.daysAhead ?? 0
        guard (0...365).contains(daysAhead) else { throw APIError.invalid("daysAhead is 0 to 365, not \(daysAhead).") }
        let next = try await workspace.nextCard(subject: subject.title, daysAhead: daysAhead)
        guard let card = next.card else {
            let when = next.nextDue.map { " until \(ISO8601DateFormatter().string(from: $0))" } ?? ""
            throw APIError(.notFound, "Nothing in ‘\(subject.title)’ is due\(when); study ahead with daysAhead.")
        }
        return .ok(.init(body: .json(.init(item: Self.schema(card), due: next.due))))
    }

    func rateItem(_ input: Operations.RateItem.Input) async throws -> Operations.RateItem.Output {
        let (account, workspace) = try caller()
        guard case .json(let body) = input.body else { throw APIError.invalid("Send the rating as JSON.") }
        _ = try await ownedItem(input.path.itemId, of: account)
        guard let rating = ReviewRating.allCases.first(where: { "\($0)" == body.rating.rawValue }) else { throw APIError.invalid("A rating is again, hard, good or easy.") }
        let rated = try await workspace.rate(ItemKey.of(input.path.itemId), rating, durationMs: body.durationMs ?? 0)
        return .ok(.init(body: .json(.init(item: Self.schema(rated.card), rating: body.rating.rawValue, intervalSeconds: rated.interval))))
    }

    /// A studied item as the API shows it.
    static func schema(_ card: StudyCard) -> Components.Schemas.Item {
        let faces = card.faces
        let choice = card.content.choice
        let shape: Components.Schemas.Item.ShapePayload = switch card.content.shape {
        case .choice: .choice
        case .cloze: .cloze
        case .pair, .lesson, .outline: .pair
        }
        return .init(
            id: card.id, key: card.key, topic: card.topic, subtopic: card.subtopic, family: card.family, shape: shape,
            front: choice?.question ?? faces.front, back: faces.back, hint: faces.hint, choices: choice?.choices,
            correctIndex: choice?.correctIndex, state: Components.Schemas.Item.StatePayload(rawValue: card.stateName) ?? .new, due: card.memory?.state.due,
            known: card.known, edited: card.edited, addedByLearner: card.addedByLearner)
    }
}
