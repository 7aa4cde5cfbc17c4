import Foundation

/// A whole stored study kit, as `primer show` prints it and `--format json` emits it.
public struct Kit: Sendable, Equatable, Codable {
    public var subject: KitSubject
    public var topics: [KitTopic]
    public init(subject: KitSubject, topics: [KitTopic]) {
        self.subject = subject
        self.topics = topics
    }
}

public struct KitSubject: Sendable, Equatable, Codable {
    public var title: String
    public var kind: SubjectKind
    public var notes: String
    public var instructions: String
    public init(title: String, kind: SubjectKind, notes: String = "", instructions: String = "") {
        self.title = title
        self.kind = kind
        self.notes = notes
        self.instructions = instructions
    }
}

public struct KitTopic: Sendable, Equatable, Codable {
    public var title: String
    public var overview: String
    public var subtopics: [KitSubtopic]
    public init(title: String, overview: String = "", subtopics: [KitSubtopic]) {
        self.title = title
        self.overview = overview
        self.subtopics = subtopics
    }
}

public struct KitSubtopic: Sendable, Equatable, Codable {
    public var title: String
    /// What each family stored for the subtopic, in family order.
    public var content: [KitContent]
    /// Sources the provider cited for this subtopic's content.
    public var sources: [Citation]
    /// One line of provenance per stored or failed generation.
    public var generations: [KitGeneration]
    public init(title: String, content: [KitContent] = [], sources: [Citation] = [], generations: [KitGeneration] = []) {
        self.title = title
        self.content = content
        self.sources = sources
        self.generations = generations
    }

    /// The lesson's content: the family whose role is the lesson, else the first lesson-shaped one.
    public var lessonContent: KitContent? {
        content.first { $0.shape == .lesson && $0.role == .lesson } ?? content.first { $0.shape == .lesson }
    }

    /// The lesson's text.
    public var lesson: String? {
        guard case .lesson(let text)? = lessonContent?.items.first?.content else { return nil }
        return text
    }

    /// The lesson first, then every other family in order: the order guides are laid out in.
    public var contentLessonFirst: [KitContent] {
        let lesson = lessonContent
        return [lesson].compactMap { $0 } + content.filter { $0 != lesson }
    }
}

/// What one family stored for one subtopic: its items in order, with how people call them.
public struct KitContent: Sendable, Equatable, Codable {
    public var family: String
    public var shape: Shape
    /// The family's role, when the families it was made with are known.
    public var role: FamilyRole?
    /// The family's names for its items; the shape's defaults when its family is not known.
    public var labels: ItemLabels
    public var items: [KitItem]

    public init(family: String, shape: Shape, role: FamilyRole? = nil, labels: ItemLabels? = nil, items: [KitItem]) {
        self.family = family
        self.shape = shape
        self.role = role
        self.labels = labels ?? .defaults(for: shape)
        self.items = items
    }

    enum CodingKeys: String, CodingKey { case family, shape, role, labels, items }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        family = try container.decode(String.self, forKey: .family)
        shape = try container.decode(Shape.self, forKey: .shape)
        role = try container.decodeIfPresent(FamilyRole.self, forKey: .role)
        labels = try container.decodeIfPresent(ItemLabels.self, forKey: .labels) ?? .defaults(for: shape)
        var list = try container.nestedUnkeyedContainer(forKey: .items)
        var items: [KitItem] = []
        while !list.isAtEnd {
            items.append(try KitItem(from: try list.superDecoder(), shape: shape))
        }
        self.items = items
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(shape, forKey: .shape)
        try container.encodeIfPresent(role, forKey: .role)
        try container.encode(labels, forKey: .labels)
        try container.encode(items, forKey: .items)
    }
}

/// One stored item: its id in the store and its content in its shape.
public struct KitItem: Sendable, Equatable, Encodable {
    public var id: Int64
    public var content: ItemContent
    /// The passages of the learner's documents it came from (document and characters in
    /// `url`, section in `title`); empty when none grounded it.
    public var sources: [Citation]

    public init(id: Int64, content: ItemContent, sources: [Citation] = []) {
        self.id = id
        self.content = content
        self.sources = sources
    }

    enum CodingKeys: String, CodingKey { case id, sources }

    /// `{"id": 7, "front": …, "back": …, "sources": [{url, title, snippet}]}`: the id beside the
    /// shape's fields, and the item's sources when it has some.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try content.encodeFields(to: encoder)
        if !sources.isEmpty { try container.encode(sources, forKey: .sources) }
    }

    init(from decoder: any Decoder, shape: Shape) throws {
        sources = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([Citation].self, forKey: .sources) ?? []
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .id)
        content = try ItemContent(from: decoder, shape: shape)
    }
}

public struct KitGeneration: Sendable, Equatable, Codable {
    public var family: String
    public var familyVersion: Int
    public var provider: String
    public var model: String
    public var status: String
    public var attempts: Int
    public var promptTokens: Int
    public var completionTokens: Int
    public var cost: Double?
    public var latencyMs: Int
    public var error: String?
    public init(
        family: String, familyVersion: Int, provider: String, model: String, status: String, attempts: Int,
        promptTokens: Int, completionTokens: Int, cost: Double?, latencyMs: Int, error: String?
    ) {
        self.family = family
        self.familyVersion = familyVersion
        self.provider = provider
        self.model = model
        self.status = status
        self.attempts = attempts
        self.promptTokens = promptTokens
        self.completionTokens = completionTokens
        self.cost = cost
        self.latencyMs = latencyMs
        self.error = error
    }
}

extension KitSubtopic {
    /// What `family` stored for the subtopic, if anything.
    public func content(of family: String) -> KitContent? {
        content.first { $0.family == family }
    }

    /// The pairs `family` stored (flashcards, terms, vocabulary), in order.
    public func pairs(_ family: String) -> [PairItem] {
        (content(of: family)?.items ?? []).compactMap { if case .pair(let pair) = $0.content { pair } else { nil } }
    }

    /// The questions `family` stored, in order.
    public func choices(_ family: String) -> [ChoiceItem] {
        (content(of: family)?.items ?? []).compactMap(\.content.choice)
    }

    /// The items of a registered shape `family` stored, in order.
    public func shapedItems(_ family: String) -> [ShapedItem] {
        (content(of: family)?.items ?? []).compactMap { if case .shaped(let item) = $0.content { item } else { nil } }
    }

    /// The cloze notes `family` stored, in order.
    public func clozes(_ family: String) -> [ClozeItem] {
        (content(of: family)?.items ?? []).compactMap { if case .cloze(let item) = $0.content { item } else { nil } }
    }
}
