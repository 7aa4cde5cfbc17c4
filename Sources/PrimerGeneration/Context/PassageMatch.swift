import PrimerCore

/// Which of a subtopic's passages each generated item came from: the passages whose content
/// words the item shares, most shared first. Items are kept with these as their own sources
/// (`GenerationRecord.itemSources`), so a card shows the part of the document it was made from.
/// An item that shares fewer than `minimumShared` words with every passage came from the
/// model's own knowledge and has none.
public enum PassageMatch {
    public static let minimumShared = 2

    /// For each item, the indexes of the passages it came from, best first, at most `limit`
    /// (3 for a lesson, which draws on several).
    public static func sources(for items: [ItemContent], passages: [GroundingPassage], limit: Int = 2) -> [[Int]] {
        guard !passages.isEmpty else { return items.map { _ in [] } }
        let passageWords = passages.map { GateText.keywords($0.text) }
        return items.map { item in
            let words = GateText.keywords(text(of: item))
            var shared: [(index: Int, count: Int)] = []
            for (index, passage) in passageWords.enumerated() {
                let count = passage.sharedCount(with: words)
                if count >= minimumShared { shared.append((index, count)) }
            }
            shared.sort { $0.count != $1.count ? $0.count > $1.count : $0.index < $1.index }
            let most = if case .lesson = item { max(limit, 3) } else { limit }
            return shared.prefix(most).map(\.index)
        }
    }

    /// Everything an item says, in one text.
    static func text(of item: ItemContent) -> String {
        switch item {
        case .lesson(let body): body
        case .pair(let pair): [pair.front, pair.back, pair.hint ?? ""].joined(separator: " ")
        case .choice(let question): ([question.question] + question.choices + [question.explanation]).joined(separator: " ")
        case .cloze(let cloze): ClozeText.plain(cloze.text) + " " + cloze.extra
        case .shaped(let item): item.fields.values.flatMap(\.texts).joined(separator: " ")
        }
    }
}
