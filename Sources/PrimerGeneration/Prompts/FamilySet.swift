import Foundation
import PrimerCore

/// The families of one `Prompts/` folder, with the selection rules the pipeline relies on.
public struct FamilySet: Sendable {
    public let families: [PromptFamily]
    public let directory: URL?

    /// Loads every `*.yaml` in the folder; all problems of all files are reported together.
    public static func load(directory folder: URL) throws -> FamilySet {
        // The repository's Prompts/ is a link into Sources/PrimerDefaults; list the real folder.
        let directory = folder.resolvingSymlinksInPath()
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { ["yaml", "yml"].contains($0.pathExtension) }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        } catch {
            throw FamilyLoadErrors(errors: [FamilyError(file: directory.path, line: nil, message: "cannot read the prompts folder: \(error.localizedDescription)")])
        }
        var families: [PromptFamily] = []
        var errors: [FamilyError] = []
        for file in files {
            do { families.append(try FamilyLoader.load(file: file)) } catch let loadErrors as FamilyLoadErrors {
                errors += loadErrors.errors
            }
        }
        let set = FamilySet(families: families, directory: directory)
        errors += set.consistencyErrors()
        if !errors.isEmpty { throw FamilyLoadErrors(errors: errors) }
        return set
    }

    public init(families: [PromptFamily], directory: URL? = nil) {
        self.families = families
        self.directory = directory
    }

    public func family(named name: String) -> PromptFamily? {
        let name = FamilyAlias.canonical(name)
        return families.first { $0.name == name }
    }

    /// The plan family for a subject kind.
    public func planFamily(for kind: SubjectKind) -> PromptFamily? {
        families.first { $0.scope == .plan && $0.kinds.contains(kind) }
    }

    /// Subtopic families for a subject kind, in the order they run (lesson first).
    public func subtopicFamilies(for kind: SubjectKind) -> [PromptFamily] {
        families.filter { $0.scope == .subtopic && $0.kinds.contains(kind) }
            .sorted { ($0.order, $0.name) < ($1.order, $1.name) }
    }

    /// The family that answers a learner's question for a subject kind (`scope: question`).
    public func questionFamily(for kind: SubjectKind) -> PromptFamily? {
        families.first { $0.scope == .question && $0.kinds.contains(kind) }
    }

    /// The family whose content is the subtopic's lesson for a subject kind (`role: lesson`).
    public func lessonFamily(for kind: SubjectKind) -> PromptFamily? {
        subtopicFamilies(for: kind).first { $0.role == .lesson }
    }

    /// The family whose fronts are the subject's terms for a subject kind (`role: glossary`).
    public func glossaryFamily(for kind: SubjectKind) -> PromptFamily? {
        subtopicFamilies(for: kind).first { $0.role == .glossary }
    }

    /// Rules across files: unique names, one plan family per kind, exactly one lesson family and
    /// at most one glossary family per kind that has subtopic families.
    func consistencyErrors() -> [FamilyError] {
        var errors: [FamilyError] = []
        var seen: [String: String] = [:]
        for family in families {
            if let other = seen[family.name] {
                errors.append(FamilyError(file: family.file, line: nil, message: "family '\(family.name)' is also defined in \(other); names must be unique"))
            }
            seen[family.name] = family.file
        }
        for kind in SubjectKind.allCases {
            let plans = families.filter { $0.scope == .plan && $0.kinds.contains(kind) }
            if plans.count > 1 {
                errors.append(FamilyError(file: plans[1].file, line: nil, message: "more than one plan family for \(kind.rawValue) subjects (\(plans.map(\.name).joined(separator: ", "))); keep one"))
            }
            let subtopicFamilies = subtopicFamilies(for: kind)
            guard let first = subtopicFamilies.first else { continue }
            let lessons = subtopicFamilies.filter { $0.role == .lesson }
            if lessons.isEmpty {
                errors.append(FamilyError(file: first.file, line: nil, message: "no lesson family for \(kind.rawValue) subjects; give one `shape: lesson` family `role: lesson` (the other families read the lesson)"))
            } else if lessons.count > 1 {
                errors.append(FamilyError(file: lessons[1].file, line: nil, message: "more than one lesson family for \(kind.rawValue) subjects (\(lessons.map(\.name).joined(separator: ", "))); keep `role: lesson` on one"))
            }
            let glossaries = subtopicFamilies.filter { $0.role == .glossary }
            if glossaries.count > 1 {
                errors.append(FamilyError(file: glossaries[1].file, line: nil, message: "more than one glossary family for \(kind.rawValue) subjects (\(glossaries.map(\.name).joined(separator: ", "))); keep `role: glossary` on one"))
            }
        }
        return errors
    }
}
