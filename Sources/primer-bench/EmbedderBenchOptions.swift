import ArgumentParser
import Foundation
import PrimerCore
import PrimerProviders

/// The options of the benchmarks that read the golden books with an embedder ((j), (k)).
struct EmbedderBenchOptions: ParsableArguments {
    @Option(help: "The golden OpenStax folder (book JSONs and text/).") var golden = "../shared/golden/openstax"
    @Option(help: "The embedder (a manifest of Plugins/ or --plugins).") var embedder = "minilm-local"
    @Option(help: "Folder of provider manifests.") var plugins = "Plugins"
    @Option(help: "Write the result as JSON here.") var json: String?

    /// The embedder, from the manifests of `plugins` (a local server starts on first use).
    func makeEmbedder() throws -> any Embedder {
        let registry = try ProviderRegistry(directories: [URL(fileURLWithPath: plugins)])
        return try ProviderResolver(registry: registry, config: PrimerConfig())
            .makeEmbedder(named: embedder, environment: ProcessInfo.processInfo.environment)
    }
}
