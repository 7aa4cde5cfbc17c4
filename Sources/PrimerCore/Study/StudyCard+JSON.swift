import Foundation

/// `{"key": "3fa9c21b", "subject": …, "family": "flashcards", "shape": "pair", "fields": {…},
/// "front": …, "back": …, "hint": …, "state": "review", "due": …, "stability": …, …}`: a card
/// as commands print it with `--json` (and as an HTTP API would answer it).
extension StudyCard: Encodable {
    enum CodingKeys: String, CodingKey {
        case key, id, subject, topic, subtopic, family, shape, fields, front, back, hint, state, due, lastReview
        case stability, difficulty, reps, lapses, known, edited, addedByLearner, created, tags, replaced
    }

    struct Fields: Encodable {
        let content: ItemContent
        func encode(to encoder: any Encoder) throws { try content.encodeFields(to: encoder) }
    }

    /// `new`, `learning`, `review` or `relearning`.
    public var stateName: String {
        switch memory?.state.phase {
        case nil: "new"
        case .learning: "learning"
        case .review: "review"
        case .relearning: "relearning"
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(key, forKey: .key)
        try container.encode(id, forKey: .id)
        try container.encode(subject, forKey: .subject)
        try container.encode(topic, forKey: .topic)
        try container.encode(subtopic, forKey: .subtopic)
        try container.encode(family, forKey: .family)
        try container.encode(content.shape, forKey: .shape)
        try container.encode(Fields(content: content), forKey: .fields)
        let faces = faces
        try container.encode(faces.front, forKey: .front)
        try container.encode(faces.back, forKey: .back)
        try container.encodeIfPresent(faces.hint, forKey: .hint)
        try container.encode(stateName, forKey: .state)
        try container.encodeIfPresent(memory?.state.due, forKey: .due)
        try container.encodeIfPresent(memory?.state.lastReview, forKey: .lastReview)
        try container.encodeIfPresent(memory?.state.stability, forKey: .stability)
        try container.encodeIfPresent(memory?.state.difficulty, forKey: .difficulty)
        try container.encode(memory?.reps ?? 0, forKey: .reps)
        try container.encode(memory?.lapses ?? 0, forKey: .lapses)
        try container.encode(known, forKey: .known)
        try container.encode(edited, forKey: .edited)
        try container.encode(addedByLearner, forKey: .addedByLearner)
        try container.encodeIfPresent(createdAt, forKey: .created)
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
        if !replaced.isEmpty { try container.encode(replaced, forKey: .replaced) }
    }
}

/// `{"key": "0a1b2c3d", "front": …, "back": …, "fields": {…}, "lapses": 9, "reviews": 14,
/// "reason": …, "rewrittenAt": …}`: one leech in a card's `replaced` list.
extension ReplacedItem: Encodable {
    enum CodingKeys: String, CodingKey { case key, front, back, fields, lapses, reviews, reason, rewrittenAt }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let faces = CardFaces(content)
        try container.encode(key, forKey: .key)
        try container.encode(faces.front, forKey: .front)
        try container.encode(faces.back, forKey: .back)
        try container.encode(StudyCard.Fields(content: content), forKey: .fields)
        try container.encode(lapses, forKey: .lapses)
        try container.encode(reviews, forKey: .reviews)
        try container.encode(reason, forKey: .reason)
        try container.encode(rewrittenAt, forKey: .rewrittenAt)
    }
}
