import Foundation
import PrimerCore

/// A read-only view of decoded JSON that never throws on a missing or mistyped field: the
/// adapter takes what it knows from Perplexity's answers and ignores the rest, so a new or
/// absent field does not break a run.
struct PerplexityJSON {
    let value: Any?

    init(_ value: Any?) { self.value = value }

    /// Nil when the data is not JSON.
    init?(data: Data) {
        guard let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { return nil }
        self.value = value
    }

    subscript(key: String) -> PerplexityJSON { PerplexityJSON((value as? [String: Any])?[key]) }

    var isObject: Bool { value is [String: Any] }
    var array: [PerplexityJSON] { (value as? [Any])?.map(PerplexityJSON.init) ?? [] }
    var string: String? { value as? String }

    var double: Double? {
        if value is Bool { return nil }
        if let number = value as? Double { return number }
        if let number = value as? Int { return Double(number) }
        if let number = value as? NSNumber { return number.doubleValue }
        return nil
    }

    var int: Int? {
        if value is Bool { return nil }
        if let number = value as? Int { return number }
        if let number = value as? Double, number.isFinite { return Int(number) }
        if let number = value as? NSNumber { return number.intValue }
        return nil
    }

    /// Text and non-empty, else nil.
    var text: String? {
        guard let string, !string.isEmpty else { return nil }
        return string
    }
}

/// Text helpers shared by both Perplexity APIs.
enum PerplexityText {
    /// Citations from both places Perplexity lists sources, in first-seen order, one per URL:
    /// a later entry for the same URL fills in a title or snippet the first one lacked.
    static func mergeCitations(_ citations: [Citation]) -> [Citation] {
        var merged: [Citation] = []
        var index: [String: Int] = [:]
        for citation in citations {
            let url = citation.url.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !url.isEmpty else { continue }
            if let at = index[url] {
                if merged[at].title.isEmpty { merged[at].title = citation.title }
                if merged[at].snippet.isEmpty { merged[at].snippet = citation.snippet }
            } else {
                index[url] = merged.count
                merged.append(Citation(url: url, title: citation.title, snippet: citation.snippet))
            }
        }
        return merged
    }

    /// A search result `{url, title, snippet}` as a citation; nil without a URL.
    static func citation(_ item: PerplexityJSON) -> Citation? {
        guard let url = item["url"].text else { return nil }
        return Citation(url: url, title: item["title"].string ?? "", snippet: item["snippet"].string ?? "")
    }

    /// `response_format` in the shape both APIs document:
    /// `{"type":"json_schema","json_schema":{"name","schema"}}`. The name must be 1–64
    /// alphanumeric characters, so it is built from the family name's letters and digits.
    static func responseFormat(schema: String, purpose: RequestPurpose, provider: String) throws -> [String: Any] {
        guard let object = RawJSON(object: schema) else {
            throw ProviderError(
                provider: provider,
                message: "the JSON schema of prompt family `\(purpose.family)` is not a JSON object, so it cannot be sent "
                    + "as Perplexity's response_format; fix the family's schema or set `structured_output: false`",
                retryable: false)
        }
        let letters = purpose.family.unicodeScalars.filter { $0.isASCII && CharacterSet.alphanumerics.contains($0) }
        let name = String(String.UnicodeScalarView(letters)).prefix(58)
        return ["type": "json_schema", "json_schema": ["name": "primer" + name, "schema": object]]
    }
}
