/// An item the learner keeps forgetting (its lapses reached the leech threshold), which
/// `generate --rewrite-leeches` has its family write again.
public struct Leech: Sendable, Equatable {
    public var itemID: Int64
    public var subtopicID: Int64
    public var family: String
    public var content: ItemContent
    public var lapses: Int
    public var reviews: Int

    public init(itemID: Int64, subtopicID: Int64, family: String, content: ItemContent, lapses: Int, reviews: Int) {
        self.itemID = itemID
        self.subtopicID = subtopicID
        self.family = family
        self.content = content
        self.lapses = lapses
        self.reviews = reviews
    }

    public var key: String { ItemKey.of(itemID) }

    /// Why it is written again, in words.
    public var reason: String { Self.reason(lapses: lapses, reviews: reviews) }

    public static func reason(lapses: Int, reviews: Int) -> String {
        "forgotten \(lapses) time\(lapses == 1 ? "" : "s") in \(reviews) review\(reviews == 1 ? "" : "s")"
    }
}

/// Why a leech's rewrite was not stored: the learner changed the leech while the model wrote,
/// and the rewrite, made from the leech as it was, would have undone that change.
public enum RewriteConflict: String, Sendable, Equatable, Codable {
    case deleted, edited, rated
}

/// What the store did with one leech's rewrite.
public enum RewriteOutcome: Sendable, Equatable {
    /// Stored as the item `itemID`; `reason` counts the leech's lapses and reviews as stored then.
    case stored(itemID: Int64, reason: String)
    /// Not stored: the leech is as the learner left it.
    case leftAlone(RewriteConflict)
}

/// One leech written again: the item it was, the item that replaced it and why.
public struct RewrittenItem: Sendable, Equatable, Codable {
    /// The key of the item that was replaced (its review log keeps this id).
    public var replacedKey: String
    /// The key of the new item, nil when the rewrite was not stored (`leftAlone` says why).
    public var newKey: String?
    /// Why the rewrite was not stored: the learner deleted, edited or rated the leech during the run.
    public var leftAlone: RewriteConflict?
    public var family: String
    public var subtopic: String
    public var reason: String
    public var before: ItemContent
    public var after: ItemContent

    public init(
        replacedKey: String, newKey: String?, leftAlone: RewriteConflict? = nil, family: String, subtopic: String, reason: String,
        before: ItemContent, after: ItemContent
    ) {
        self.replacedKey = replacedKey
        self.leftAlone = leftAlone
        self.newKey = newKey
        self.family = family
        self.subtopic = subtopic
        self.reason = reason
        self.before = before
        self.after = after
    }
}
