import Foundation
import PrimerCore
import PrimerDocuments
import PrimerProviders
import PrimerPostgres
import PrimerStore
import PrimerGeneration

/// What every front end (the CLI, a server, an app embedding the library) works in: the
/// configuration, the provider manifests and profiles, the prompt families and the store, found
/// by `WorkspaceLocations`. Providers are made once per name (an exec provider is one process, a
/// local server one launch) and shared by the runs of the workspace.
public final class Workspace: @unchecked Sendable {
    /// The provider a run uses when nothing names one: the local llama.cpp server (no key, no
    /// network), which `scripts/install-local-llm.sh` installs.
    public static let fallbackProvider = "llama-local"

    public let locations: WorkspaceLocations
    public let config: PrimerConfig
    let resolver: ProviderResolver
    /// Whose subjects the workspace's operations read and write (`owned(by:)`): the local
    /// learner, or an account of `primer serve`.
    public let owner: SubjectOwner
    private let providers: ProviderCache
    /// The stores this workspace opened (`store()`, `readingStore()`).
    private let stores: OpenStores
    /// Where the store is (`WorkspaceLocations.storeAddress`), found once: a server asks on every
    /// request. A wrong address is said when a store is first needed.
    private let storeAddress: Result<StoreAddress, any Error>

    /// Reads the configuration and the provider manifests; opens nothing else yet, so a
    /// problem with a provider, a family or a document is reported before a store is created.
    public init(_ locations: WorkspaceLocations) throws {
        self.locations = locations
        config = try locations.loadConfig()
        resolver = ProviderResolver(
            registry: try ProviderRegistry(directories: locations.pluginDirectories(config: config)), config: config)
        owner = .local
        providers = ProviderCache()
        stores = OpenStores()
        storeAddress = Result { [config] in try locations.storeAddress(config: config) }
    }

    private init(viewOf workspace: Workspace, owner: SubjectOwner) {
        locations = workspace.locations
        config = workspace.config
        resolver = workspace.resolver
        providers = workspace.providers
        stores = workspace.stores
        storeAddress = workspace.storeAddress
        self.owner = owner
    }

    /// The same workspace (its providers and open stores) acting for `owner`: every subject it
    /// finds by title, lists, makes or studies is that owner's.
    public func owned(by owner: SubjectOwner) -> Workspace {
        Workspace(viewOf: self, owner: owner)
    }

    /// The provider chosen by `flag`, else `PRIMER_PROVIDER`, else primer.yaml, else the fallback.
    public func providerName(_ flag: String?) -> String {
        resolver.chosenName(flag: flag, environment: locations.environment, fallback: Self.fallbackProvider)
    }

    /// The prompt families for runs on `providerName` (its manifest may name families of its own).
    public func families(forProvider providerName: String) throws -> FamilySet {
        try locations.families(config: config, provider: try resolver.manifest(named: providerName))
    }

    /// The provider of this name, made on first use and refused at once when it is a local
    /// server that is not installed.
    public func provider(named name: String) throws -> any Provider {
        try providers.provider(named: name) {
            let made = try resolver.makeProvider(named: name, environment: locations.environment)
            try LocalServers.requireInstalled(made)
            return made
        }
    }

    /// The embedding model that reads meaning when the user chose none and it is installed
    /// (`WorkspaceLocations.embedderByDefault`).
    public static let defaultEmbedder = "minilm-local"

    /// The embedding model grounding ranks passages with besides BM25 and the gates read meaning
    /// with (`WorkspaceLocations`: flag, `PRIMER_EMBEDDER`, primer.yaml, `none` for none, else
    /// the installed default), made on first use and refused at once when it is a local server
    /// that is not installed; nil when none is chosen. Its vectors are cached in the store.
    public func embedder() throws -> (any Embedder)? {
        guard let name = try embedderName() else { return nil }
        return try providers.embedder(named: name) {
            let made = try resolver.makeEmbedder(named: name, environment: locations.environment)
            if let launching = made as? LaunchingEmbedder, !launching.server.missingFiles().isEmpty {
                throw WorkspaceError(
                    .invalid,
                    "the embedder \(name) is not installed (\(launching.server.missingFiles().joined(separator: ", ")) missing); run \(launching.server.spec.installHint), or leave out --embedder")
            }
            return made
        }
    }

    /// The chosen embedder's name, or the installed default's; nil for none.
    func embedderName() throws -> String? {
        if let name = locations.embedder ?? locations.environment["PRIMER_EMBEDDER"] ?? config.embedder {
            return name.isEmpty || name == "none" ? nil : name
        }
        // A default that cannot be made (a broken manifest) is no default: the run reads words.
        return (try? embedderChosenByDefault()) ?? nil
    }

    /// `defaultEmbedder` when no embedder was chosen, the front end applies the default and its
    /// model is installed; else nil. Front ends say so once when it applies.
    public func embedderChosenByDefault() throws -> String? {
        guard locations.embedderByDefault,
            locations.embedder == nil, locations.environment["PRIMER_EMBEDDER"] == nil, config.embedder == nil,
            let manifest = resolver.registry.manifest(named: Self.defaultEmbedder), resolver.registry.isEmbedder(manifest),
            let launching = try resolver.makeEmbedder(named: Self.defaultEmbedder, environment: locations.environment) as? LaunchingEmbedder,
            launching.server.missingFiles().isEmpty
        else { return nil }
        return Self.defaultEmbedder
    }

    /// The store, opened for writing (created and migrated when needed) on first use: a SQLite
    /// file or a PostgreSQL database (`StoreAddress`). Throws `StoreError.readOnly` when the
    /// store cannot be written.
    func store() async throws -> any Store {
        let address = try storeAddress.get()
        return try await stores.writer { try await Self.open(address) }.owned(by: owner)
    }

    /// Opens the store at `address` for writing, creating and migrating it when needed.
    static func open(_ address: StoreAddress) async throws -> any Store {
        switch address {
        case .file(let path): try SQLiteStore(path: path)
        case .postgres(let url): try await PostgresStore.open(url)
        }
    }

    /// The store for reading (listing, showing, exporting, studying before a rating): the
    /// writer when one is open, else a SQLite file opened for reading only, so that a command
    /// that only reads changes nothing in the file (not even its change counter) and works on a
    /// store nobody may write. A file that is missing or must be upgraded first is opened as
    /// `store()` opens it; a database is opened as `store()` opens it.
    func readingStore() async throws -> any Store {
        guard case .file(let path) = try storeAddress.get() else { return try await store() }
        if let open = await stores.open { return open.owned(by: owner) }
        if FileManager.default.fileExists(atPath: path) {
            do {
                return try await stores.reader { try SQLiteStore(readingOnlyAt: path) }.owned(by: owner)
            } catch StoreError.needsUpgrade, StoreError.cannotOpen {
                // An older store is upgraded, an unreadable one explained, by the writer below.
            }
        }
        do {
            return try await store()
        } catch StoreError.readOnly {
            // A read-only store that could not be opened for reading says why.
            return try await stores.reader { try SQLiteStore(readingOnlyAt: path) }.owned(by: owner)
        }
    }

    /// A pipeline on `provider` that attaches `documents` to the subject and grounds the kit on
    /// all of the subject's documents; `onAttached` gets one line per document.
    func pipeline(
        families: FamilySet, provider: any Provider, documents: [ExtractedDocument],
        onAttached: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> Pipeline {
        let store = try await store()
        var pipeline = Pipeline(families: families, provider: provider, store: store)
        let budget = passageBudget(provider: provider.name, families: families)
        // Through the store's cache: passages (the same chapter, run after run) and the gates'
        // texts (the stored items `near-duplicate` compares every later answer with).
        let embedder = try embedder().map { CachingEmbedder(base: $0, cache: store) }
        pipeline.embedder = embedder
        pipeline.prepareGrounding = { subject in
            for attached in try await SubjectDocuments.attach(documents, to: subject.id, store: store) { onAttached(attached.line) }
            return try await SubjectDocuments.grounding(subjectID: subject.id, store: store, budget: budget, embedder: embedder)
        }
        return pipeline
    }

    /// Characters of document passages per subtopic on `provider`: sized to its context
    /// (`limits.context_tokens`) after the longest answer its families may write.
    func passageBudget(provider: String, families: FamilySet) -> Int {
        let contextTokens = (try? resolver.manifest(named: provider))?.limits.contextTokens
        return DocumentGrounding.budget(contextTokens: contextTokens, answerTokens: families.families.compactMap(\.maxTokens).max() ?? 1_024)
    }
}
