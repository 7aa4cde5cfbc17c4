import ArgumentParser
import Foundation
import PrimerProviders

struct ProvidersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "List the provider manifests Primer can use.")

    @OptionGroup var pluginsOptions: PluginsOptions

    func run() throws {
        let registry = try pluginsOptions.registry()
        let chosen = ProviderChoice.name(flag: nil)
        let width = max(8, registry.manifests.map(\.name.count).max() ?? 0)
        print("  " + "provider".padding(toLength: width, withPad: " ", startingAt: 0) + "  adapter      model            description")
        for manifest in registry.manifests.sorted(by: { $0.name < $1.name }) {
            let mark = manifest.name == chosen ? "* " : "  "
            var row = mark + manifest.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
            row += manifest.adapter.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
            row += manifest.model.padding(toLength: 15, withPad: " ", startingAt: 0) + "  " + manifest.description
            print(row)
        }
        print("\n* the provider `primer generate` uses now (change with --provider or PRIMER_PROVIDER).")
    }
}
