/// One numbered source a question is answered from: a passage of the subject's documents, or a
/// part of a lesson of its kit. Citations in an answer (`[2]`) name sources by `number`.
public struct AskSource: Sendable, Equatable, Codable {
    public enum Origin: String, Sendable, Codable { case document, lesson }

    public var number: Int
    public var kind: Origin
    /// The document's file name, or the lesson's subtopic.
    public var document: String
    public var page: Int?
    /// The passage's last page, when it runs past `page`.
    public var lastPage: Int?
    /// The section: the passage's heading path, or the lesson's topic.
    public var section: String
    public var text: String

    public init(number: Int, kind: Origin, document: String, page: Int? = nil, lastPage: Int? = nil, section: String = "", text: String) {
        self.lastPage = lastPage
        self.number = number
        self.kind = kind
        self.document = document
        self.page = page
        self.section = section
        self.text = text
    }

    /// What the source states, as an answer is checked against it and quoted from it: the text
    /// under its heading. A syllabus's heading is what its lines are about ("Week 2: Coral Reef
    /// Ecosystems" over "Symbiosis between corals…"), so a numbered label heading leads the text's
    /// first statement (`Statements`); another heading stands as a paragraph of its own.
    public var evidence: String {
        guard kind == .document, let heading = section.components(separatedBy: " › ").last, !heading.isEmpty else { return text }
        return heading + (Statements.isLabel(heading) ? "\n" : "\n\n") + text
    }

    /// "ch05.pdf, p. 3, § Vision", "notes.pdf, pp. 3–4" or "lesson “Vision” (Sensation and Perception)": how a
    /// citation is shown.
    public var label: String {
        switch kind {
        case .document:
            var label = document
            if let page { label += ", " + DocumentPlace.label(document: document, first: page, last: lastPage) }
            if !section.isEmpty { label += ", § \(section)" }
            return label
        case .lesson:
            return "lesson “\(document)”" + (section.isEmpty ? "" : " (\(section))")
        }
    }

    /// The sources as the question family's `sources` variable shows them: each number and
    /// label, then its text fenced as quoted material (`DocumentFence`), never instructions.
    public static func block(_ sources: [AskSource]) -> String {
        DocumentFence.preface + sources.map { "\n\n[\($0.number)] \($0.label)\n" + DocumentFence.wrap($0.text, label: $0.label) }.joined()
    }
}
