import Foundation
import PrimerCore

/// An item's schedule in Anki's card columns (schema 11): `type` and `queue` (0 new, 1
/// learning, 2 review, 3 relearning; a relearning card is in queue 1), `due` (new: position;
/// learning: epoch seconds; review: days since the collection was created), `ivl` in days,
/// `factor` (Anki's default ease; FSRS ignores it), `reps`, `lapses` and `left` (learning
/// steps left, as a*1000+b: a today, b until graduation).
struct AnkiSchedule: Equatable {
    var type = 0
    var queue = 0
    var due: Int64
    var interval = 0
    var factor = 0
    var reps = 0
    var lapses = 0
    var left = 0

    /// A new card, `position` in the new queue.
    init(newAt position: Int) { due = Int64(position) }

    /// A card with the learner's FSRS memory, in a collection created at `collectionCreated`
    /// (epoch seconds at the start of its day).
    init(_ memory: ItemMemory, collectionCreated: Int64, learningSteps: Int = 2, relearningSteps: Int = 1) {
        let state = memory.state
        reps = memory.reps
        lapses = memory.lapses
        factor = 2_500
        let lastReview = state.lastReview ?? state.due
        interval = max(1, Int((state.due.timeIntervalSince(lastReview) / 86_400).rounded()))
        switch state.phase {
        case .review:
            (type, queue) = (2, 2)
            due = (Int64(state.due.timeIntervalSince1970) - collectionCreated) / 86_400
        case .learning, .relearning:
            (type, queue) = (state.phase == .learning ? 1 : 3, 1)
            due = Int64(state.due.timeIntervalSince1970)
            interval = state.phase == .learning ? 0 : interval
            let steps = state.phase == .learning ? learningSteps : relearningSteps
            let remaining = max(1, steps - (state.step ?? 0))
            left = remaining * 1_000 + remaining
        }
    }
}
