import Foundation
import PrimerCore
import PrimerDefaults
import Testing
import Yams

@testable import PrimerProviders

/// A fresh temporary folder with the given files.
func makeFolder(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-plugins-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return folder
}

/// The `ProviderConfigError` a throwing expression raised, or nil.
func configError(_ body: () throws -> Void) -> ProviderConfigError? {
    do {
        try body()
        return nil
    } catch let error as ProviderConfigError {
        return error
    } catch {
        Issue.record("unexpected error \(error)")
        return nil
    }
}

@Suite struct ProviderRegistryTests {
    @Test func shippedManifestsLoadAndBuild() throws {
        let folder = try #require(Defaults.pluginsDirectory)
        let registry = try ProviderRegistry(directories: [folder])
        #expect(registry.names.contains("mock"))
        #expect(registry.names.contains("mock-flaky"))

        let mock = try #require(registry.manifest(named: "mock"))
        #expect(mock.adapter == "mock")
        #expect(mock.model == "mock-1")
        #expect(mock.capabilities == ["json_schema", "seed"])
        #expect(mock.limits == ProviderLimits(concurrentRequests: 4, requestsPerMinute: 0))
        #expect(mock.description.contains("Deterministic"))

        let provider = try registry.makeProvider(named: "mock", environment: [:])
        #expect(provider.name == "mock")
        #expect(provider.model == "mock-1")
        let built = try #require(provider as? MockProvider)
        #expect(built.configuration == MockConfiguration(seed: 42, latencyMs: 0, style: .canonical, faults: []))

        let flaky = try #require(try registry.makeProvider(named: "mock-flaky", environment: [:]) as? MockProvider)
        #expect(flaky.configuration.style == .varied)
        #expect(flaky.configuration.faults.count == 9)
        #expect(flaky.configuration.faults.first == MockFault(.error, attempts: [1], families: ["plan"]))
    }

    @Test func laterFoldersOverrideEarlierOnesByName() throws {
        let shipped = try makeFolder([
            "mock.yaml": "adapter: mock\ndescription: shipped\n",
            "other.yml": "adapter: mock\ndescription: yml files count too\n",
            "README.md": "not a manifest: {{{",
            "notes.txt": "adapter: nonsense",
        ])
        let user = try makeFolder([
            // Different file name, same provider name: it still overrides.
            "my-mock.yaml": "name: mock\nadapter: mock\ndescription: user\nmodel: mock-2\n",
        ])
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-folder-\(UUID())")
        let registry = try ProviderRegistry(directories: [shipped, missing, user])
        #expect(registry.names == ["mock", "other"])
        #expect(registry.manifest(named: "mock")?.description == "user")
        #expect(registry.manifest(named: "mock")?.file.lastPathComponent == "my-mock.yaml")
        #expect(registry.manifest(named: "other")?.description == "yml files count too")
        #expect(try registry.makeProvider(named: "mock", environment: [:]).model == "mock-2")

        let reversed = try ProviderRegistry(directories: [user, shipped])
        #expect(reversed.manifest(named: "mock")?.description == "shipped")
    }

    @Test func nameDefaultsToFileNameAndOptionalKeysDefault() throws {
        let folder = try makeFolder(["local-test.yaml": "adapter: mock\n"])
        let registry = try ProviderRegistry(directories: [folder])
        let manifest = try #require(registry.manifest(named: "local-test"))
        #expect(manifest.description == "")
        #expect(manifest.capabilities == [])
        #expect(manifest.limits == ProviderLimits())
        #expect(manifest.settings.mapping?.isEmpty == true)
        // An empty model means "the adapter's default".
        #expect(try registry.makeProvider(named: "local-test", environment: [:]).model == MockProvider.defaultModel)
    }

    @Test func yamlSyntaxErrorNamesFileAndLine() throws {
        let folder = try makeFolder(["broken.yaml": "adapter: mock\nsettings:\n  seed: 1\n  style: [canonical\n"])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        guard case .yamlSyntax(let file, let line, _) = error else {
            Issue.record("expected a YAML syntax error, got \(error)")
            return
        }
        #expect(file.hasSuffix("broken.yaml"))
        #expect(line != nil)
        #expect(error.description.contains("broken.yaml:"))
        #expect(error.description.contains("YAML syntax error"))
    }

    @Test func missingAdapterSaysWhatToAdd() throws {
        let folder = try makeFolder(["nothing.yaml": "description: no adapter here\n"])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        #expect(error == .missingAdapter(file: folder.appendingPathComponent("nothing.yaml").path, known: ProviderRegistry.builtInAdapterNames))
        #expect(error.description.contains("nothing.yaml"))
        #expect(error.description.contains("`adapter`"))
        #expect(error.description.contains("adapter: \(ProviderRegistry.builtInAdapterNames[0])"))
    }

    @Test func emptyOrScalarFileIsNotAManifest() throws {
        let folder = try makeFolder(["empty.yaml": ""])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        #expect(error.description.contains("empty.yaml"))
        #expect(error.description.contains("mapping"))
        let scalar = try makeFolder(["word.yaml": "just a sentence\n"])
        #expect(configError { _ = try ProviderRegistry(directories: [scalar]) } != nil)
    }

    @Test func unknownAdapterListsKnownOnes() throws {
        let folder = try makeFolder(["gpt.yaml": "# comment\nadapter: opena-chat\nmodel: x\n"])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        guard case .unknownAdapter(let file, let line, let adapter, let known) = error else {
            Issue.record("expected unknownAdapter, got \(error)")
            return
        }
        #expect(file.hasSuffix("gpt.yaml"))
        #expect(line == 2)
        #expect(adapter == "opena-chat")
        #expect(known == ProviderRegistry.builtInAdapterNames)
        #expect(known.contains("mock") && known.contains("openai-chat"))
        #expect(error.description.contains("gpt.yaml:2"))
        #expect(error.description.contains("did you mean `openai-chat`"))
        #expect(error.description.contains("one of: \(ProviderRegistry.builtInAdapterNames.joined(separator: ", "))"))
    }

    @Test func adapterTablePlugsInNewAdapters() throws {
        let folder = try makeFolder(["echo.yaml": "adapter: echo\nmodel: echo-1\n"])
        var adapters = ProviderRegistry.builtInAdapters
        adapters["echo"] = { manifest, _ in MockProvider(name: manifest.name, model: manifest.model) }
        let registry = try ProviderRegistry(directories: [folder], adapters: adapters)
        #expect(try registry.makeProvider(named: "echo", environment: [:]).model == "echo-1")
    }

    @Test func unknownProviderListsAvailableOnes() throws {
        let folder = try makeFolder(["mock.yaml": "adapter: mock\n", "mock-b.yaml": "adapter: mock\n"])
        let registry = try ProviderRegistry(directories: [folder])
        let error = try #require(configError { _ = try registry.makeProvider(named: "mokc", environment: [:]) })
        #expect(error == .unknownProvider(name: "mokc", available: ["mock", "mock-b"]))
        #expect(error.description.contains("available providers: mock, mock-b"))
        #expect(error.description.contains("did you mean `mock`"))
    }

    @Test func unknownTopLevelKeyIsRejectedWithLine() throws {
        let folder = try makeFolder(["typo.yaml": "adapter: mock\nmodle: mock-1\n"])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        guard case .unknownKey(_, let line, let key, let section, _) = error else {
            Issue.record("expected unknownKey, got \(error)")
            return
        }
        #expect(line == 2)
        #expect(key == "modle")
        #expect(section == nil)
        #expect(error.description.contains("typo.yaml:2"))
        #expect(error.description.contains("did you mean `model`"))
        #expect(error.description.contains("settings"))
    }

    @Test func badTopLevelTypesAreRejected() throws {
        let cases = [
            "capabilities: {a: 1}\nadapter: mock\n",
            "adapter: mock\nlimits: {concurrent_requests: many}\n",
            "adapter: mock\nlimits: {concurrent_requests: 0}\n",
            "adapter: mock\nlimits: {burst: 3}\n",
            "adapter: mock\nlimits: 5\n",
            "adapter: mock\nsettings: [1, 2]\n",
            "adapter: [mock]\n",
        ]
        for text in cases {
            let folder = try makeFolder(["bad.yaml": text])
            let error = configError { _ = try ProviderRegistry(directories: [folder]) }
            #expect(error != nil, "accepted: \(text)")
            #expect(error?.description.contains("bad.yaml:") == true, "\(String(describing: error))")
        }
        let good = try makeFolder(["ok.yaml": "adapter: mock\nlimits: {concurrent_requests: 2, requests_per_minute: 60}\n"])
        #expect(try ProviderRegistry(directories: [good]).manifest(named: "ok")?.limits
            == ProviderLimits(concurrentRequests: 2, requestsPerMinute: 60))
    }

    @Test func badSettingTypeNamesFileLineAndKey() throws {
        let folder = try makeFolder(["m.yaml": "adapter: mock\nsettings:\n  seed: forty-two\n"])
        let registry = try ProviderRegistry(directories: [folder])
        let error = try #require(configError { _ = try registry.makeProvider(named: "m", environment: [:]) })
        guard case .badType(let file, let line, let key, _, _) = error else {
            Issue.record("expected badType, got \(error)")
            return
        }
        #expect(file.hasSuffix("m.yaml"))
        #expect(line == 3)
        #expect(key == "settings.seed")
        #expect(error.description.contains("m.yaml:3"))
        #expect(error.description.contains("whole number"))
    }

    @Test func badMockSettingsAreRejected() throws {
        let cases: [(String, String)] = [
            ("settings: {seeed: 1}", "settings.seeed"),
            ("settings: {style: fancy}", "canonical, varied"),
            ("settings: {latency_ms: -5}", "at least 0"),
            ("settings: {faults: {type: error}}", "list of mappings"),
            ("settings: {faults: [{type: explode}]}", "too_few"),
            ("settings: {faults: [{attempts: [1]}]}", "needs `type:`"),
            ("settings: {faults: [{type: error, attempts: [zero]}]}", "whole numbers"),
            ("settings: {faults: [{type: error, count: 0}]}", "at least 1"),
            ("settings: {faults: [{type: error, when: 1}]}", "settings.faults[0].when"),
        ]
        for (settings, fragment) in cases {
            let folder = try makeFolder(["m.yaml": "adapter: mock\n\(settings)\n"])
            let registry = try ProviderRegistry(directories: [folder])
            let error = configError { _ = try registry.makeProvider(named: "m", environment: [:]) }
            #expect(error?.description.contains(fragment) == true, "\(settings) → \(String(describing: error))")
            #expect(error?.description.contains("m.yaml") == true)
        }
    }

    @Test func duplicateNamesInOneFolderAreAnError() throws {
        let folder = try makeFolder(["a.yaml": "name: same\nadapter: mock\n", "b.yaml": "name: same\nadapter: mock\n"])
        let error = try #require(configError { _ = try ProviderRegistry(directories: [folder]) })
        #expect(error.description.contains("a.yaml"))
        #expect(error.description.contains("b.yaml"))
        #expect(error.description.contains("`name:`"))
    }
}
