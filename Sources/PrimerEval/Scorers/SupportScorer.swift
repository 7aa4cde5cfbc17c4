import PrimerCore

/// Whether each accepted item's answer is supported by what it was written from — the case's
/// lesson (as the run wrote it) and the passages of its documents — per item family:
/// - `supported_share`: by the `support` gate's own rule (`ItemSupport.share` ≥ 0.45: the claim's
///   words found anywhere in the lesson and passages together), so a run shows what the gate let
///   through;
/// - `grounded_share`: by a rule of its own, stricter and local: one single statement of the lesson
///   or the passages holds at least `groundedCut` of the claim's words. Checked against the hand
///   labels in `Evaluations/support/labels.json` (`scripts/support_labels.py`).
/// Registered-shape exercises make no statement and are not scored; a family that failed
/// scores 0 on both, as on every quality metric. A prompt that begins with the subtopic's title as
/// a label ("Active Transport: …", as `SentenceItems` writes them) is read without it: the title
/// is the plan's, not something the item claims its sources say.
public struct SupportScorer: Sendable {
    public static let groundedCut = 0.6
    let label: String

    public init(subtopic: String = "") {
        label = subtopic.isEmpty ? "" : subtopic + ": "
    }

    /// The item's claim without the subtopic's label on any of its lines.
    func claim(of item: ItemContent) -> String? {
        guard let claim = ItemSupport.claim(of: item), !label.isEmpty else { return ItemSupport.claim(of: item) }
        return claim.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(label) ? String($0.dropFirst(label.count)) : String($0) }
            .joined(separator: "\n")
    }

    /// One item's verdicts, kept in the run's report for the hand labels to be checked against.
    public struct Verdict: Sendable, Equatable, Codable {
        public var claim: String
        public var supported: Bool
        public var grounded: Bool
        /// The statement of the lesson or the passages that holds most of the claim's words.
        public var statement: String?
    }

    /// Each accepted item's verdicts, per family (registered shapes left out).
    public func verdicts(_ outputs: CaseOutputs, passages: [GroundingPassage]) -> [String: [Verdict]] {
        let lesson = outputs.lesson ?? ""
        var verdicts: [String: [Verdict]] = [:]
        for family in outputs.families where family.kind != .plan && family.kind != .lesson {
            guard let output = family.output else { continue }
            verdicts[family.family] = ItemContent.items(of: output).compactMap(claim(of:)).map { claim in
                Verdict(
                    claim: claim, supported: ItemSupport.share(of: claim, lesson: lesson, passages: passages) >= ItemSupport.minimumShare,
                    grounded: Self.isGrounded(claim, lesson: lesson, passages: passages),
                    statement: ItemSupport.span(of: claim, lesson: lesson, passages: passages)?.statement)
            }
        }
        return verdicts
    }

    public func score(_ outputs: CaseOutputs, passages: [GroundingPassage]) -> [String: MetricValues] {
        let verdicts = verdicts(outputs, passages: passages)
        var scores: [String: MetricValues] = [:]
        for family in outputs.families where family.kind != .plan && family.kind != .lesson {
            guard family.output != nil else {
                scores[family.family] = ["supported_share": 0, "grounded_share": 0]
                continue
            }
            guard let own = verdicts[family.family], !own.isEmpty else { continue }
            scores[family.family] = [
                "supported_share": Double(own.filter(\.supported).count) / Double(own.count),
                "grounded_share": Double(own.filter(\.grounded).count) / Double(own.count),
            ]
        }
        return scores
    }

    /// Whether one statement holds `groundedCut` of the claim's words (a claim of no content
    /// words is grounded: there is nothing to check).
    public static func isGrounded(_ claim: String, lesson: String, passages: [GroundingPassage]) -> Bool {
        let words = Citations.words(claim)
        guard !words.isEmpty else { return true }
        guard let span = ItemSupport.span(of: claim, lesson: lesson, passages: passages) else { return false }
        return Double(span.shared) / Double(words.count) >= groundedCut
    }
}
