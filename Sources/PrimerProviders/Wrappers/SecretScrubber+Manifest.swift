import Foundation
import PrimerCore

extension SecretScrubber {
    /// Variables an exec child always gets, which are not secrets (see `ExecConfiguration`).
    static let notSecret: Set<String> = Set(ExecConfiguration.baseEnvironment)

    /// The secrets Primer knows for a provider: the values of the variables its manifest names
    /// (`settings.api_key_env`, an exec provider's `settings.pass_env`), the credentials in its
    /// `settings.base_url`, and every `*_KEY`, `*_TOKEN`, `*_SECRET` variable of `environment`.
    /// Settings of the wrong type are ignored here: the adapter reports them.
    public init(manifest: ProviderManifest, environment: [String: String]) {
        let settings = manifest.settingsReader
        var named: [String] = []
        if let variable = try? settings.string("api_key_env") { named.append(variable) }
        if let variables = try? settings.stringList("pass_env") { named += variables }
        var known = named
            .filter { !Self.notSecret.contains($0) }
            .compactMap { name in environment[name].map { Secret(variable: name, value: $0) } }
        // A key with spaces around it in the environment is sent trimmed: scrub both forms.
        known += known.map { Secret(variable: $0.variable, value: $0.value.trimmingCharacters(in: .whitespacesAndNewlines)) }
        if let url = try? settings.string("base_url") {
            known += URLRedaction.secrets(in: url).map { Secret(variable: "", value: $0) }
        }
        self = SecretScrubber(environment: environment).adding(known)
    }
}
