import Foundation

/// Which cards a study session (or `review next`) takes, and in what order.
public enum StudyMode: String, Sendable, CaseIterable, Codable {
    /// Cards due by the horizon (now, or now + days ahead), earliest first, then new cards.
    case due
    /// Every card, in kit order.
    case all
    /// Cards not marked known that are new or predicted below the desired retention, in kit order.
    case unknown
    /// A short practice of studied cards: the lowest predicted recall first, due or not.
    case quick
    /// Cards never reviewed, in kit order.
    case new
}

public enum StudyQueue {
    /// The cards `mode` takes from `cards` (in kit order), in session order; at most `limit`.
    /// `quick` takes 10 when no limit is given.
    public static func select(
        _ cards: [StudyCard], mode: StudyMode, now: Date, daysAhead: Int = 0, limit: Int? = nil,
        scheduler: FSRSScheduler
    ) -> [StudyCard] {
        let chosen: [StudyCard]
        switch mode {
        case .due:
            let horizon = now.addingTimeInterval(Double(daysAhead) * 86_400)
            let reviews = cards.filter { $0.memory.map { $0.state.due <= horizon } ?? false }
                .sorted { ($0.memory!.state.due, $0.id) < ($1.memory!.state.due, $1.id) }
            chosen = reviews + cards.filter(\.isNew)
        case .all:
            chosen = cards
        case .unknown:
            chosen = cards.filter { card in
                !card.known && (card.memory == nil || scheduler.retrievability(card.memory!.state, at: now) < scheduler.desiredRetention)
            }
        case .quick:
            let recall = Dictionary(
                uniqueKeysWithValues: cards.compactMap { card in card.memory.map { (card.id, scheduler.retrievability($0.state, at: now)) } })
            chosen = cards.filter { !$0.isNew }.sorted { (recall[$0.id]!, $0.id) < (recall[$1.id]!, $1.id) }
            return Array(chosen.prefix(limit ?? 10))
        case .new:
            chosen = cards.filter(\.isNew)
        }
        return limit.map { Array(chosen.prefix($0)) } ?? chosen
    }

    /// When the first card not due by the horizon comes due: what `review next` says when
    /// nothing is due. Nil when no studied card is waiting.
    public static func nextDue(_ cards: [StudyCard], after horizon: Date) -> Date? {
        cards.compactMap { $0.memory?.state.due }.filter { $0 > horizon }.min()
    }
}
