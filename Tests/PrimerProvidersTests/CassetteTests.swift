import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

/// A temporary folder for cassette files.
private func tempFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-cassettes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

private let canary = "canary-7f3a9c2e51d84b06"
private let canaryEnvironment = [
    "PRIMER_TEST_API_KEY": canary, "GITHUB_TOKEN": "ghp_shortlived0123456789", "HOME": "/home/me", "SHORT_KEY": "abc",
]

/// A mock manifest in `folder` that replays `cassette` (a path as written in the manifest).
private func replayMock(in folder: URL, cassette: String, fallback: String? = nil, name: String = "replay") throws -> MockProvider {
    let file = folder.appendingPathComponent("\(name).yaml")
    var yaml = "adapter: mock\nmodel: mock-1\nsettings:\n  replay: \(cassette)\n"
    if let fallback { yaml += "  replay_fallback: \(fallback)\n" }
    try yaml.write(to: file, atomically: true, encoding: .utf8)
    return try MockProvider(manifest: ProviderManifest.load(from: file))
}

@Suite struct CassetteTests {
    @Test func recorderWritesOneScrubbedLinePerAnswer() async throws {
        let folder = try tempFolder()
        let file = Cassette.url(suite: folder.appendingPathComponent("Evaluations/biology"), provider: "openrouter")
        #expect(file.path.hasSuffix("Evaluations/biology/cassettes/openrouter.jsonl"))
        // Built at run time so no key-shaped string sits in the repository.
        let openAIShaped = "sk-" + "abcdefghijklmnop0123"
        let perplexityShaped = "pplx-" + "ABCDEFGHIJ0123456789"
        let secretText = "Here is the key \(canary) and \(openAIShaped) and \(perplexityShaped), ok"
        let recorder = try CassetteRecorder(
            base: FixedProvider(text: secretText), file: file, environment: canaryEnvironment)
        var asked = request(purpose(.flashcards), prompt: "My key is \(canary); token ghp_shortlived0123456789.")
        asked.jsonSchema = #"{"type":"object"}"#
        let response = try await recorder.complete(asked)
        #expect(response.text == secretText, "the caller still gets the real answer")
        _ = try await recorder.complete(request(purpose(.quiz)))
        #expect(recorder.recorded == 2)

        let bytes = try Data(contentsOf: file)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains(canary))
        #expect(bytes.range(of: Data(canary.utf8)) == nil)
        #expect(!text.contains("ghp_shortlived0123456789"))
        #expect(!text.contains(openAIShaped))
        #expect(!text.contains(perplexityShaped))
        #expect(text.contains("$PRIMER_TEST_API_KEY"))
        #expect(text.contains("<redacted>"))
        #expect(text.split(separator: "\n").count == 2)

        let cassette = try Cassette.load(from: file)
        #expect(cassette.entries.count == 2)
        let entry = cassette.entries[0]
        #expect(entry.provider == "openrouter" && entry.model == "gpt-test" && !entry.purposeInKey)
        #expect(entry.key == ResponseCacheKey(request: asked, provider: "openrouter", model: "gpt-test", includePurpose: false).hex)
        #expect(entry.request.family == "flashcards" && entry.request.subtopic == "Vector Spaces" && entry.request.attempt == 1)
        #expect(entry.request.messages.count == 2)
        #expect(entry.request.messages[1].content.contains("$PRIMER_TEST_API_KEY"))
        #expect(entry.response.usage.completionTokens == 7 && entry.response.cost == 0.0004)
        #expect(entry.response.citations.first?.url == "https://example.org/source")
        #expect(entry.response.finishReason == .stop)
        // The short value of SHORT_KEY is not a credential and is left alone.
        #expect(SecretScrubber(environment: canaryEnvironment).scrub("abc") == "abc")
    }

    @Test func recorderAppendsOrStartsFreshAndSkipsErrors() async throws {
        let folder = try tempFolder()
        let file = folder.appendingPathComponent("c/mock.jsonl")
        let first = try CassetteRecorder(base: MockProvider(), file: file, environment: [:])
        _ = try await first.complete(request(purpose(.lesson)))
        let appending = try CassetteRecorder(base: MockProvider(), file: file, environment: [:])
        _ = try await appending.complete(request(purpose(.terms)))
        #expect(try Cassette.load(from: file).entries.count == 2)

        let fresh = try CassetteRecorder(
            base: MockProvider(configuration: MockConfiguration(faults: [MockFault(.error, families: ["quiz"])])), file: file,
            environment: [:], startFresh: true)
        await #expect(throws: ProviderError.self) { try await fresh.complete(request(purpose(.quiz))) }
        _ = try await fresh.complete(request(purpose(.terms)))
        let entries = try Cassette.load(from: file).entries
        #expect(entries.map(\.request.family) == ["terms"])
        #expect(entries[0].purposeInKey, "the mock's answers depend on the purpose")
    }

    @Test func replayReturnsTheRecordedAnswerExactly() async throws {
        let folder = try tempFolder()
        let file = Cassette.url(suite: folder.appendingPathComponent("Evaluations/algebra"), provider: "openrouter")
        let realText = "Vector space | A set closed under addition and scaling\n  ünïcödé “quotes” \\ backslash\n"
        let recorder = try CassetteRecorder(base: FixedProvider(text: realText), file: file, environment: [:])
        let asked = request(purpose(.flashcards))
        let recorded = try await recorder.complete(asked)

        // The replay manifest sits in the suite folder and names the cassette relative to itself.
        let mock = try replayMock(in: folder.appendingPathComponent("Evaluations/algebra"), cassette: "cassettes/openrouter.jsonl")
        #expect(mock.configuration.replay?.path == file.standardizedFileURL.path)
        let replayed = try await mock.complete(asked)
        #expect(replayed == recorded)
        #expect(replayed.text == realText)
        #expect(replayed.model == "gpt-test")
    }

    @Test func replayOfAnUnrecordedRequestFailsClearly() async throws {
        let folder = try tempFolder()
        let file = folder.appendingPathComponent("cassettes/openrouter.jsonl")
        let recorder = try CassetteRecorder(base: FixedProvider(text: "cards"), file: file, environment: [:])
        _ = try await recorder.complete(request(purpose(.flashcards)))

        let mock = try replayMock(in: folder, cassette: "cassettes/openrouter.jsonl")
        // A real model sees only the messages: the same prompt under another purpose is the same request.
        #expect(try mock.respond(to: request(purpose(.quiz, subtopic: "Bases"))).text == "cards")
        let quizOfBases = request(purpose(.quiz, subtopic: "Bases"), prompt: "Write 10 questions about Bases.")
        let error = try #require(providerError { _ = try mock.respond(to: quizOfBases) })
        #expect(!error.retryable)
        #expect(error.message == "no recorded answer for quiz of Bases in \(file.standardizedFileURL.path); record it with --record")
        // Another prompt for the same family and subtopic is another request.
        #expect(providerError { _ = try mock.respond(to: request(purpose(.flashcards), prompt: "changed")) } != nil)

        let generating = try replayMock(in: folder, cassette: "cassettes/openrouter.jsonl", fallback: "generate", name: "gen")
        let generated = try generating.respond(to: quizOfBases)
        #expect(generated == (try MockProvider(name: "gen").respond(to: quizOfBases)))
        #expect(try generating.respond(to: request(purpose(.flashcards))).text == "cards")
    }

    @Test func replayPathsResolveAgainstTheManifestThenTheCurrentDirectory() throws {
        let folder = try tempFolder()
        let manifestFolder = folder.appendingPathComponent("plugins")
        try FileManager.default.createDirectory(at: manifestFolder, withIntermediateDirectories: true)
        let cassette = folder.appendingPathComponent("run.jsonl")
        try Data().write(to: cassette)
        let yaml = "adapter: mock\nsettings:\n  replay: run.jsonl\n"
        let manifest = try ProviderManifest.parse(yaml: yaml, file: manifestFolder.appendingPathComponent("r.yaml"))

        var configuration = MockConfiguration()
        try configuration.readReplay(manifest.settingsReader, currentDirectory: folder.path)
        #expect(configuration.replay?.path == cassette.standardizedFileURL.path)

        var missing = MockConfiguration()
        let error = try #require(configError { try missing.readReplay(manifest.settingsReader, currentDirectory: "/nonexistent") })
        #expect(error.description.contains("settings.replay"))
        #expect(error.description.contains("--record"))
        #expect(error.description.contains(":3"), "names the line of `replay:`")

        let bad = try ProviderManifest.parse(yaml: "adapter: mock\nsettings:\n  replay_fallback: maybe\n", file: manifestFolder.appendingPathComponent("b.yaml"))
        #expect(configError { _ = try MockConfiguration(settings: bad.settingsReader) }?.description.contains("fail, generate") == true)
    }

    @Test func badCassetteLinesNameFileAndLine() throws {
        let folder = try tempFolder()
        let file = folder.appendingPathComponent("broken.jsonl")
        let recorder = try CassetteRecorder(base: FixedProvider(text: "ok"), file: file, environment: [:])
        try recorder.record(request(purpose(.lesson)), CompletionResponse(text: "ok", model: "m"))
        let good = try String(contentsOf: file, encoding: .utf8)
        try (good + "\n{\"key\": \"abc\"}\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: CassetteError.self) { try Cassette.load(from: file) }
        do {
            _ = try Cassette.load(from: file)
        } catch let error as CassetteError {
            guard case let .badLine(path, line, problem) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file.path && line == 3)
            #expect(problem.contains("missing"))
            #expect(error.description.hasPrefix("\(file.path):3: "))
        }

        try (good + "not json\n").write(to: file, atomically: true, encoding: .utf8)
        #expect(throws: CassetteError.badLine(file: file.path, line: 2, problem: "invalid JSON")) { try Cassette.load(from: file) }

        let absent = folder.appendingPathComponent("absent.jsonl")
        #expect { try Cassette.load(from: absent) } throws: { error in
            guard case .unreadable(let path, _) = error as? CassetteError else { return false }
            return path == absent.path
        }
    }

    @Test func aLaterRecordingOfTheSameRequestWins() async throws {
        let folder = try tempFolder()
        let file = folder.appendingPathComponent("c.jsonl")
        _ = try await CassetteRecorder(base: FixedProvider(text: "old"), file: file, environment: [:]).complete(request(purpose(.terms)))
        _ = try await CassetteRecorder(base: FixedProvider(text: "new"), file: file, environment: [:]).complete(request(purpose(.terms)))
        let cassette = try Cassette.load(from: file)
        #expect(cassette.entries.count == 2)
        #expect(cassette.entry(for: request(purpose(.terms)))?.response.text == "new")
    }
}
