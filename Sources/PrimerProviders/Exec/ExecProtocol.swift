import Foundation
import PrimerCore

/// Protocol v1 of `adapter: exec`: one JSON object per line each way (see Plugins/examples/README.md).
///
/// Request:  `{"protocol":1,"id":"1","model":"…","messages":[{"role":"user","content":"…"}],
///             "purpose":{…},"json_schema":{…}|null,"temperature":0.7|null,"max_tokens":1200|null}`
/// Answer:   `{"id":"1","text":"…","model":"…","usage":{"prompt_tokens":1,"completion_tokens":2},
///             "cost":0.0,"citations":[{"url":"…","title":"…","snippet":"…"}],"finish_reason":"stop"}`
/// Failure:  `{"id":"1","error":{"message":"…","retryable":true}}`
///
/// An embedding model (`adapter: exec-embeddings`) is asked `{"protocol":1,"id":"1","model":"…",
/// "embed":["text",…]}` and answers `{"id":"1","vectors":[[0.1,…],…]}`, one vector a text.
///
/// Unknown fields are ignored both ways.
enum ExecProtocol {
    static let version = 1

    /// The request as one line of JSON (no newline at the end; strings escape their own newlines).
    static func encode(_ request: CompletionRequest, id: String, model: String) -> Data {
        let p = request.purpose
        let purpose: [String: Any] = [
            "family": p.family, "output": ContentKind(p.shape, role: p.role).rawValue, "shape": p.shape.rawValue, "role": p.role?.rawValue ?? "", "item": p.labels.noun, "subject_kind": p.subjectKind.rawValue,
            "language": p.language, "subject": p.subject, "subject_notes": p.subjectNotes, "topic": p.topic,
            "subtopic": p.subtopic, "siblings": p.siblings, "attempt": p.attempt,
        ]
        var schema: Any = NSNull()
        if let text = request.jsonSchema {
            // Sent as a JSON object; text that is not JSON goes as a string rather than being lost.
            schema = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) ?? text
        }
        let object: [String: Any] = [
            "protocol": version, "id": id, "model": model,
            "messages": request.messages.map { ["role": $0.role.rawValue, "content": $0.content] },
            "purpose": purpose, "json_schema": schema,
            "temperature": request.temperature.map { $0 as Any } ?? NSNull(),
            "max_tokens": request.maxTokens.map { $0 as Any } ?? NSNull(),
            "sample": request.sample,
        ]
        // Every value above is JSON-representable, so this cannot fail.
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    /// An embedding request as one line of JSON.
    static func encode(embedding texts: [String], id: String, model: String) -> Data {
        let object: [String: Any] = ["protocol": version, "id": id, "model": model, "embed": texts]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    /// What one line of the child's stdout says: a completion's response, or an embedding
    /// request's vectors.
    enum Answer<Payload> {
        case response(id: String, Payload)
        case failure(id: String, message: String, retryable: Bool)
    }

    enum DecodeError: Error, Equatable {
        /// Not a JSON object (the first 200 characters of the line).
        case notJSON(String)
        /// A JSON object that is missing something (what).
        case incomplete(String)
    }

    /// An answer line's object and id, or its failure.
    private static func envelope(_ line: String) throws(DecodeError) -> (id: String, object: [String: JSONValue], failure: Answer<Never>?) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)), case .object(let object) = value
        else {
            throw .notJSON(preview(line))
        }
        guard let id = object["id"]?.idString else {
            throw .incomplete("an `id` (the id of the request it answers)")
        }
        if let error = object["error"], error != .null {
            if case .string(let text) = error { return (id, object, .failure(id: id, message: text, retryable: false)) }
            let message = error["message"]?.string ?? "the provider reported an error without a message"
            return (id, object, .failure(id: id, message: message, retryable: error["retryable"]?.bool ?? false))
        }
        return (id, object, nil)
    }

    /// An embedding answer: one list of numbers for each of the `count` texts asked.
    static func decode(vectorsFrom line: String, count: Int) throws(DecodeError) -> Answer<[[Float]]> {
        let (id, object, failure) = try envelope(line)
        if case .failure(let id, let message, let retryable)? = failure { return .failure(id: id, message: message, retryable: retryable) }
        let vectors = (object["vectors"]?.array ?? []).map { $0.array?.compactMap { $0.number.map(Float.init) } ?? [] }
        guard vectors.count == count, vectors.allSatisfy({ !$0.isEmpty }), Set(vectors.map(\.count)).count == 1 else {
            throw .incomplete("`vectors`: \(count) lists of numbers of one length, one for each text asked")
        }
        return .response(id: id, vectors)
    }

    static func decode(_ line: String, defaultModel: String) throws(DecodeError) -> Answer<CompletionResponse> {
        let (id, object, failure) = try envelope(line)
        if case .failure(let id, let message, let retryable)? = failure { return .failure(id: id, message: message, retryable: retryable) }
        guard let text = object["text"]?.string else {
            throw .incomplete("a `text` string (or an `error` object)")
        }
        let usage = object["usage"]
        let citations: [Citation] = (object["citations"]?.array ?? []).compactMap { item in
            if let url = item.string { return Citation(url: url) }
            guard let url = item["url"]?.string else { return nil }
            return Citation(url: url, title: item["title"]?.string ?? "", snippet: item["snippet"]?.string ?? "")
        }
        let model = object["model"]?.string.flatMap { $0.isEmpty ? nil : $0 } ?? defaultModel
        let finish = object["finish_reason"]?.string.map { FinishReason(rawValue: $0.lowercased()) ?? .other } ?? .stop
        return .response(
            id: id,
            CompletionResponse(
                text: text, model: model,
                usage: TokenUsage(
                    promptTokens: usage?["prompt_tokens"]?.int ?? 0, completionTokens: usage?["completion_tokens"]?.int ?? 0,
                    cachedPromptTokens: usage?["cached_prompt_tokens"]?.int ?? 0),
                cost: object["cost"]?.number, citations: citations, finishReason: finish))
    }

    /// The first 200 characters, for error messages.
    static func preview(_ line: String) -> String {
        line.count > 200 ? String(line.prefix(200)) + "…" : line
    }

}

extension ExecProtocol.Answer: Equatable where Payload: Equatable {}

/// Any JSON value, for reading answers leniently (unknown fields are simply never looked at).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([JSONValue].self) {
            self = .array(items)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var number: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    var int: Int? {
        guard let number, number.isFinite, abs(number) < 1e15 else { return nil }
        return Int(number.rounded())
    }

    var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// Ids are strings; a whole number is accepted too (`"id": 3` answers request "3").
    var idString: String? {
        if let string { return string }
        if let number, number == number.rounded(), let int { return String(int) }
        return nil
    }
}
