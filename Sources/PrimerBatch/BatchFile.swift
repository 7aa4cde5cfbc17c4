import Foundation
import PrimerCore
import SwiftCSV
import PrimerYAML

/// Reads a batch of subjects from YAML, JSON Lines or CSV. Each record has `title` and optional
/// `notes`, `kind` (auto|general|language), `documents` (a list; in CSV `;`-separated),
/// `instructions` and `provider`. Every problem names the file and the line or entry.
public enum BatchFile {
    static let fields: Set<String> = ["title", "notes", "kind", "documents", "instructions", "provider"]

    public static func load(_ url: URL) throws -> [BatchItem] {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw BatchFileError("cannot read the batch file \(url.path): \(error.localizedDescription)")
        }
        let folder = url.deletingLastPathComponent()
        let items: [BatchItem]
        switch url.pathExtension.lowercased() {
        case "yaml", "yml": items = try yaml(text, file: url.path)
        case "jsonl", "ndjson": items = try jsonLines(text, file: url.path)
        case "csv": items = try csv(text, file: url.path)
        default:
            throw BatchFileError("\(url.path): unknown batch format '.\(url.pathExtension)'; use .yaml, .jsonl or .csv")
        }
        if items.isEmpty { throw BatchFileError("\(url.path) lists no subjects; give at least one record with a `title`") }
        try checkDuplicates(items, file: url.path)
        return items.map { item in
            var item = item
            item.documents = item.documents.map { $0.hasPrefix("/") ? $0 : folder.appendingPathComponent($0).path }
            return item
        }
    }

    // MARK: - Formats

    static func yaml(_ text: String, file: String) throws -> [BatchItem] {
        let root: Any?
        do { root = try SafeYAML.load(yaml: text) } catch let error as YAMLAliasLimitError {
            throw BatchFileError("\(file):\(error.line): \(error.message)")
        } catch { throw BatchFileError("\(file) is not valid YAML: \(error)") }
        let list: [Any]
        if let array = root as? [Any] { list = array } else if let object = root as? [String: Any], let subjects = object["subjects"] as? [Any] {
            list = subjects
        } else {
            throw BatchFileError("\(file): expected a list of subjects (or `subjects:` with a list)")
        }
        return try list.enumerated().map { index, entry in
            let location = "\(file): subject \(index + 1)"
            if let title = entry as? String {
                let title = SubjectTitle.normalized(title)
                guard !title.isEmpty else { throw BatchFileError("\(location) has no `title`") }
                return BatchItem(title: title, location: location)
            }
            guard let record = entry as? [String: Any] else { throw BatchFileError("\(location) must be a title or a mapping with `title`") }
            return try item(record, location: location)
        }
    }

    static func jsonLines(_ text: String, file: String) throws -> [BatchItem] {
        var items: [BatchItem] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let location = "\(file):\(index + 1)"
            guard let record = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any] else {
                throw BatchFileError("\(location) is not a JSON object; each line must be like {\"title\": \"Linear Algebra\"}")
            }
            items.append(try item(record, location: location))
        }
        return items
    }

    static func csv(_ text: String, file: String) throws -> [BatchItem] {
        let starts: [Int]
        do { starts = try CSVRecordLines.starts(of: text) } catch {
            throw BatchFileError(
                "\(file):\(error.line): a quoted field is not closed, so every row after it would be read as part of it; "
                    + "add the closing \" (write a quote inside a quoted field as \"\")")
        }
        let table: CSV<Named>
        do { table = try CSV<Named>(string: text, delimiter: .comma) } catch {
            throw BatchFileError("\(file) is not valid CSV: \(error)")
        }
        let unknown = table.header.filter { !fields.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
        if !unknown.isEmpty {
            throw BatchFileError("\(file): unknown column\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")) (known: \(fields.sorted().joined(separator: ", ")))")
        }
        return try table.rows.enumerated().map { index, row in
            var record: [String: Any] = [:]
            for (key, value) in row where !value.isEmpty {
                let name = key.trimmingCharacters(in: .whitespaces).lowercased()
                record[name] = name == "documents" ? value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } : value
            }
            // The header is record 0.
            let location = "\(file):\(index + 1 < starts.count ? starts[index + 1] : index + 2)"
            if let title = record["title"] as? String, title.trimmingCharacters(in: .whitespacesAndNewlines).contains(where: \.isNewline) {
                throw BatchFileError("\(location): the title has a line break in it; write each title on one line")
            }
            return try item(record, location: location)
        }
    }

    // MARK: - Records

    static func item(_ record: [String: Any], location: String) throws -> BatchItem {
        let unknown = record.keys.filter { !fields.contains($0) }.sorted()
        if !unknown.isEmpty {
            throw BatchFileError("\(location): unknown field\(unknown.count == 1 ? "" : "s") \(unknown.joined(separator: ", ")) (known: \(fields.sorted().joined(separator: ", ")))")
        }
        guard let title = (record["title"] as? String).map(SubjectTitle.normalized), !title.isEmpty else {
            throw BatchFileError("\(location) has no `title`")
        }
        var kind: SubjectKind?
        if let value = record["kind"] {
            guard let text = value as? String, text == "auto" || SubjectKind(rawValue: text) != nil else {
                throw BatchFileError("\(location): kind must be auto, general or language")
            }
            kind = SubjectKind(rawValue: text)
        }
        var documents: [String] = []
        if let value = record["documents"] {
            if let list = value as? [Any], list.allSatisfy({ $0 is String }) { documents = list as! [String] }
            else if let one = value as? String { documents = [one] }
            else { throw BatchFileError("\(location): documents must be a list of file paths") }
        }
        func string(_ key: String) throws -> String? {
            guard let value = record[key] else { return nil }
            guard let text = value as? String else { throw BatchFileError("\(location): \(key) must be text") }
            return text
        }
        return BatchItem(
            title: title, notes: try string("notes"), kind: kind, documents: documents,
            instructions: try string("instructions"), provider: try string("provider"), location: location)
    }

    static func checkDuplicates(_ items: [BatchItem], file: String) throws {
        var seen: [String: String] = [:]
        for item in items {
            let key = SubjectTitle.key(item.title)
            if let first = seen[key] {
                throw BatchFileError("'\(item.title)' appears twice (\(first) and \(item.location)); subjects are stored by title, so keep one")
            }
            seen[key] = item.location
        }
    }
}
