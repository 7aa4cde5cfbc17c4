import Foundation
import PrimerCore

/// Which Perplexity endpoint the adapter talks to.
public enum PerplexityAPI: String, Sendable, Equatable, CaseIterable {
    /// `POST /v1/agent`: `input`/`instructions`, search through a `web_search` tool. The default.
    case agent
    /// `POST /chat/completions`: the legacy OpenAI-shaped Sonar API (retiring 2026-09-27).
    case sonar

    /// The model asked for when the manifest names none.
    public var defaultModel: String {
        switch self {
        case .agent: "perplexity/sonar"
        case .sonar: "sonar"
        }
    }
}

/// How the web search behind an answer is narrowed (`settings.search` in the manifest).
public struct PerplexitySearch: Sendable, Equatable {
    public enum Recency: String, Sendable, Equatable, CaseIterable { case hour, day, week, month, year }
    public enum ContextSize: String, Sendable, Equatable, CaseIterable { case low, medium, high }
    public enum Mode: String, Sendable, Equatable, CaseIterable { case web, academic, sec }

    /// Domains to search (`nature.com`) or, with a `-` prefix, to leave out (`-pinterest.com`).
    public var domainFilter: [String]
    public var recency: Recency?
    public var contextSize: ContextSize?
    /// Sonar only: the Agent API's `web_search` tool has no such field.
    public var mode: Mode?

    public static let keys = ["domain_filter", "recency", "context_size", "mode"]
    /// Perplexity accepts at most this many domains.
    public static let maxDomains = 20

    public init(domainFilter: [String] = [], recency: Recency? = nil, contextSize: ContextSize? = nil, mode: Mode? = nil) {
        self.domainFilter = domainFilter
        self.recency = recency
        self.contextSize = contextSize
        self.mode = mode
    }
}

/// The Perplexity adapter's settings (`settings:` in `Plugins/perplexity*.yaml`).
public struct PerplexityConfiguration: Sendable, Equatable {
    public var api: PerplexityAPI
    /// Without a trailing slash; the endpoint path is appended.
    public var baseURL: String
    /// The environment variable that holds the key (never the key itself).
    public var apiKeyEnv: String
    /// Deadline of one HTTP request. Agent runs that search, and the first use of a new JSON
    /// schema (10–30 s to prepare), take a while: the default is generous.
    public var timeoutSeconds: Double
    public var search: PerplexitySearch
    /// Send `request.jsonSchema` as `response_format` when the request has one.
    public var structuredOutput: Bool
    /// How the `ResilientTransport` in front of the API retries 408/409/429/5xx and network failures.
    public var retry: RetryPolicy

    public static let defaultBaseURL = "https://api.perplexity.ai"
    public static let defaultKeyVariable = "PERPLEXITY_API_KEY"
    public static let settingKeys = ["api", "base_url", "api_key_env", "timeout_seconds", "search", "structured_output", "retry"]

    public init(
        api: PerplexityAPI = .agent, baseURL: String = PerplexityConfiguration.defaultBaseURL,
        apiKeyEnv: String = PerplexityConfiguration.defaultKeyVariable, timeoutSeconds: Double = 120,
        search: PerplexitySearch = PerplexitySearch(), structuredOutput: Bool = true, retry: RetryPolicy = .standard
    ) {
        self.api = api
        self.baseURL = Self.trimmed(baseURL)
        self.apiKeyEnv = apiKeyEnv
        self.timeoutSeconds = timeoutSeconds
        self.search = search
        self.structuredOutput = structuredOutput
        self.retry = retry
    }

    /// The endpoint of the chosen API.
    public var endpoint: String {
        switch api {
        case .agent: baseURL + "/v1/agent"
        case .sonar: baseURL + "/chat/completions"
        }
    }

    /// Reads the settings mapping; every mistake is a `ProviderConfigError` naming file and line.
    public init(settings: ManifestSettings) throws {
        self.init()
        try settings.rejectUnknownKeys(allowed: Self.settingKeys)
        let file = settings.file.path
        if let name = try settings.string("api") {
            guard let api = PerplexityAPI(rawValue: name) else {
                throw Self.notOneOf(settings, "api", name, PerplexityAPI.allCases.map(\.rawValue))
            }
            self.api = api
        }
        if let url = try settings.string("base_url") {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme),
                parsed.host != nil
            else {
                throw ProviderConfigError.badValue(
                    file: file, line: settings.lineOf("base_url"), key: "settings.base_url",
                    problem: "is `\(url)`, not an http(s) URL; use e.g. `\(Self.defaultBaseURL)`")
            }
            baseURL = Self.trimmed(url)
        }
        if let variable = try settings.string("api_key_env") {
            guard Self.isVariableName(variable) else {
                throw ProviderConfigError.badValue(
                    file: file, line: settings.lineOf("api_key_env"), key: "settings.api_key_env",
                    problem: "must name an environment variable such as `\(Self.defaultKeyVariable)`, not hold a key or other text")
            }
            apiKeyEnv = variable
        }
        if let seconds = try settings.double("timeout_seconds") {
            guard seconds > 0 else {
                throw ProviderConfigError.badValue(
                    file: file, line: settings.lineOf("timeout_seconds"), key: "settings.timeout_seconds",
                    problem: "must be more than 0, not \(seconds); use e.g. 120")
            }
            timeoutSeconds = seconds
        }
        if let flag = try settings.bool("structured_output") { structuredOutput = flag }
        if let policy = try RetryPolicy.read("retry", from: settings) { retry = policy }
        if let node = settings.value("search") {
            guard node.mapping != nil else {
                throw ProviderConfigError.badType(
                    file: file, line: node.mark?.line ?? settings.lineOf("search"), key: "settings.search",
                    expected: "a mapping like `{recency: month, context_size: medium}`", got: ManifestSettings.show(node))
            }
            let reader = ManifestSettings(node: node, file: settings.file, section: "settings.search", line: node.mark?.line)
            search = try Self.readSearch(reader)
            if api == .agent, let mode = search.mode, mode != .web {
                throw ProviderConfigError.badValue(
                    file: file, line: reader.lineOf("mode"), key: "settings.search.mode",
                    problem: "is `\(mode.rawValue)`, but the Agent API's web_search tool has no search mode; "
                        + "remove it or set `api: sonar`")
            }
        }
    }

    static func readSearch(_ reader: ManifestSettings) throws -> PerplexitySearch {
        try reader.rejectUnknownKeys(allowed: PerplexitySearch.keys)
        var search = PerplexitySearch()
        if let domains = try reader.stringList("domain_filter") {
            guard domains.count <= PerplexitySearch.maxDomains else {
                throw ProviderConfigError.badValue(
                    file: reader.file.path, line: reader.lineOf("domain_filter"), key: "settings.search.domain_filter",
                    problem: "lists \(domains.count) domains; Perplexity accepts at most \(PerplexitySearch.maxDomains)")
            }
            search.domainFilter = domains
        }
        if let value = try reader.string("recency") {
            guard let recency = PerplexitySearch.Recency(rawValue: value) else {
                throw notOneOf(reader, "recency", value, PerplexitySearch.Recency.allCases.map(\.rawValue))
            }
            search.recency = recency
        }
        if let value = try reader.string("context_size") {
            guard let size = PerplexitySearch.ContextSize(rawValue: value) else {
                throw notOneOf(reader, "context_size", value, PerplexitySearch.ContextSize.allCases.map(\.rawValue))
            }
            search.contextSize = size
        }
        if let value = try reader.string("mode") {
            guard let mode = PerplexitySearch.Mode(rawValue: value) else {
                throw notOneOf(reader, "mode", value, PerplexitySearch.Mode.allCases.map(\.rawValue))
            }
            search.mode = mode
        }
        return search
    }

    static func notOneOf(_ reader: ManifestSettings, _ key: String, _ value: String, _ allowed: [String]) -> ProviderConfigError {
        .badValue(
            file: reader.file.path, line: reader.value(key)?.mark?.line ?? reader.lineOf(key), key: reader.qualified(key),
            problem: "is `\(value)`; use one of: \(allowed.joined(separator: ", "))")
    }

    static func trimmed(_ url: String) -> String {
        var url = url.trimmingCharacters(in: .whitespaces)
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    static func isVariableName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
    }
}
