import Foundation
import PrimerCore

/// How the mock writes its answers.
public enum MockStyle: String, Sendable, Equatable, CaseIterable {
    /// The formats the prompts ask for: `question | answer`, quiz blocks, `## Topic — overview`…
    case canonical
    /// Other formats real models answer in (JSON, `Q:`/`A:` blocks, numbered outlines, chatter
    /// around notes, bold term bullets), chosen deterministically per request.
    case varied
}

/// A fault the mock injects into matching requests.
public struct MockFault: Sendable, Equatable {
    public enum Effect: String, Sendable, Equatable, CaseIterable {
        /// Throw a retryable `ProviderError` ("injected fault").
        case error
        /// Throw a non-retryable `ProviderError`.
        case fatal
        /// Answer with chatter that holds no parsable item.
        case malformed
        /// Answer with the first half of the text and `finishReason == .length`.
        case truncated
        /// Keep only one item.
        case tooFew = "too_few"
        /// Add `count` items about `purpose.siblings[0]` that do not mention the subtopic.
        case offScope = "off_scope"
        /// Answer every attempt as the first one, whatever the reminder says (a model stuck on
        /// one answer): with a fault that gets it rejected, each retry repeats it.
        case stuck
        /// Repeat `count` items.
        case duplicates
        /// Add `count` template items ("Question | Answer", "Term: Definition").
        case placeholders
    }

    public var kind: Effect
    /// Attempt numbers (`purpose.attempt`) it fires on; nil means every attempt.
    public var attempts: [Int]?
    /// Families it fires on, by family name or kind (plan, lesson, flashcards, quiz, terms, cloze; `notes` is read as `lesson`); nil means every family.
    public var families: [String]?
    /// How many items `off_scope`, `duplicates` and `placeholders` add.
    public var count: Int

    public init(_ kind: Effect, attempts: [Int]? = nil, families: [String]? = nil, count: Int = 1) {
        self.kind = kind
        self.attempts = attempts
        self.families = families?.map(FamilyAlias.canonical)
        self.count = count
    }

    /// Whether the fault fires for this request. Depends on the request only (stateless).
    public func matches(_ purpose: RequestPurpose) -> Bool {
        if let attempts, !attempts.contains(purpose.attempt) { return false }
        if let families, !families.contains(purpose.family), !families.contains(ContentKind(purpose.shape, role: purpose.role).rawValue) {
            return false
        }
        return true
    }
}

/// What a replaying mock does with a request the cassette has no answer for.
public enum MockReplayFallback: String, Sendable, Equatable, CaseIterable {
    /// Throw a non-retryable `ProviderError` saying what to record.
    case fail
    /// Write the normal mock content.
    case generate
}

/// The mock's settings (`settings:` in its manifest).
public struct MockConfiguration: Sendable, Equatable {
    public var seed: UInt64
    /// Sleep this long per call.
    public var latencyMs: Int
    public var style: MockStyle
    public var faults: [MockFault]
    /// A cassette to answer from (`replay:`), resolved against the manifest's folder, then the
    /// current directory. See `MockProvider` and `CassetteRecorder`.
    public var replay: URL?
    /// `replay_fallback:` (default `fail`).
    public var replayFallback: MockReplayFallback

    public static let settingKeys = ["seed", "latency_ms", "style", "faults", "replay", "replay_fallback"]
    public static let faultKeys = ["type", "attempts", "families", "count"]

    public init(
        seed: UInt64 = 42, latencyMs: Int = 0, style: MockStyle = .canonical, faults: [MockFault] = [],
        replay: URL? = nil, replayFallback: MockReplayFallback = .fail
    ) {
        self.seed = seed
        self.latencyMs = latencyMs
        self.style = style
        self.faults = faults
        self.replay = replay
        self.replayFallback = replayFallback
    }

    /// Reads the settings mapping; every mistake is a `ProviderConfigError` naming file and line.
    public init(settings: ManifestSettings) throws {
        self.init()
        try settings.rejectUnknownKeys(allowed: Self.settingKeys)
        if let seed = try settings.int("seed") { self.seed = UInt64(bitPattern: Int64(seed)) }
        if let latency = try settings.int("latency_ms", minimum: 0) { latencyMs = latency }
        if let name = try settings.string("style") {
            guard let style = MockStyle(rawValue: name) else {
                throw ProviderConfigError.badValue(
                    file: settings.file.path, line: settings.value("style")?.mark?.line, key: "settings.style",
                    problem: "is `\(name)`; use one of: \(MockStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            self.style = style
        }
        try readReplay(settings)
        for entry in try settings.mappingList("faults") ?? [] {
            try entry.rejectUnknownKeys(allowed: Self.faultKeys)
            let kinds = MockFault.Effect.allCases.map(\.rawValue).joined(separator: ", ")
            guard let type = try entry.string("type") else {
                throw ProviderConfigError.badValue(
                    file: entry.file.path, line: entry.line, key: "\(entry.section ?? "fault").type",
                    problem: "is missing; every fault needs `type:` (one of: \(kinds))")
            }
            guard let kind = MockFault.Effect(rawValue: type) else {
                throw ProviderConfigError.badValue(
                    file: entry.file.path, line: entry.value("type")?.mark?.line ?? entry.line,
                    key: "\(entry.section ?? "fault").type", problem: "is `\(type)`; use one of: \(kinds)")
            }
            faults.append(
                MockFault(
                    kind, attempts: try entry.intList("attempts", minimum: 1), families: try entry.stringList("families"),
                    count: try entry.int("count", minimum: 1) ?? 1))
        }
    }
}

extension MockConfiguration {
    /// `replay:` (a path, relative to the manifest's folder, then to the current directory) and
    /// `replay_fallback:` (`fail` or `generate`).
    mutating func readReplay(_ settings: ManifestSettings, currentDirectory: String = FileManager.default.currentDirectoryPath) throws {
        if let name = try settings.string("replay_fallback") {
            guard let fallback = MockReplayFallback(rawValue: name) else {
                throw ProviderConfigError.badValue(
                    file: settings.file.path, line: settings.value("replay_fallback")?.mark?.line,
                    key: "settings.replay_fallback",
                    problem: "is `\(name)`; use one of: \(MockReplayFallback.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            replayFallback = fallback
        }
        guard let path = try settings.string("replay") else { return }
        let line = settings.value("replay")?.mark?.line
        guard !path.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ProviderConfigError.badValue(
                file: settings.file.path, line: line, key: "settings.replay",
                problem: "is empty; give the path of a cassette such as `Evaluations/<suite>/cassettes/<provider>.jsonl`")
        }
        let expanded = (path as NSString).expandingTildeInPath
        let candidates: [URL] =
            expanded.hasPrefix("/")
            ? [URL(fileURLWithPath: expanded)]
            : [
                settings.file.deletingLastPathComponent().appendingPathComponent(expanded),
                URL(fileURLWithPath: currentDirectory, isDirectory: true).appendingPathComponent(expanded),
            ]
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw ProviderConfigError.badValue(
                file: settings.file.path, line: line, key: "settings.replay",
                problem: "names no file (looked for \(candidates.map { "‘\($0.standardizedFileURL.path)’" }.joined(separator: " and "))); "
                    + "record the cassette first with --record, or fix the path")
        }
        replay = found.standardizedFileURL
    }
}
