import Foundation

/// The identity of a provider answer: a 128-bit hash, as 32 lowercase hex digits, over everything
/// that changes what the provider answers and nothing else.
///
/// Hashed, in this order and each length-prefixed (so no two different inputs serialise alike):
/// the key format version, the provider name, the model, the temperature, the token limit, the
/// JSON schema, every message (role and content), only for providers whose answer depends on
/// it (`includePurpose`, e.g. the mock, which does not read the prompt) the whole
/// `RequestPurpose` as sorted-key JSON, and the sample number when it is not 0. For real models the purpose is metadata they never see, so
/// it is left out: a retry (`attempt` 2) still gets a new key because its messages carry the
/// reminder.
///
/// The hash is two FNV-1a 64-bit passes with different offset bases, one over the bytes forwards
/// and one backwards. It is stable across processes, platforms and releases (unlike `Hasher`), but
/// not cryptographic: it guards against accidents, not adversaries, which is all a local cache of
/// our own prompts needs. Taking the 128 bits as well mixed, the chance of any collision among
/// n entries is about n² / 2¹²⁹ (≈ 1.5 × 10⁻²⁷ for a million entries).
public struct ResponseCacheKey: Sendable, Hashable, CustomStringConvertible {
    /// Bumped when the serialisation below changes, so old entries simply stop matching.
    public static let formatVersion = 1

    /// 32 lowercase hex digits.
    public let hex: String

    public init(hex: String) { self.hex = hex }

    public init(request: CompletionRequest, provider: String, model: String, includePurpose: Bool) {
        hex = Self.hash(Self.canonicalText(request: request, provider: provider, model: model, includePurpose: includePurpose))
    }

    public var description: String { hex }

    /// The text that is hashed (exposed for tests and debugging).
    public static func canonicalText(request: CompletionRequest, provider: String, model: String, includePurpose: Bool) -> String {
        var text = ""
        func field(_ name: String, _ value: String?) {
            // `name=-` for nil, `name=<utf8 length>:<value>` otherwise.
            guard let value else {
                text += "\(name)=-\n"
                return
            }
            text += "\(name)=\(value.utf8.count):\(value)\n"
        }
        field("format", "primer-response-cache-\(formatVersion)")
        field("provider", provider)
        field("model", model)
        // `description` of a Double is the shortest text that round-trips: stable everywhere.
        field("temperature", request.temperature.map { $0.description })
        field("max_tokens", request.maxTokens.map { String($0) })
        field("json_schema", request.jsonSchema)
        field("messages", String(request.messages.count))
        for message in request.messages {
            field(message.role.rawValue, message.content)
        }
        field("purpose", includePurpose ? purposeJSON(request.purpose) : nil)
        // Only when asked for: sample 0 keys as before, so existing cache entries still match.
        if request.sample != 0 { field("sample", String(request.sample)) }
        return text
    }

    static func purposeJSON(_ purpose: RequestPurpose) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(purpose) else { return "unencodable" }
        return String(decoding: data, as: UTF8.self)
    }

    static func hash(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var forward: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            forward ^= UInt64(byte)
            forward = forward &* prime
        }
        // A second pass from another basis, over the bytes in reverse, with the length mixed in.
        var backward: UInt64 = 0x84222325_cbf29ce4 ^ UInt64(bytes.count)
        for byte in bytes.reversed() {
            backward ^= UInt64(byte)
            backward = backward &* prime
        }
        return hex16(forward) + hex16(backward)
    }

    static func hex16(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// A provider whose answer depends on `CompletionRequest.purpose` and not only on the messages
/// (the mock writes from the purpose; real models never see it). Cache keys include the purpose
/// for these.
public protocol PurposeAwareProvider: Provider {
    var answerDependsOnPurpose: Bool { get }
}

/// A provider that wraps another (profile, cache, recorder): lets cache keys be computed on the
/// request the innermost adapter really receives, and see whether that adapter reads the purpose.
public protocol ProviderWrapper: Provider {
    var wrapped: any Provider { get }
    /// The request as this wrapper passes it on (a profile applies its temperature, for example).
    func forwardedRequest(_ request: CompletionRequest) -> CompletionRequest
}

extension ProviderWrapper {
    public func forwardedRequest(_ request: CompletionRequest) -> CompletionRequest { request }
}

extension ResponseCacheKey {
    /// The key of `request` as `provider` would answer it: the provider's own name and model, the
    /// request as its innermost adapter receives it (through every `ProviderWrapper`), and the
    /// purpose when that adapter is `PurposeAwareProvider`.
    public init(request: CompletionRequest, for provider: any Provider) {
        let (forwarded, includePurpose) = Self.resolve(request, provider)
        self.init(request: forwarded, provider: provider.name, model: provider.model, includePurpose: includePurpose)
    }

    /// The forwarded request and whether the innermost adapter reads the purpose.
    public static func resolve(_ request: CompletionRequest, _ provider: any Provider) -> (CompletionRequest, Bool) {
        var request = request
        var current: any Provider = provider
        var depth = 0
        while let wrapper = current as? any ProviderWrapper, depth < 32 {
            request = wrapper.forwardedRequest(request)
            current = wrapper.wrapped
            depth += 1
        }
        let reads = (current as? any PurposeAwareProvider)?.answerDependsOnPurpose ?? false
        return (request, reads)
    }
}
