import ArgumentParser
import Foundation
import PrimerApp
import PrimerCore
import PrimerProviders

// The flags that say where a workspace's parts are. The precedence rules themselves are
// `WorkspaceLocations`' (PrimerApp), shared with every other front end.

/// `--config`, then `PRIMER_CONFIG`, then ./primer.yaml, then ~/.config/primer/primer.yaml.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: "A primer.yaml with defaults and provider profiles (default: $PRIMER_CONFIG, ./primer.yaml, ~/.config/primer/primer.yaml).")
    var config: String?

    func load() throws -> PrimerConfig {
        try WorkspaceLocations(config: config).loadConfig()
    }
}

/// Where the store is: --store, then PRIMER_STORE, then primer.yaml, then a per-user default.
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The store: a SQLite file or postgres://user@host:port/database (default: $PRIMER_STORE, primer.yaml's store, else a per-user file).")
    var store: String?
}

/// Where the prompt families are: --prompts, then PRIMER_PROMPTS, then primer.yaml, then the
/// provider manifest's `prompts:`, then ./Prompts, then the ones built into the binary.
struct PromptsOptions: ParsableArguments {
    @Option(name: .long, help: "Folder of prompt families (default: $PRIMER_PROMPTS, primer.yaml, ./Prompts, or the built-in ones).")
    var prompts: String?

    func directory(config: PrimerConfig, provider: ProviderManifest? = nil) throws -> URL {
        try WorkspaceLocations(prompts: prompts).promptsDirectory(config: config, provider: provider)
    }
}

/// Where provider manifests are: the shipped ones, then ./Plugins, then primer.yaml's `plugins`,
/// then --plugins or PRIMER_PLUGINS (a manifest with the same name as an earlier one wins).
struct PluginsOptions: ParsableArguments {
    @Option(name: .long, help: "Extra folder of provider manifests (default: $PRIMER_PLUGINS; also ./Plugins and primer.yaml's plugins).")
    var plugins: String?

    func directories(config: PrimerConfig) -> [URL] {
        WorkspaceLocations(plugins: plugins).pluginDirectories(config: config)
    }

    func resolver(config: PrimerConfig) throws -> ProviderResolver {
        ProviderResolver(registry: try ProviderRegistry(directories: directories(config: config)), config: config)
    }
}

/// The embedding model that ranks document passages by meaning besides BM25 and that the
/// meaning gates read: --embedder, then PRIMER_EMBEDDER, then primer.yaml's `embedder`, else the
/// installed minilm-local; --no-embedder (or `none`) for none.
struct EmbedderOptions: ParsableArguments {
    @Option(name: .long, help: "An embedding model (`primer providers` lists them, e.g. minilm-local): document passages are ranked by meaning besides their words, and the relevance, near-duplicate and support gates read meaning (default: $PRIMER_EMBEDDER, primer.yaml's embedder, else minilm-local when it is installed; `none` for none).")
    var embedder: String?
    @Flag(name: .customLong("no-embedder"), help: "Read words only: no embedding model, even when minilm-local is installed.")
    var noEmbedder = false

    func validate() throws {
        if noEmbedder, let embedder, embedder != "none" {
            throw ValidationError("--no-embedder and --embedder \(embedder) contradict each other; give one.")
        }
    }

    /// The name to pass on: "none" for --no-embedder.
    var chosen: String? { noEmbedder ? "none" : embedder }
}

/// Says once, on standard error, that the installed embedding model reads meaning because none
/// was chosen (generate, batch, eval, worker, serve: the commands whose output it changes).
func announceDefaultEmbedder(_ workspace: Workspace) {
    guard let name = try? workspace.embedderChosenByDefault() else { return }
    Console.error("Meaning is read by \(name) (installed): relevance, near-duplicates and support; --no-embedder reads words only.\n")
}

struct OCROptions: ParsableArguments {
    @Option(name: .customLong("ocr-lang"), help: "The language(s) of scanned pages and photos, as tesseract names them (deu, fra, eng+spa; default: $PRIMER_OCR_LANG, else eng; `tesseract --list-langs` lists the installed ones).")
    var ocrLanguage: String?
}

/// The workspace the flag groups describe.
func openWorkspace(
    _ config: ConfigOptions, _ store: StoreOptions, _ prompts: PromptsOptions, _ plugins: PluginsOptions, _ embedder: EmbedderOptions? = nil,
    ocr: OCROptions? = nil
) throws -> Workspace {
    try Workspace(WorkspaceLocations(
        config: config.config, store: store.store, prompts: prompts.prompts, plugins: plugins.plugins, embedder: embedder?.chosen,
        embedderByDefault: embedder != nil,
        ocrLanguage: ocr?.ocrLanguage))
}

/// The workspace of a command that only needs the configuration and the store (and, attaching
/// documents, the OCR language).
func openWorkspace(_ config: ConfigOptions, _ store: StoreOptions, ocr: OCROptions? = nil) throws -> Workspace {
    try Workspace(WorkspaceLocations(config: config.config, store: store.store, ocrLanguage: ocr?.ocrLanguage))
}
