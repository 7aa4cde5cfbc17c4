import Foundation
import Yams

/// A named provider setup in `primer.yaml`: a manifest plus overrides.
public struct ProviderProfile: @unchecked Sendable {
    public var name: String
    /// The manifest the profile starts from.
    public var provider: String
    public var model: String?
    public var temperature: Double?
    public var maxTokens: Int?
    public var limits: ProviderLimits?
    /// Merged over the manifest's `settings:` (key by key).
    public var settings: Node?

    static let keys = ["provider", "model", "temperature", "max_tokens", "limits", "settings"]

    static func parse(name: String, node: Node, file: URL) throws -> ProviderProfile {
        let reader = ManifestSettings(node: node, file: file, section: "profiles.\(name)")
        try reader.rejectUnknownKeys(allowed: keys)
        guard let provider = try reader.string("provider") else {
            throw ProviderConfigError.badValue(file: file.path, line: node.mark?.line, key: "profiles.\(name).provider", problem: "is missing: name the provider manifest this profile starts from (see `primer providers`)")
        }
        var profile = ProviderProfile(name: name, provider: provider)
        profile.model = try reader.string("model")
        profile.temperature = try reader.double("temperature")
        profile.maxTokens = try reader.int("max_tokens", minimum: 1)
        if let limits = reader.value("limits") {
            let limitReader = ManifestSettings(node: limits, file: file, section: "profiles.\(name).limits")
            try limitReader.rejectUnknownKeys(allowed: ["concurrent_requests", "requests_per_minute"])
            profile.limits = ProviderLimits(
                concurrentRequests: try limitReader.int("concurrent_requests", minimum: 1) ?? 4,
                requestsPerMinute: try limitReader.int("requests_per_minute", minimum: 0) ?? 0)
        }
        if let settings = reader.value("settings") {
            guard settings.mapping != nil else {
                throw ProviderConfigError.badType(file: file.path, line: settings.mark?.line, key: "profiles.\(name).settings", expected: "a mapping", got: "something else")
            }
            profile.settings = settings
        }
        return profile
    }

    public init(name: String, provider: String) {
        self.name = name
        self.provider = provider
    }

    /// The manifest with this profile's model, limits and settings applied, under the profile's name.
    public func apply(to manifest: ProviderManifest) -> ProviderManifest {
        var changed = manifest
        changed.name = name
        if let model { changed.model = model }
        if let limits { changed.limits = limits }
        if let settings, let overrides = settings.mapping, let base = manifest.settings.mapping {
            var pairs = base.map { ($0.key, $0.value) }
            for (key, value) in overrides {
                if let index = pairs.firstIndex(where: { $0.0 == key }) { pairs[index].1 = value } else { pairs.append((key, value)) }
            }
            changed.settings = Node.mapping(Node.Mapping(pairs))
        }
        return changed
    }
}
