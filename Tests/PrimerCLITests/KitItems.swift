import Foundation
import Testing

/// A store's kits as `primer export --all --format json` writes them, reduced to what a learner
/// gets — per subject, each subtopic's families and their items in order — without ids, times,
/// generation records or sources, so two runs' kits compare item for item.
enum KitItems {
    /// Keys that name when or by which record something was made, not what it is.
    static let ignored: Set<String> = ["id", "key", "created_at", "updated_at", "generated_at", "generation_id", "exported_at", "generations", "sources"]

    /// Subject title → its items, one line each: "subtopic index · family · item JSON".
    static func of(_ cli: CLIRunner) async throws -> [String: [String]] {
        let file = cli.directory.appendingPathComponent("kits-\(UUID().uuidString).json")
        let exported = try await cli.run(["export", "--all", "--format", "json", "--out", file.path])
        try #require(exported.status == 0, "\(exported.stderr)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var kits: [String: [String]] = [:]
        for kit in root["kits"] as? [[String: Any]] ?? [] {
            let subject = kit["subject"]
            let title = (subject as? String) ?? ((subject as? [String: Any])?["title"] as? String) ?? "?"
            let subtopics = (kit["topics"] as? [[String: Any]] ?? []).flatMap { $0["subtopics"] as? [[String: Any]] ?? [] }
            var lines: [String] = []
            for (index, subtopic) in subtopics.enumerated() {
                for content in subtopic["content"] as? [[String: Any]] ?? [] {
                    for item in content["items"] as? [Any] ?? [] {
                        let data = try JSONSerialization.data(withJSONObject: stripped(item), options: [.sortedKeys])
                        lines.append("\(index) · \(content["family"] ?? "") · \(String(decoding: data, as: UTF8.self))")
                    }
                }
            }
            kits[title] = lines
        }
        return kits
    }

    static func stripped(_ value: Any) -> Any {
        if let object = value as? [String: Any] {
            return object.filter { !ignored.contains($0.key) }.mapValues(stripped)
        }
        if let array = value as? [Any] { return array.map(stripped) }
        return value
    }

    /// The subjects whose kits differ, each with its first differing line, for a failure message.
    static func differences(_ a: [String: [String]], _ b: [String: [String]]) -> [String] {
        Set(a.keys).union(b.keys).sorted().compactMap { title in
            let x = a[title] ?? [], y = b[title] ?? []
            guard x != y else { return nil }
            let first = zip(x, y).first { $0 != $1 }
            return "\(title): \(x.count) vs \(y.count) items; first difference: \(first.map { "\($0.0.prefix(160)) ≠ \($0.1.prefix(160))" } ?? "one is longer")"
        }
    }
}
