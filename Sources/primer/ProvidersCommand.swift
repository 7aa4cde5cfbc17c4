import ArgumentParser
import PrimerApp
import Foundation
import PrimerProviders

struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "List the providers Primer can use, or check them.",
        subcommands: [List.self, Check.self], defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List provider manifests and primer.yaml profiles.")
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var pluginsOptions: PluginsOptions

        func run() throws {
            let config = try configOptions.load()
            let resolver = try pluginsOptions.resolver(config: config)
            let chosen = resolver.chosenName(flag: nil, environment: ProcessInfo.processInfo.environment, fallback: Workspace.fallbackProvider)
            let manifests = resolver.registry.manifests
            let width = max(8, (manifests.map(\.name) + config.profiles.keys).map(\.count).max() ?? 0)
            print("  " + "provider".padding(toLength: width, withPad: " ", startingAt: 0) + "  adapter      model                   description")
            for manifest in manifests.sorted(by: { $0.name < $1.name }) where !resolver.registry.isEmbedder(manifest) {
                let mark = manifest.name == chosen ? "* " : "  "
                var row = mark + manifest.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                row += manifest.adapter.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
                row += manifest.model.padding(toLength: 22, withPad: " ", startingAt: 0) + "  " + manifest.description
                print(row)
            }
            for (name, profile) in config.profiles.sorted(by: { $0.key < $1.key }) {
                let mark = name == chosen ? "* " : "  "
                print(mark + name.padding(toLength: width, withPad: " ", startingAt: 0) + "  profile of \(profile.provider)\(profile.model.map { " (model \($0))" } ?? "")")
            }
            let embedders = manifests.filter(resolver.registry.isEmbedder)
            if !embedders.isEmpty {
                print("\n  " + "embedder".padding(toLength: width, withPad: " ", startingAt: 0) + "  adapter            model                   description")
                for manifest in embedders {
                    print("  " + manifest.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                        + manifest.adapter.padding(toLength: 17, withPad: " ", startingAt: 0) + "  "
                        + manifest.model.padding(toLength: 22, withPad: " ", startingAt: 0) + "  " + manifest.description)
                }
            }
            print("\n* the provider `primer generate` uses now (change with --provider, PRIMER_PROVIDER or primer.yaml).")
            print("`primer providers check [NAME]` tells whether a provider is reachable, authorised and serving its model.")
        }
    }

    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check providers: reachable, authorised, serving the model, and what they can do.")
        @Argument(help: "The provider or profile to check (default: all).") var name: String?
        @OptionGroup var configOptions: ConfigOptions
        @OptionGroup var pluginsOptions: PluginsOptions

        func run() async throws {
            let config = try configOptions.load()
            let resolver = try pluginsOptions.resolver(config: config)
            let environment = ProcessInfo.processInfo.environment
            let names = name.map { [$0] } ?? resolver.names
            var failed: [String] = []
            for name in names {
                let manifest = try resolver.manifest(named: name)
                let status: String
                let detail: String
                do {
                    if resolver.registry.isEmbedder(manifest) {
                        // An embedding model: checked by embedding one text (a local server is
                        // started for it, and stopped after).
                        let embedder = try resolver.makeEmbedder(named: name, environment: environment)
                        let check = try await LocalServers.stoppingAfter { await (embedder as? any ProviderChecking)?.check() }
                            ?? ProviderCheck(reachable: true, message: "offline; nothing to reach.")
                        status = check.ok ? "ok" : "problem"
                        detail = SecretScrubber(manifest: manifest, environment: environment).scrub(check.message)
                        if !check.ok { failed.append(name) }
                        Console.out("\(name) (\(manifest.adapter), \(manifest.model)): \(status)\n    \(detail)")
                        continue
                    }
                    let provider = try resolver.makeProvider(named: name, environment: environment)
                    if let checking = provider as? any ProviderChecking, (provider as? ScrubbingProvider)?.isCheckable ?? true {
                        let check = await checking.check()
                        status = check.ok ? "ok" : "problem"
                        let facts = [
                            "reachable: \(check.reachable ? "yes" : "no")",
                            check.authorised.map { "authorised: \($0 ? "yes" : "no")" },
                            check.modelServed.map { "model \(provider.model): \($0 ? "served" : "not served")" },
                        ].compactMap { $0 }
                        detail = facts.joined(separator: ", ") + ". " + check.message
                        if !check.ok { failed.append(name) }
                    } else {
                        status = "unchecked"
                        detail = "this adapter cannot be checked without generating"
                    }
                } catch {
                    status = "not ready"
                    detail = SecretScrubber(manifest: manifest, environment: environment).scrub("\(error)")
                    failed.append(name)
                }
                let capabilities = manifest.capabilities.isEmpty ? "" : "\n    can: \(manifest.capabilities.joined(separator: ", "))"
                Console.out("\(name) (\(manifest.adapter), \(manifest.model.isEmpty ? "default model" : manifest.model)): \(status)\n    \(detail)\(capabilities)")
            }
            // Checking one named provider is a yes/no question: answer it with the exit status.
            if name != nil, !failed.isEmpty { throw ExitCode(1) }
        }
    }
}
