import Foundation
import PrimerCore

/// One recorded answer: a line of a cassette file (JSON Lines).
///
/// ```json
/// {"cassette":1,"key":"…32 hex…","provider":"openrouter","model":"…","purpose_in_key":false,
///  "recorded_at":"2025-01-01T00:00:00Z","request":{"family":"quiz","output":"quiz",…,"messages":[…]},
///  "response":{"text":"…","model":"…","usage":{…},"cost":0.001,"citations":[],"finish_reason":"stop"}}
/// ```
///
/// `key` is the `ResponseCacheKey` of the request as the provider received it, computed with
/// `provider`, `model` and `purpose_in_key`, so replay can recompute it from a new request whatever
/// the replaying manifest is called. Everything else is a scrubbed copy for people to read.
public struct CassetteEntry: Sendable, Equatable, Codable {
    public static let formatVersion = 1

    public var cassette: Int
    public var key: String
    public var provider: String
    public var model: String
    public var purposeInKey: Bool
    public var recordedAt: Date
    public var request: Request
    public var response: CompletionResponse

    /// What was asked, for people reading the cassette (and for error messages).
    public struct Request: Sendable, Equatable, Codable {
        public var family: String
        /// The kind of content asked for (`ContentKind`: plan, notes, flashcards, quiz, terms, cloze).
        public var output: String
        public var subject: String
        public var topic: String
        public var subtopic: String
        public var attempt: Int
        public var temperature: Double?
        public var maxTokens: Int?
        public var jsonSchema: String?
        public var messages: [ChatMessage]

        enum CodingKeys: String, CodingKey {
            case family, output, subject, topic, subtopic, attempt, temperature, messages
            case maxTokens = "max_tokens"
            case jsonSchema = "json_schema"
        }

        public init(_ request: CompletionRequest) {
            let purpose = request.purpose
            family = purpose.family
            output = ContentKind(purpose.shape, role: purpose.role).rawValue
            subject = purpose.subject
            topic = purpose.topic
            subtopic = purpose.subtopic
            attempt = purpose.attempt
            temperature = request.temperature
            maxTokens = request.maxTokens
            jsonSchema = request.jsonSchema
            messages = request.messages
        }
    }

    enum CodingKeys: String, CodingKey {
        case cassette, key, provider, model, request, response
        case purposeInKey = "purpose_in_key"
        case recordedAt = "recorded_at"
    }

    public init(
        key: String, provider: String, model: String, purposeInKey: Bool, recordedAt: Date = Date(),
        request: Request, response: CompletionResponse
    ) {
        cassette = Self.formatVersion
        self.key = key
        self.provider = provider
        self.model = model
        self.purposeInKey = purposeInKey
        self.recordedAt = recordedAt
        self.request = request
        self.response = response
    }

    /// A copy with every text passed through `scrubber` (the key stays: it is a hash).
    public func scrubbed(by scrubber: SecretScrubber) -> CassetteEntry {
        var copy = self
        let s = scrubber.scrub
        copy.provider = s(provider)
        copy.model = s(model)
        copy.request.family = s(request.family)
        copy.request.subject = s(request.subject)
        copy.request.topic = s(request.topic)
        copy.request.subtopic = s(request.subtopic)
        copy.request.jsonSchema = request.jsonSchema.map(s)
        copy.request.messages = request.messages.map { ChatMessage(role: $0.role, content: s($0.content)) }
        copy.response.text = s(response.text)
        copy.response.model = s(response.model)
        copy.response.citations = response.citations.map {
            Citation(url: s($0.url), title: s($0.title), snippet: s($0.snippet))
        }
        return copy
    }

    /// The entry as one line of JSON (no newline inside, none at the end).
    public func jsonLine() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

/// A problem reading or writing a cassette; names the file (and line).
public enum CassetteError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    case unreadable(file: String, reason: String)
    case badLine(file: String, line: Int, problem: String)
    case cannotWrite(file: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(file, reason):
            "\(file): cannot read the cassette (\(reason)); check the path, or record it again with --record."
        case let .badLine(file, line, problem):
            "\(file):\(line): not a cassette entry (\(problem)); fix or delete that line, or record the cassette again with --record."
        case let .cannotWrite(file, reason):
            "\(file): cannot write the cassette (\(reason)); check that the folder is writable."
        }
    }

    public var errorDescription: String? { description }
}

/// Recorded answers loaded from a cassette file, looked up by request.
public struct Cassette: Sendable {
    public let file: URL
    /// Entries in file order.
    public let entries: [CassetteEntry]
    private let byKey: [String: CassetteEntry]
    /// The distinct (provider, model, purpose_in_key) the keys were computed with.
    private let keyings: [Keying]

    struct Keying: Hashable, Sendable {
        var provider: String
        var model: String
        var purposeInKey: Bool
    }

    public init(file: URL, entries: [CassetteEntry]) {
        self.file = file
        self.entries = entries
        // A later recording of the same request wins.
        byKey = Dictionary(entries.map { ($0.key, $0) }, uniquingKeysWith: { _, later in later })
        var seen = Set<Keying>()
        keyings = entries.compactMap { entry in
            let keying = Keying(provider: entry.provider, model: entry.model, purposeInKey: entry.purposeInKey)
            return seen.insert(keying).inserted ? keying : nil
        }
    }

    /// Reads a cassette. Blank lines are skipped; a line that is not an entry throws
    /// `CassetteError.badLine` with its number.
    public static func load(from file: URL) throws -> Cassette {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CassetteError.unreadable(file: file.path, reason: (error as NSError).localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CassetteError.unreadable(file: file.path, reason: "not UTF-8 text")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var entries: [CassetteEntry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            do {
                let entry = try decoder.decode(CassetteEntry.self, from: Data(trimmed.utf8))
                guard entry.cassette <= CassetteEntry.formatVersion else {
                    throw CassetteError.badLine(
                        file: file.path, line: index + 1,
                        problem: "written in cassette format \(entry.cassette) by a newer Primer; this one reads format \(CassetteEntry.formatVersion)")
                }
                entries.append(entry)
            } catch let error as CassetteError {
                throw error
            } catch {
                throw CassetteError.badLine(file: file.path, line: index + 1, problem: Self.describe(error))
            }
        }
        return Cassette(file: file, entries: entries)
    }

    /// The entry recorded under this key.
    public func entry(forKey key: String) -> CassetteEntry? { byKey[key] }

    /// The entry whose key matches `request` as received by the replaying adapter, with the key
    /// recomputed under each provider name and model the cassette was recorded with.
    public func entry(for request: CompletionRequest) -> CassetteEntry? {
        for keying in keyings {
            let key = ResponseCacheKey(
                request: request, provider: keying.provider, model: keying.model, includePurpose: keying.purposeInKey)
            if let entry = byKey[key.hex] { return entry }
        }
        return nil
    }

    /// `<suite>/cassettes/<provider>.jsonl`, the provider name made safe for a file name.
    public static func url(suite: URL, provider: String) -> URL {
        let safe = String(provider.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        return suite.appendingPathComponent("cassettes", isDirectory: true)
            .appendingPathComponent((safe.isEmpty ? "provider" : safe) + ".jsonl")
    }

    static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "invalid JSON" + Self.at(context)
        case DecodingError.keyNotFound(let key, let context):
            return "missing `\(key.stringValue)`" + Self.at(context)
        case DecodingError.typeMismatch(let type, let context), DecodingError.valueNotFound(let type, let context):
            return "expected \(type)" + Self.at(context)
        default:
            return "\(error)"
        }
    }

    static func at(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return path.isEmpty ? "" : " at `\(path)`"
    }
}
