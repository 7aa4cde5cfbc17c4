import Foundation

/// A kind of study content, as one Swift type: what its items hold, how a model's answer is read
/// into them, what gates read of them, how they are studied, shown and exported. A new shape is
/// one file conforming to this and one line in `ShapeRegistry` (or `ShapeRegistry.register` from
/// a module of your own); every part of Primer that handles items asks the shape through here.
///
/// Only `id`, `fields`, `labels`, `parseLines`, `faces` and `sample` have no default: the rest
/// are worked out from the fields.
public protocol ContentShape: Sendable {
    /// The name families give in `shape:`, the store keeps and the API sends.
    var id: Shape { get }
    /// Its fields, in order, with their limits.
    var fields: [ShapeField] { get }
    /// What one item and a family's content are called when the family names nothing.
    var labels: ItemLabels { get }
    /// The answer format to ask for again when an answer cannot be read (said to the model).
    var format: String { get }
    /// The keys a JSON answer may list the items under (`{"exercises": […]}`).
    var jsonContainers: [String] { get }

    /// The items written in the shape's line syntax (the format its families' prompts ask for).
    func parseLines(_ lines: [String]) -> [ShapedItem]
    /// One item of a JSON answer, or nil when it is not one.
    func parseJSON(_ object: [String: Any]) -> ShapedItem?
    /// Why the item breaks the shape's own rules (too few pairs, an empty step), said to the
    /// model and in the run's log; nil when it keeps them.
    func problem(with item: ShapedItem) -> String?

    /// The text gates read as the item's main text (duplicates, echoes, scope).
    func primaryText(_ item: ShapedItem) -> String
    /// What the item is about, as one text (scope, relevance, near-duplicates).
    func aboutText(_ item: ShapedItem) -> String
    /// Two items with one identity are the same item: regeneration keeps the learner's copy.
    func identity(_ item: ShapedItem) -> String

    /// The item as a card: what is asked, what answers it.
    func faces(_ item: ShapedItem) -> CardFaces
    /// The item in the line syntax: what `show` prints and the mock writes.
    func lineText(_ item: ShapedItem) -> String
    /// The item in Markdown, for study guides and the page.
    func markdown(_ item: ShapedItem, labels: ItemLabels) -> String
    /// The item as plain notes another flashcard program takes (Anki, CSV): basic or cloze.
    func flashcards(_ item: ShapedItem) -> [PlainFlashcard]
    /// How an answer to the exercise scores, part by part; nil when the shape is studied by
    /// recall only (the learner rates without typing).
    func check(_ item: ShapedItem, answer: String) -> ExerciseCheck?
    /// How an answer is typed, shown to the learner (`1b 2a 3c`); nil without `check`.
    var answerHint: String? { get }

    /// Items the mock provider writes for a request: believable, deterministic in `rng`.
    func sample(_ request: ShapeSampleRequest, rng: inout SplitMix64) -> [ShapedItem]
}

/// One field of a shape.
public struct ShapeField: Sendable, Equatable {
    public var name: String
    /// A list of texts (the pairs' left sides, the steps), not one text.
    public var isList: Bool
    /// Whether an item needs it.
    public var required: Bool
    /// The longest text one entry may be, in characters.
    public var maxCharacters: Int
    /// How many entries a list field holds.
    public var count: ClosedRange<Int>?

    public init(_ name: String, isList: Bool = false, required: Bool = true, maxCharacters: Int = 2000, count: ClosedRange<Int>? = nil) {
        self.name = name
        self.isList = isList
        self.required = required
        self.maxCharacters = maxCharacters
        self.count = count
    }
}

/// An item as a plain note of another flashcard program.
public enum PlainFlashcard: Sendable, Equatable {
    /// A front and a back (Anki's Basic).
    case basic(front: String, back: String)
    /// A text with `{{c1::…}}` deletions and an extra (Anki's Cloze).
    case cloze(text: String, extra: String)
}

/// How an answer to an exercise scored.
public struct ExerciseCheck: Sendable, Equatable, Codable {
    /// Parts answered right, of all parts (pairs matched, steps in place).
    public var right: Int
    public var total: Int
    /// One line per part: what was answered, what is right.
    public var feedback: [String]

    public init(right: Int, total: Int, feedback: [String]) {
        self.right = right
        self.total = total
        self.feedback = feedback
    }

    /// Scores an exercise part by part: each part's label (a term; none for a place in an
    /// order), what was answered (nil: nothing) and what is right. `wrong` names a wrong answer
    /// ("is wrong", "is out of place").
    public init(parts: [(label: String, answered: String?, correct: String)], wrong: String) {
        var right = 0
        feedback = parts.enumerated().map { index, part in
            let lead = "\(index + 1). " + (part.label.isEmpty ? "" : "\(part.label): ")
            guard let answered = part.answered else { return lead + "no answer — \(part.correct)" }
            if answered == part.correct {
                right += 1
                return lead + "right — \(part.correct)"
            }
            return lead + "\(answered) \(wrong) — \(part.correct)"
        }
        self.right = right
        total = parts.count
    }

    /// The rating the result suggests: all right is good, at least half hard, less again.
    public var suggestedRating: ReviewRating {
        if right == total { return .good }
        return right * 2 >= total ? .hard : .again
    }
}

/// What the mock provider knows of a request, for a shape's sample.
public struct ShapeSampleRequest: Sendable, Equatable {
    public var subject: String
    public var topic: String
    public var subtopic: String

    public init(subject: String, topic: String, subtopic: String) {
        self.subject = subject
        self.topic = topic
        self.subtopic = subtopic
    }
}

extension ContentShape {
    public var jsonContainers: [String] { ["items", id.rawValue + "s"] }

    public func parseJSON(_ object: [String: Any]) -> ShapedItem? {
        var values: [String: FieldValue] = [:]
        for field in fields {
            guard let value = JSONAccess.value(object, [field.name]) else { continue }
            if field.isList, let list = value as? [Any] {
                values[field.name] = .list(list.compactMap { ($0 as? String).map(LineSyntax.trim) ?? ($0 as? NSNumber)?.stringValue })
            } else if let text = JSONAccess.string(object, [field.name]) {
                values[field.name] = field.isList ? .list([text]) : .text(text)
            }
        }
        return values.isEmpty ? nil : ShapedItem(shape: id, fields: values)
    }

    /// The default rules: required fields present, list sizes and lengths within the limits.
    public func problem(with item: ShapedItem) -> String? { fieldProblem(item) }

    /// The rules every shape's fields carry (the default `problem(with:)`; a shape with rules of
    /// its own calls it first).
    public func fieldProblem(_ item: ShapedItem) -> String? {
        for field in fields {
            let texts = item.fields[field.name]?.texts.filter { !$0.isEmpty } ?? []
            if field.required && texts.isEmpty { return "it has no \(labels.label(field.name))" }
            if let count = field.count, field.isList, !count.contains(texts.count) {
                return "it has \(texts.count) \(labels.label(field.name)) (\(count.lowerBound)–\(count.upperBound) wanted)"
            }
            if let long = texts.first(where: { $0.count > field.maxCharacters }) {
                return "its \(labels.label(field.name)) \(GateText.quote(long)) is longer than \(field.maxCharacters) characters"
            }
        }
        return nil
    }

    public func primaryText(_ item: ShapedItem) -> String {
        fields.first.map { item.fields[$0.name]?.texts.joined(separator: "\n") ?? "" } ?? ""
    }

    public func aboutText(_ item: ShapedItem) -> String {
        fields.compactMap { item.fields[$0.name]?.texts.joined(separator: "\n") }.joined(separator: "\n")
    }

    public func identity(_ item: ShapedItem) -> String { GateText.normalize(aboutText(item)) }

    public func lineText(_ item: ShapedItem) -> String {
        fields.compactMap { field in item.fields[field.name].map { "\(labels.heading(field.name)): \($0.texts.joined(separator: " | "))" } }
            .joined(separator: "\n")
    }

    public func markdown(_ item: ShapedItem, labels: ItemLabels) -> String {
        let faces = faces(item)
        return "**\(MarkdownSafe.text(faces.front))**\n\n\(MarkdownSafe.text(faces.back))"
    }

    public func flashcards(_ item: ShapedItem) -> [PlainFlashcard] {
        let faces = faces(item)
        return [.basic(front: faces.front, back: faces.back)]
    }

    public func check(_ item: ShapedItem, answer: String) -> ExerciseCheck? { nil }

    public var answerHint: String? { nil }

    /// The order in which an exercise shows its `count` parts: shuffled by the item's own text
    /// (the same order every time it is shown), never the right order.
    public func shownOrder(of item: ShapedItem, count: Int) -> [Int] {
        guard count > 1 else { return Array(0..<count) }
        var rng = SplitMix64(seed: StableHash.fnv1a(aboutText(item)))
        var order = rng.shuffled(Array(0..<count))
        if order == Array(0..<count) { order.append(order.removeFirst()) }
        return order
    }

    /// Reads an answer: JSON first (an object, a list, a list under one of `jsonContainers`),
    /// then the line syntax. Thinking tags and chatter are removed before either.
    public func parse(_ text: String) throws -> [ShapedItem] {
        if let json = JSONExtraction.extract(text) {
            // One item sent as a bare object (`{"prompt": …, "steps": […]}`), else a list of them.
            if let object = json as? [String: Any], JSONAccess.value(object, jsonContainers) == nil, let item = parseJSON(object) {
                return [item]
            }
            let items = (JSONAccess.items(json, containers: jsonContainers) ?? []).compactMap { ($0 as? [String: Any]).flatMap(parseJSON) }
            if !items.isEmpty { return items }
        }
        let items = parseLines(TextCleanup.lines(text))
        guard !items.isEmpty else { throw ParseFailure.nothingFound(labels.noun + "s", format: format, in: text) }
        return items
    }
}

/// The line helpers every parser of Primer uses, for shapes defined outside PrimerCore.
public enum ShapeLines {
    /// The text without surrounding spaces.
    public static func trim(_ text: some StringProtocol) -> String { LineSyntax.trim(text) }
    /// The line without its list marker (`- `, `1. `, `a) `) and bold.
    public static func clean(_ line: String) -> String { LineSyntax.clean(line) }
    /// Whether the line starts a list entry.
    public static func isListEntry(_ line: String) -> Bool { LineSyntax.listMarker(line) != nil }
    /// The two sides of `left | right`, `left — right` or `left: right`. A `|` wins wherever it
    /// is (`Article 231: war guilt | Versailles` is split at the bar), then the first dash or colon.
    public static func sides(_ text: String) -> (String, String)? {
        let separators = text.contains(exactly: "|") ? ["|"] : [" — ", " – ", " - ", ": "]
        return LineSyntax.split(text, at: separators).map { (trim($0.0), trim($0.1)) }
    }
    /// The text of a label line (`Match: The causes` → "The causes"), for any of `labels`.
    public static func labelled(_ line: String, _ labels: [String]) -> String? {
        let text = clean(line)
        for label in labels where text.lowercased().hasPrefix(label.lowercased() + ":") {
            return trim(text.dropFirst(label.count + 1))
        }
        return nil
    }
}
