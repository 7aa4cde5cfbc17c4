import Foundation
import Yams
import PrimerCore

/// `plan-titles` (plan only): drops the topics and subtopics whose title is not a part of the
/// subject, as `meta-labels` drops course furniture (a dropped topic takes its subtopics):
/// - a placeholder: "[Title 1]", "Topic 2", "Subtopic A", "TBD";
/// - a title about the subject instead of in it: "Key Ideas of the Subject", "The main parts of
///   the subject", "Tasks", "Key ideas include" (a sentence cut off);
/// - the learner's notes or instructions copied in as a title;
/// - a list of ideas stuffed into one title: "the brain, nervous system, senses, perception"
///   (four or more parts; "Protons, neutrons and electrons" is one title).
/// A plan left with too little is rejected by `plan-bounds` and written again with the reasons.
/// Dropping rather than rejecting is measured: rejected, the 135M model wrote the same "Key
/// Ideas" plan on all three attempts and the run failed. Seen in its plans (issue 29) that every
/// other gate let through. No options.
struct PlanTitlesGate: OptionlessGate {
    static let gateName = "plan-titles"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .plan(let plan) = output else { return GateVerdict(output: output) }
        return PlanTitleDrops.apply(plan) { title, topic in
            guard let problem = Self.problem(title, context: context) else { return nil }
            return (topic.map { "dropped subtopic \(GateText.quote(title)) in \(GateText.quote($0))" } ?? "dropped topic \(GateText.quote(title))")
                + ": it \(problem)"
        }
    }

    /// What is wrong with `title` as a topic or subtopic, nil when nothing is.
    static func problem(_ title: String, context: GateContext) -> String? {
        let normalized = GateText.normalize(title, dropArticles: false)
        let words = GateText.splitWords(normalized)
        if words.isEmpty || PlaceholdersGate.classify(title) == .placeholder || numberedLabel.matches(normalized) {
            return "is a placeholder"
        }
        if aboutTheSubject.matches(normalized) || (words.count == 1 && genericWords.contains(words[0])) {
            return "is about the subject, not a part of it"
        }
        if cutOff.matches(title.lowercased().trimmedWhitespace) { return "is a sentence cut off, not a title" }
        if copies(normalized, of: context.notes) { return "copies the learner's notes" }
        if copies(normalized, of: context.instructions) { return "copies the learner's instructions" }
        let parts = title.split(whereSeparator: { $0 == "," || $0 == ";" }).flatMap { $0.components(separatedBy: " and ") }
            .filter { !$0.trimmedWhitespace.isEmpty }
        if parts.count >= 4, title.filter({ $0 == "," || $0 == ";" }).count >= 2 {
            return "lists \(parts.count) ideas in one title; make each a subtopic of its own"
        }
        return nil
    }

    /// "Topic 1", "Subtopic 2", "Title A", "Section 3": a numbered label, not a title.
    static let numberedLabel = GateRegex(#"^(topic|subtopic|title|section|idea|point|item|part) ([0-9]+|[a-e])$"#)
    /// "Key ideas of the subject", "The main parts of the course", "Key ideas", "Main concepts".
    static let aboutTheSubject = GateRegex(
        #"\b(the|this|our|your) (subject|course|topic|syllabus)\b|^(the )?(key|main|core|basic|important|central|major) (ideas?|parts?|points?|concepts?|components?|themes?|aspects?|topics?|elements?|areas?)$"#)
    /// Words that alone name no part of any subject.
    static let genericWords: Set<String> = ["tasks", "task", "topics", "subtopics", "ideas", "concepts", "parts", "items", "things", "points", "details"]
    /// "Key ideas include", "The parts are:", a title that ends where a list should begin.
    static let cutOff = GateRegex(#"(\b(include|includes|including|such as)|:)$"#)

    /// Whether a title of at least four words is most of `text` (the learner's notes or instructions) copied.
    static func copies(_ normalizedTitle: String, of text: String) -> Bool {
        let source = GateText.normalize(text, dropArticles: false)
        let titleWords = GateText.splitWords(normalizedTitle).count
        guard titleWords >= 4, !source.isEmpty, source.contains(exactly: normalizedTitle) else { return false }
        return Double(titleWords) >= 0.5 * Double(GateText.splitWords(source).count)
    }
}
