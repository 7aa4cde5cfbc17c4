extension ItemSupport {
    /// The evidence of a lesson and its passages, read once for all that is held to them: every
    /// family of a subtopic, each of its attempts (`support` gate) and each accepted output's
    /// spans read the same lesson and passages. Read anew for each of them it was most of
    /// Primer's own time a call (`primer-bench overhead`): splitting the lesson into statements
    /// and folding the words of each, ten times and more per subtopic.
    ///
    /// `Evidence` is a pure function of the lesson and the passages, and the memo answers only
    /// for the very same texts (`ExactText`), so what it gives is what reading them would.
    public static func evidence(lesson: String, passages: [GroundingPassage]) -> Evidence {
        evidenceMemo.value(for: EvidenceKey(lesson: lesson, passages: passages)) {
            Evidence(lesson: lesson, passages: passages)
        }
    }

    /// What `Evidence` depends on: the lesson, and each passage whole.
    private struct EvidenceKey: Hashable, Sendable {
        struct Passage: Hashable, Sendable {
            var document: ExactText
            var page: Int?
            var heading: ExactText
            var text: ExactText
            var characters: Range<Int>?
        }

        var lesson: ExactText
        var passages: [Passage]

        init(lesson: String, passages: [GroundingPassage]) {
            self.lesson = ExactText(lesson)
            self.passages = passages.map {
                Passage(document: ExactText($0.document), page: $0.page, heading: ExactText($0.heading), text: ExactText($0.text), characters: $0.characters)
            }
        }

        /// The texts' bytes, for the memo's bound.
        var weight: Int { passages.reduce(lesson.text.utf8.count) { $0 + $1.text.text.utf8.count } }
    }

    /// A few subtopics' worth: the families of one subtopic ask within moments of each other,
    /// and a run (or a server) works on a few subtopics at once.
    private static let evidenceMemo = BoundedCache<EvidenceKey, Evidence>(maxEntries: 32, maxWeight: 4 << 20, weight: { $0.weight })
}
