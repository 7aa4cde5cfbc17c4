import Foundation
import PrimerCore

/// One item of a list output, with the family's names for it, as gates see it.
enum GateItem {
    case pair(PairItem, ItemLabels)
    case choice(ChoiceItem, ItemLabels)
    case cloze(ClozeItem, ItemLabels)
    case shaped(ShapedItem, ItemLabels)

    /// A stored item as gates see it; nil for a lesson, which is no list item.
    init?(_ content: ItemContent, labels: ItemLabels) {
        switch content {
        case .pair(let item): self = .pair(item, labels)
        case .choice(let item): self = .choice(item, labels)
        case .cloze(let item): self = .cloze(item, labels)
        case .shaped(let item): self = .shaped(item, labels)
        case .lesson: return nil
        }
    }

    /// The item as stored content.
    var content: ItemContent? {
        switch self {
        case .pair(let item, _): .pair(item)
        case .choice(let item, _): .choice(item)
        case .cloze(let item, _): .cloze(item)
        case .shaped(let item, _): .shaped(item)
        }
    }

    var labels: ItemLabels {
        switch self {
        case .pair(_, let labels), .choice(_, let labels), .cloze(_, let labels), .shaped(_, let labels): labels
        }
    }

    /// "flashcard", "question", "term": the family's noun for one item.
    var noun: String { labels.noun }

    /// The text that names the item: the front, the question, the cloze text.
    var primaryText: String {
        switch self {
        case .pair(let pair, _): pair.front
        case .choice(let question, _): question.question
        case .cloze(let cloze, _): cloze.text
        case .shaped(let item, _): item.definition?.primaryText(item) ?? ""
        }
    }

    /// Every text field: the shape's field (`Shape.fields`; each choice is one of `choices`), the
    /// name reasons use (the family's label; "choice" for one choice) and the text.
    var fields: [(field: String, name: String, text: String)] {
        func named(_ field: String, _ text: String) -> (field: String, name: String, text: String) {
            (field, labels.label(field), text)
        }
        switch self {
        case .pair(let pair, _):
            return [named("front", pair.front), named("back", pair.back)] + (pair.hint.map { [named("hint", $0)] } ?? [])
        case .choice(let q, _):
            return [named("question", q.question)] + q.choices.map { ("choices", "choice", $0) } + [named("explanation", q.explanation)]
        case .cloze(let cloze, _):
            return [named("text", cloze.text)] + (cloze.extra.isEmpty ? [] : [named("extra", cloze.extra)])
        case .shaped(let item, _):
            let order = item.definition?.fields.map(\.name) ?? item.fields.keys.sorted()
            return order.flatMap { field in (item.fields[field]?.texts ?? []).map { named(field, $0) } }
        }
    }

    /// The text an item is about, for the scope check and the gates that read meaning: front and back, question and its correct
    /// choice (distractors may legitimately name other subtopics), the cloze text.
    var aboutText: String {
        switch self {
        case .pair(let pair, _): pair.front + "\n" + pair.back
        case .choice(let q, _):
            q.question + "\n" + (q.choices.indices.contains(q.correctIndex) ? q.choices[q.correctIndex] : "")
        case .cloze(let cloze, _): ClozeText.plain(cloze.text)
        case .shaped(let item, _): item.definition?.aboutText(item) ?? ""
        }
    }
}

extension GeneratedOutput {
    /// The items of a list output in order, named with `labels`; none for plans and lessons.
    func gateItems(_ labels: ItemLabels) -> [GateItem] {
        switch self {
        case .pairs(let items): items.map { .pair($0, labels) }
        case .choices(let items): items.map { .choice($0, labels) }
        case .clozes(let items): items.map { .cloze($0, labels) }
        case .shaped(_, let items): items.map { .shaped($0, labels) }
        case .plan, .lesson: []
        }
    }

    /// Runs `check` on each item of a list output in order and keeps the items it returns nil
    /// for; a non-nil result is that item's drop reason. Plans and lessons come back unchanged.
    func droppingItems(_ context: GateContext, _ check: (GateItem) -> String?) -> GateVerdict {
        let labels = context.labels ?? .defaults(for: shape)
        var dropped: [String] = []
        func keep(_ item: GateItem) -> Bool {
            guard let reason = check(item) else { return true }
            dropped.append(reason)
            return false
        }
        switch self {
        case .pairs(let items):
            return GateVerdict(output: .pairs(items.filter { keep(.pair($0, labels)) }), dropped: dropped)
        case .choices(let items):
            return GateVerdict(output: .choices(items.filter { keep(.choice($0, labels)) }), dropped: dropped)
        case .clozes(let items):
            return GateVerdict(output: .clozes(items.filter { keep(.cloze($0, labels)) }), dropped: dropped)
        case .shaped(let shape, let items):
            return GateVerdict(output: .shaped(shape, items.filter { keep(.shaped($0, labels)) }), dropped: dropped)
        case .plan, .lesson:
            return GateVerdict(output: self)
        }
    }
}

extension ItemContent {
    /// What the gates that read meaning embed for this item (`GateItem.aboutText`); nil for a
    /// lesson. The eval's meaning metrics read items the same way.
    public var aboutText: String? {
        GateItem(self, labels: .defaults(for: shape))?.aboutText
    }
}
