import Yams
import PrimerCore

/// `scope`: drops items that are about a sibling subtopic instead of this one, so each
/// subtopic's cards stay its own and the kit does not repeat itself. No options.
///
/// The rule, deterministic and title-based:
/// 1. Keywords of a title = its normalised words minus stop words and generic course words
///    ("introduction", "applications", …), lightly stemmed (`GateText.keywords`); two keywords
///    match when equal or sharing a long prefix (`GateText.keywordsMatch`: matrix/matrices).
/// 2. The current subtopic's distinctive keywords = its keywords minus those of the topic and
///    subject. If it has none ("Introduction", or "Vectors" under topic "Vectors"), nothing can
///    be judged and every item stays.
/// 3. A sibling's distinctive keywords = its keywords minus those of the current subtopic, topic
///    and subject. Siblings with none (they share only generic words, like "Introduction to X"
///    vs "Applications of X") are ignored.
/// 4. An item (card front+back, question + correct choice, term + definition) is off-scope when
///    it mentions none of the current subtopic's distinctive keywords and mentions enough of one
///    sibling's: all of them when the sibling has one or two, at least half otherwise. The first
///    such sibling (same topic first) is named in the reason.
struct ScopeGate: OptionlessGate {
    static let gateName = "scope"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        let key = TitlesKey(subject: context.subject, topic: context.topic, subtopic: context.subtopic, siblings: context.siblings)
        let titles = Self.titleCache.value(for: key) { Titles(context) }
        guard !titles.distinctive.isEmpty, !titles.siblings.isEmpty else { return GateVerdict(output: output) }
        let distinctive = titles.distinctive
        let siblings = titles.siblings

        return output.droppingItems(context) { item in
            let mentioned = GateText.keywords(item.aboutText)
            if distinctive.contains(where: { GateText.set(mentioned, mentions: $0) }) { return nil }
            for sibling in siblings {
                let hits = sibling.keywords.filter { GateText.set(mentioned, mentions: $0) }.count
                let needed = sibling.keywords.count <= 2 ? sibling.keywords.count : (sibling.keywords.count + 1) / 2
                if hits >= needed {
                    return "dropped off-scope item \(GateText.quote(item.primaryText)): it is about sibling subtopic ‘\(sibling.title)’"
                }
            }
            return nil
        }
    }

    /// Steps 1–3 of the rule: what the titles alone say.
    struct Titles: Sendable {
        /// The current subtopic's distinctive keywords (empty: nothing can be judged).
        var distinctive: Set<String>
        /// The siblings that have distinctive keywords of their own.
        var siblings: [(title: String, keywords: Set<String>)]

        init(_ context: GateContext) {
            let broader = GateText.keywords(context.topic).union(GateText.keywords(context.subject))
            let current = GateText.keywords(context.subtopic)
            distinctive = GateText.subtracting(current, broader)
            guard !distinctive.isEmpty else {
                siblings = []
                return
            }
            let currentNormalized = GateText.normalize(context.subtopic)
            siblings = context.siblings.compactMap { title in
                guard GateText.normalize(title) != currentNormalized else { return nil }
                let own = GateText.subtracting(GateText.keywords(title), current.union(broader))
                return own.isEmpty ? nil : (title, own)
            }
        }
    }

    /// What `Titles` depends on.
    struct TitlesKey: Hashable, Sendable {
        let subject: String
        let topic: String
        let subtopic: String
        let siblings: [String]
    }

    /// The families of a subtopic (flashcards, quiz, terms) and their retries share one
    /// subtopic's titles, so their keyword sets are computed once per subtopic, not per answer.
    /// Emptied when full: a batch moves on to other subtopics.
    static let titleCache = BoundedCache<TitlesKey, Titles>(maxEntries: 512)
}
