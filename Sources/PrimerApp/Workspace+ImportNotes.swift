import Foundation
import PrimerCore
import PrimerDocuments
import PrimerImport
import PrimerGeneration

/// What importing a `Note,Context` file did: per subtopic, the cards the model wrote from its notes.
public struct NotesImportReport: Sendable, Encodable {
    public struct Written: Sendable, Encodable {
        public var topic: String
        public var subtopic: String
        public var notes: Int
        /// Items the family stored now (0 when they were written by an earlier import, or it failed).
        public var items: Int
        /// True when the family had already written this subtopic (nothing was asked).
        public var alreadyWritten: Bool
        public var error: String?
    }

    public var subject: String
    public var file: String
    public var family: String
    public var provider: String
    public var document: String
    public var notes: Int
    public var written: [Written]
    public var providerCalls: Int
    public var promptTokens: Int
    public var completionTokens: Int
    public var unreadable: [String: Int]
}

extension Workspace {
    /// Turns the learner's notes into cards through the model: the notes are kept as a document of
    /// the subject (`# <subtopic>`, a paragraph a note, under `## <context>` when one subtopic holds
    /// several contexts), each context becomes a subtopic (or all go to `subtopic`), and `family`
    /// (default flashcards) is generated for each from its notes — the family's prompt, gates and
    /// retries with reminders, its provenance naming the notes it used. A subtopic the family has
    /// already written is left as it is, so importing the file twice asks nothing.
    func importNotes(
        _ notes: [ImportedNote], file url: URL, subject title: String, subtopic: String?, family: String?, provider providerName: String?,
        unreadable: [String: Int], progress: @escaping @Sendable (ProgressEvent) -> Void
    ) async throws -> NotesImportReport {
        let stem = url.deletingPathExtension().lastPathComponent
        let familyName = family ?? "flashcards"
        let chosenProvider = self.providerName(providerName)
        let families = try families(forProvider: chosenProvider)
        let provider = try provider(named: chosenProvider)
        let store = try await store()
        let existing = try await store.subject(titled: title)
        let kind = existing?.kind ?? SubjectClassifier.classify(title: title).kind
        // Refused before the subject is made.
        guard families.subtopicFamilies(for: kind).contains(where: { $0.name == familyName }) else {
            throw WorkspaceError(
                .notFound,
                "no subtopic family '\(familyName.excerpt(40))' for \(kind.rawValue) subjects; the families are: "
                    + families.subtopicFamilies(for: kind).map(\.name).joined(separator: ", "))
        }
        let subtopic = try subtopic.map { try Self.required($0, "the subtopic name") }
        let subject = if let existing { existing } else {
            try await store.upsertSubject(title: title, notes: "", kind: kind, instructions: "")
        }
        // Where each note goes: the subtopic named, else its context's, else the file's.
        let plan = try await store.plan(subjectID: subject.id)
        var groups: [(topic: String, subtopic: String, notes: [ImportedNote])] = []
        for note in notes {
            let target = Self.place(named: subtopic ?? (note.context.isEmpty ? stem : note.context), in: plan)
            if let index = groups.firstIndex(where: { $0.subtopic.lowercased() == target.1.lowercased() }) {
                groups[index].notes.append(note)
            } else {
                groups.append((target.0, target.1, [note]))
            }
        }
        let document = ExtractedDocument(name: url.lastPathComponent, format: .markdown, text: Self.notesDocument(groups))
        var subtopicIDs: [Int64] = []
        for group in groups { subtopicIDs.append(try await store.placeSubtopic(subjectID: subject.id, topic: group.topic, subtopic: group.subtopic)) }

        let pipeline = try await pipeline(families: families, provider: provider, documents: [document])
        var report = NotesImportReport(
            subject: subject.title, file: url.lastPathComponent, family: familyName, provider: provider.name, document: document.name,
            notes: notes.count, written: [], providerCalls: 0, promptTokens: 0, completionTokens: 0, unreadable: unreadable)
        for (group, id) in zip(groups, subtopicIDs) {
            var options = PipelineOptions()
            options.subtopicID = id
            options.family = familyName
            var written = NotesImportReport.Written(
                topic: group.topic, subtopic: group.subtopic, notes: group.notes.count, items: 0, alreadyWritten: false)
            let summary = try await pipeline.run(SubjectRequest(title: subject.title), options: options, progress: progress)
            let done = summary.families[familyName] ?? FamilySummary()
            written.items = done.items
            written.alreadyWritten = done.skipped > 0
            written.error = summary.failures.first?.error
            report.providerCalls += summary.providerCalls
            report.promptTokens += summary.promptTokens
            report.completionTokens += summary.completionTokens
            report.written.append(written)
        }
        return report
    }

    /// The notes as the document the family reads: a `#` heading a subtopic (so its notes are
    /// its own passages first), a `##` heading a context when a subtopic holds several.
    static func notesDocument(_ groups: [(topic: String, subtopic: String, notes: [ImportedNote])]) -> String {
        groups.map { group in
            var lines = ["# \(group.subtopic)"]
            var context: String?
            for note in group.notes {
                if !note.context.isEmpty, note.context.lowercased() != group.subtopic.lowercased(), note.context != context {
                    lines.append("## \(note.context)")
                    context = note.context
                }
                lines.append(note.note.replacingOccurrences(of: "\n", with: " "))
            }
            return lines.joined(separator: "\n\n")
        }.joined(separator: "\n\n")
    }
}
