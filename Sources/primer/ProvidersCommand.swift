import ArgumentParser
import Foundation
import PrimerProviders

struct ProvidersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "List the provider manifests Primer can use.")

    @OptionGroup var configOptions: ConfigOptions
    @OptionGroup var pluginsOptions: PluginsOptions

    func run() throws {
        let config = try configOptions.load()
        let resolver = try pluginsOptions.resolver(config: config)
        let registry = resolver.registry
        let chosen = resolver.chosenName(flag: nil, environment: ProcessInfo.processInfo.environment, fallback: ProviderChoice.fallback)
        let width = max(8, registry.manifests.map(\.name.count).max() ?? 0)
        print("  " + "provider".padding(toLength: width, withPad: " ", startingAt: 0) + "  adapter      model            description")
        for manifest in registry.manifests.sorted(by: { $0.name < $1.name }) {
            let mark = manifest.name == chosen ? "* " : "  "
            var row = mark + manifest.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            row += manifest.adapter.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
            row += manifest.model.padding(toLength: 15, withPad: " ", startingAt: 0) + "  " + manifest.description
            print(row)
        }
        for (name, profile) in config.profiles.sorted(by: { $0.key < $1.key }) {
            let mark = name == chosen ? "* " : "  "
            print(mark + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  profile of \(profile.provider)\(profile.model.map { " (model \($0))" } ?? "")")
        }
        print("\n* the provider `primer generate` uses now (change with --provider, PRIMER_PROVIDER or primer.yaml).")
    }
}
