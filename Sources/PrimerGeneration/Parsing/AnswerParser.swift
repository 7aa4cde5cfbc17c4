import PrimerCore

/// An answer to a learner's question (a `scope: question` family), as prose with citation
/// markers. Written as prose it is read like a lesson; written as JSON (the schema a small
/// model is held to) `{"sentences": [{"text": "…", "source": 2}]}` becomes one line a sentence,
/// "… [2]", and an empty list is the refusal (`Citations.refusal`).
public enum AnswerParser {
    public static func parse(_ text: String) throws -> String {
        guard let object = JSONExtraction.extract(text) as? [String: Any], let sentences = object["sentences"] as? [Any] else {
            return try LessonParser.parse(text)
        }
        let lines = sentences.compactMap { entry -> String? in
            guard let sentence = entry as? [String: Any], let text = (sentence["text"] as? String)?.trimmedWhitespace, !text.isEmpty else { return nil }
            let numbers = (sentence["source"] as? Int).map { [$0] } ?? (sentence["sources"] as? [Int]) ?? []
            return numbers.isEmpty ? text : "\(text) [\(numbers.map(String.init).joined(separator: ", "))]"
        }
        return lines.isEmpty ? Citations.refusal : lines.joined(separator: "\n")
    }
}
