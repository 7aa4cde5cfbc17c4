import Foundation
import Yams
import PrimerCore

/// `meta-labels` (plan only): drops topics and subtopics that are course furniture rather than
/// content — "Review", "Quiz", "Summary", "Final exam", "Practice test", "Chapter 3 Quiz",
/// "Unit 2", "Review of vectors", "Quiz: Matrices", and a bare "Introduction" or "Overview".
/// The app makes its own quizzes and reviews; a plan entry for them would generate notes about
/// nothing.
///
/// Content that merely contains such a word stays: "Introduction to vectors", "Hypothesis
/// tests", "Code review", "Final value theorem" — a title is a meta-label only when all its words
/// are meta words, numbers and connectors, or it starts with "Review of", "Summary of", "Quiz
/// on", "Quiz:" and the like. A dropped topic takes its subtopics with it. No options.
struct MetaLabelsGate: OptionlessGate {
    static let gateName = "meta-labels"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        guard case .plan(let plan) = output else { return GateVerdict(output: output) }
        return PlanTitleDrops.apply(plan) { title, topic in
            guard Self.isMetaLabel(title) else { return nil }
            return topic.map { "dropped meta-label subtopic \(GateText.quote(title)) in \(GateText.quote($0))" }
                ?? "dropped meta-label topic \(GateText.quote(title))"
        }
    }

    /// Words that name course furniture. Not "reading", "discussion", "set": in some courses
    /// ("Reading" in a language course, "Sets" in maths) they are content.
    static let metaWords: Set<String> = [
        "review", "reviews", "quiz", "quizzes", "summary", "summaries", "exam", "exams",
        "examination", "test", "tests", "assessment", "assessments", "recap", "conclusion",
        "conclusions", "project", "projects", "midterm", "midterms", "final", "finals", "practice",
        "introduction", "intro", "overview", "outline", "wrap", "wrapup", "takeaways",
        "question", "questions", "checkpoint", "capstone", "homework", "assignment", "assignments", "exercises",
        "problems", "problem", "revision", "preview", "welcome", "orientation", "syllabus",
        "resources", "references", "glossary", "q", "qa",
    ]
    /// Words that may accompany meta words without making the title content.
    static let connectorWords: Set<String> = [
        "and", "&", "or", "a", "an", "the", "of", "chapter", "unit", "module", "week", "lesson",
        "section", "part", "course", "mid", "term", "end", "mock", "sample", "self", "key",
        "general", "brief", "short", "quick", "full", "cumulative", "comprehensive", "further",
        "next", "steps", "your", "knowledge", "check", "with", "answers", "solutions", "day",
        "session", "class", "i", "ii", "iii", "iv", "v", "set", "up",
        // A textbook's back matter: "Key Concepts and Summary", "Personal Application Question",
        // "Visual Connection Questions", "Critical Thinking Questions", "Key Equations".
        "concepts", "equations", "terms", "visual", "connection", "personal", "application", "critical", "thinking",
    ]
    /// Openings that make the rest of the title the object of a review, not content.
    static let metaPrefix =
        #"^(review|summary|recap|quiz|quizzes|exam|final exam|midterm|midterm exam|practice test|practice quiz|practice exam|test your knowledge)( (of|on|about|for)\b|$)"#

    static let metaPrefixPattern = GateRegex(metaPrefix)
    static let labelPattern = GateRegex(#"^(review|summary|recap|quiz|exam|midterm|final exam|practice test)\s*[:\-–—]"#)

    static func isMetaLabel(_ title: String) -> Bool {
        let lowered = title.lowercased().trimmedWhitespace
        // "Quiz: Matrices", "Review – Vectors".
        if labelPattern.matches(lowered) { return true }
        let normalized = GateText.normalize(title, dropArticles: false)
        if metaPrefixPattern.matches(normalized) { return true }
        let words = GateText.splitWords(normalized)
        guard !words.isEmpty else { return true }
        let isFurniture: (String) -> Bool = { word in
            metaWords.contains(word) || connectorWords.contains(word) || word.allSatisfy(\.isNumber)
        }
        // All furniture, and at least one real meta word or a lone "Chapter 3"/"Unit 2".
        guard words.allSatisfy(isFurniture) else { return false }
        let structural: Set<String> = ["chapter", "unit", "module", "week", "lesson", "section", "part", "day", "session"]
        // "Key Terms", "Key Equations": a list the book keeps, not a part of the subject.
        return words.contains(where: metaWords.contains) || words.contains(where: structural.contains) || words.first == "key"
    }
}
