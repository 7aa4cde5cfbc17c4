import Foundation
import PrimerCore
import PrimerExport

/// What an export wrote.
public struct ExportResult: Sendable {
    public var file: URL
    public var subjects: Int
    public var items: Int
}

extension Workspace {
    /// The stored subjects with what each holds.
    public func subjects() async throws -> [SubjectSummary] {
        try await readingStore().listSubjects()
    }

    /// A stored kit, described by the prompts folder's families (their titles, labels and
    /// order), or only one of its subtopics.
    public func kit(titled title: String, subtopic: String? = nil) async throws -> Kit {
        guard let kit = try await readingStore().kit(subjectTitle: title) else {
            throw Self.noSubject(title)
        }
        let described = try locations.families(config: config).describing(kit)
        return try subtopic.map { try Self.only($0, of: described) } ?? described
    }

    /// Writes the kits of `titles` (nil: every stored subject) in `format` to `file` (default:
    /// <subject>.<extension>, or primer-kits.<extension> for all, in the current folder). A file
    /// that cannot be written is refused before anything is read. `withScheduling`: an apkg
    /// carries the learner's schedule of each reviewed card (Anki's due date and interval), its
    /// FSRS memory and its review log.
    public func export(_ titles: [String]?, format: ExportFormat, to file: URL?, withScheduling: Bool = false) async throws -> ExportResult {
        if let file {
            do { try OutputFile.checkTarget(file) } catch let error as OutputFileError { throw WorkspaceError("\(error)") }
        }
        let chosen = if let titles { titles } else { try await readingStore().listSubjects().map(\.title) }
        if chosen.isEmpty { throw WorkspaceError("the store has no subjects to export; generate one with `primer generate \"Linear Algebra\"`") }
        var kits: [Kit] = []
        for title in chosen { kits.append(try await kit(titled: title)) }
        let name = titles == nil ? "primer-kits" : Self.fileName(kits[0].subject.title)
        let url = file ?? locations.currentDirectory.appendingPathComponent("\(name).\(format.fileExtension)")
        var learner = LearnerRecords()
        for title in chosen {
            for card in try await readingStore().studyCards(subjectTitle: title) {
                if !card.tags.isEmpty { learner.tags[card.id] = card.tags }
                if withScheduling { learner.memories[card.id] = card.memory }
            }
            if withScheduling {
                for entry in try await readingStore().reviewLog(subjectTitle: title) { learner.reviews[entry.itemID, default: []].append(entry) }
            }
        }
        do {
            try KitExporter(learner: learner).export(kits, format: format, to: url)
        } catch let error as ExportError {
            throw WorkspaceError("\(error)")
        } catch let error as OutputFileError {
            throw WorkspaceError("\(error)")
        }
        return ExportResult(file: url, subjects: kits.count, items: StudyItems.collect(kits).count)
    }

    /// Deletes a subject and everything generated for it.
    public func deleteSubject(titled title: String) async throws {
        guard try await store().deleteSubject(title: title) else {
            throw Self.noSubject(title)
        }
    }

    /// The kit reduced to one subtopic (under its topic), found by title, case-insensitively.
    static func only(_ name: String, of kit: Kit) throws -> Kit {
        let wanted = name.lowercased()
        for topic in kit.topics {
            if let match = topic.subtopics.first(where: { $0.title.lowercased() == wanted }) {
                var reduced = kit
                reduced.topics = [KitTopic(title: topic.title, overview: topic.overview, subtopics: [match])]
                return reduced
            }
        }
        let names = kit.topics.flatMap { $0.subtopics.map(\.title) }
        throw WorkspaceError(.notFound, "'\(kit.subject.title)' has no subtopic '\(name)'; its subtopics are: \(names.joined(separator: "; "))")
    }

    /// A file name from a title: letters, digits and dashes.
    public static func fileName(_ title: String) -> String {
        let allowed = title.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" }
        let name = String(allowed).split(separator: "-").joined(separator: "-")
        // A title of symbols only ("???") would name a hidden file (".json").
        return name.isEmpty ? "subject" : name
    }
}
