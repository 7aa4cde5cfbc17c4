import Foundation
import PrimerCore
import Testing

@testable import PrimerProviders

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import PrimerGeneration

/// Helpers for the exec adapter tests: real child processes (Python 3 scripts in temp folders).
enum ExecFixture {
    /// The repository's Plugins/examples (the source folder the `Plugins` link points to).
    static var examplesFolder: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PrimerDefaults/Plugins/examples")
    }

    /// A temp folder holding `files`, and the manifest `name.yaml` with `settings`.
    static func folder(
        manifest settings: String, name: String = "scripted", header: String = "", files: [String: String] = [:]
    ) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("primer-exec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, text) in files {
            try text.write(to: folder.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let yaml = "name: \(name)\nadapter: exec\nmodel: scripted-1\n\(header)settings:\n"
            + settings.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }.joined(separator: "\n") + "\n"
        try yaml.write(to: folder.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func manifest(in folder: URL, name: String = "scripted") throws -> ProviderManifest {
        try ProviderManifest.load(from: folder.appendingPathComponent("\(name).yaml"))
    }

    /// An exec provider running `script` (Python) with extra `settings` lines.
    static func provider(
        script: String, settings: String = "", header: String = "",
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> ExecProvider {
        let folder = try folder(
            manifest: "command: [python3, script.py]\nstartup_timeout_seconds: 30\n" + settings, header: header,
            files: ["script.py": script])
        return try ExecProvider(manifest: try manifest(in: folder), environment: environment)
    }

    static func request(
        _ output: ContentKind, subject: String = "Linear Algebra", topic: String = "Vectors", subtopic: String = "Dot Product",
        schema: String? = nil, temperature: Double? = nil, maxTokens: Int? = nil
    ) -> CompletionRequest {
        CompletionRequest(
            messages: [
                ChatMessage(role: .system, content: "You write study material."),
                ChatMessage(role: .user, content: "Write \(output.rawValue) for \(subtopic)."),
            ],
            purpose: RequestPurpose(
                family: output.rawValue, shape: output.shape, role: output == .terms ? .glossary : nil, subjectKind: .general, subject: subject,
                topic: output == .plan ? "" : topic, subtopic: output == .plan ? "" : subtopic,
                siblings: output == .plan ? [] : ["Cross Product", "Vector Norms"]),
            jsonSchema: schema, temperature: temperature, maxTokens: maxTokens)
    }

    /// The `ProviderError` `body` throws, or nil.
    static func providerError(_ body: () async throws -> Void) async -> ProviderError? {
        do {
            try await body()
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            return ProviderError(provider: "?", message: "unexpected error \(error)", retryable: false)
        }
    }

    /// True while `pid` names a process (a zombie counts: it has not been reaped).
    static func exists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0
    }

    /// Waits up to `seconds` for `pid` to be gone (exited and reaped).
    static func waitGone(_ pid: Int32, seconds: Double = 5) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while exists(pid) {
            if Date() > deadline { return false }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return true
    }

    /// The start of every test script: a loop answering each request line with `respond(request)`.
    static func script(_ respond: String, before: String = "") -> String {
        """
        import json, os, sys, time
        \(before)
        def respond(request):
        \(respond.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n"))

        while True:
            line = sys.stdin.readline()
            if not line:
                break
            request = json.loads(line)
            reply = respond(request)
            if reply is not None:
                sys.stdout.write((reply if isinstance(reply, str) else json.dumps(reply)) + "\\n")
                sys.stdout.flush()
        """
    }
}

/// Answers with `{"id", "text": <the request as JSON>}` and the fields a response may carry.
let mirrorScript = ExecFixture.script(
    """
    return {"id": request["id"], "text": json.dumps(request), "model": "scripted-7",
            "usage": {"prompt_tokens": 11, "completion_tokens": 22, "cached_prompt_tokens": 3},
            "cost": 0.0125, "finish_reason": "length", "surprise": {"unknown": "fields are ignored"},
            "citations": [{"url": "https://example.org/a", "title": "A", "snippet": "first"},
                          "https://example.org/b"]}
    """)

@Suite(.timeLimit(.minutes(2))) struct ExecExampleProviderTests {
    /// The shipped example, loaded the way a user points `--plugins` at it.
    func example() throws -> any Provider {
        let registry = try ProviderRegistry(directories: [ExecFixture.examplesFolder])
        #expect(registry.names == ["echo-exec", "words-exec"], "the example provider and the example embedding model")
        return try registry.makeProvider(named: "echo-exec", environment: ProcessInfo.processInfo.environment)
    }

    @Test func answersEveryOutputKindInItsFormat() async throws {
        let provider = try example()
        #expect(provider.name == "echo-exec")
        #expect(provider.model == "echo-1")
        for kind in ContentKind.allCases {
            let response = try await provider.complete(ExecFixture.request(kind))
            let text = response.text
            #expect(!text.isEmpty)
            #expect(response.model == "echo-1")
            #expect(response.finishReason == .stop)
            #expect(response.usage.completionTokens > 0)
            let output = try OutputParser.parse(text, as: kind.shape, pairLines: kind == .terms ? .termDefinition : .questionAnswer)
            switch output {
            case .plan(let plan):
                #expect(text.contains("## Foundations of Linear Algebra — "))
                #expect(text.contains("\n- "))
                #expect(plan.topics.count >= 2)
                #expect(plan.topics.allSatisfy { !$0.subtopics.isEmpty })
            case .lesson(let notes):
                #expect(text.hasPrefix("# Dot Product"))
                #expect(notes.split(whereSeparator: \.isWhitespace).count >= 80)
            case .pairs(let cards) where kind == .flashcards:
                #expect(cards.count >= 3)
                #expect(text.split(separator: "\n").allSatisfy { $0.contains(" | ") && $0.contains("Dot Product") })
            case .choices(let questions):
                #expect(questions.count >= 2)
                #expect(text.hasPrefix("1. "))
                #expect(text.contains("A) ") && text.contains("D) "))
                #expect(text.contains("Answer: B"))
                #expect(text.contains("Explanation: "))
                #expect(questions.allSatisfy { $0.choices.count == 4 })
            case .pairs(let terms):
                #expect(terms.count >= 2)
                #expect(text.split(separator: "\n").allSatisfy { $0.contains(": ") })
            case .clozes(let notes):
                #expect(notes.count >= 3)
                #expect(notes.allSatisfy { ClozeText.cardNumbers($0.text) == [1, 2] })
            case .shaped(let shape, let items):
                #expect(shape == kind.shape && items.count == 1)
                #expect(items.allSatisfy { shape.plugin?.problem(with: $0) == nil }, "\(items)")
            }
        }
    }
}

@Suite(.timeLimit(.minutes(2))) struct ExecProtocolTests {
    @Test func requestAndResponseFieldsTravel() async throws {
        let provider = try ExecFixture.provider(script: mirrorScript, header: "capabilities: [json_schema]\n")
        let schema = #"{"type":"object","properties":{"cards":{"type":"array"}}}"#
        let response = try await provider.complete(
            ExecFixture.request(.flashcards, schema: schema, temperature: 0.25, maxTokens: 321))

        #expect(response.model == "scripted-7")
        #expect(response.usage == TokenUsage(promptTokens: 11, completionTokens: 22, cachedPromptTokens: 3))
        #expect(response.cost == 0.0125)
        #expect(response.finishReason == .length)
        #expect(response.citations == [
            Citation(url: "https://example.org/a", title: "A", snippet: "first"), Citation(url: "https://example.org/b"),
        ])

        // What the child received.
        let sent = try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        #expect(sent["protocol"] as? Int == 1)
        let firstID = try #require(sent["id"] as? String)
        #expect(firstID.hasPrefix("1-"), "a counter, then a random part")
        #expect(sent["model"] as? String == "scripted-1")
        #expect(sent["temperature"] as? Double == 0.25)
        #expect(sent["max_tokens"] as? Int == 321)
        let messages = try #require(sent["messages"] as? [[String: String]])
        #expect(messages.map { $0["role"] } == ["system", "user"])
        #expect(messages.last?["content"] == "Write flashcards for Dot Product.")
        let purpose = try #require(sent["purpose"] as? [String: Any])
        #expect(purpose["family"] as? String == "flashcards")
        #expect(purpose["output"] as? String == "flashcards")
        #expect(purpose["shape"] as? String == "pair" && purpose["item"] as? String == "flashcard")
        #expect(purpose["subject_kind"] as? String == "general")
        #expect(purpose["subject"] as? String == "Linear Algebra")
        #expect(purpose["topic"] as? String == "Vectors")
        #expect(purpose["subtopic"] as? String == "Dot Product")
        #expect(purpose["siblings"] as? [String] == ["Cross Product", "Vector Norms"])
        #expect(purpose["attempt"] as? Int == 1)
        let sentSchema = try #require(sent["json_schema"] as? [String: Any])
        #expect(sentSchema["type"] as? String == "object")

        // Without schema, temperature and limit they are null; ids count up and never repeat.
        let plain = try await provider.complete(ExecFixture.request(.lesson))
        let second = try #require(JSONSerialization.jsonObject(with: Data(plain.text.utf8)) as? [String: Any])
        let secondID = try #require(second["id"] as? String)
        #expect(secondID.hasPrefix("2-"))
        #expect(secondID.dropFirst(2) != firstID.dropFirst(2))
        #expect(second["json_schema"] is NSNull)
        #expect(second["temperature"] is NSNull)
        #expect(second["max_tokens"] is NSNull)
        await provider.shutdown()
    }

    @Test func schemaIsSentOnlyWithTheCapability() async throws {
        let provider = try ExecFixture.provider(script: mirrorScript)
        let response = try await provider.complete(ExecFixture.request(.quiz, schema: #"{"type":"object"}"#))
        let sent = try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        #expect(sent["json_schema"] is NSNull)
        await provider.shutdown()
    }

    @Test func minimalAnswerGetsDefaults() async throws {
        let provider = try ExecFixture.provider(script: ExecFixture.script(#"return {"id": request["id"], "text": "ok"}"#))
        let response = try await provider.complete(ExecFixture.request(.terms))
        #expect(response == CompletionResponse(text: "ok", model: "scripted-1"))
        await provider.shutdown()
    }

    @Test func errorAnswerKeepsRetryable() async throws {
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                """
                retry = request["purpose"]["subject"] == "Retry"
                return {"id": request["id"], "error": {"message": "upstream said no to " + request["purpose"]["subject"], "retryable": retry}}
                """))
        let retryable = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.quiz, subject: "Retry")) })
        #expect(retryable.retryable)
        #expect(retryable.provider == "scripted")
        #expect(retryable.message == "upstream said no to Retry")
        let fatal = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.quiz, subject: "Fatal")) })
        #expect(!fatal.retryable)
        #expect(fatal.message == "upstream said no to Fatal")
        await provider.shutdown()
    }

    @Test func encodedRequestIsOneLine() throws {
        let request = CompletionRequest(
            messages: [ChatMessage(role: .user, content: "line one\nline two \"quoted\" / ünïcode")],
            purpose: RequestPurpose(family: "lesson", shape: .lesson, subjectKind: .language, language: "Spanish", subject: "Spanish"),
            jsonSchema: "not json {")
        let data = ExecProtocol.encode(request, id: "7", model: "m")
        #expect(!data.contains(0x0A))
        let object = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["json_schema"] as? String == "not json {")
        #expect((object["purpose"] as? [String: Any])?["language"] as? String == "Spanish")
    }

    @Test func decodeIsLenient() throws {
        let numericID = try ExecProtocol.decode(#"{"id": 3, "text": "hi", "finish_reason": "content_filter"}"#, defaultModel: "d")
        #expect(numericID == .response(id: "3", CompletionResponse(text: "hi", model: "d", finishReason: .other)))
        let plainError = try ExecProtocol.decode(#"{"id": "4", "error": "nope"}"#, defaultModel: "d")
        #expect(plainError == .failure(id: "4", message: "nope", retryable: false))
        #expect(throws: ExecProtocol.DecodeError.notJSON("[1, 2]")) { try ExecProtocol.decode("[1, 2]", defaultModel: "d") }
        #expect(throws: ExecProtocol.DecodeError.self) { try ExecProtocol.decode(#"{"text": "no id"}"#, defaultModel: "d") }
        #expect(throws: ExecProtocol.DecodeError.self) { try ExecProtocol.decode(#"{"id": "1"}"#, defaultModel: "d") }
    }
}

@Suite(.timeLimit(.minutes(2))) struct ExecFailureTests {
    @Test func crashIsReportedWithStderrAndTheNextRequestRestarts() async throws {
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                """
                if request["purpose"]["subject"] == "Crash":
                    print("fatal: the model file is corrupt", file=sys.stderr, flush=True)
                    sys.exit(3)
                return {"id": request["id"], "text": "pid %d" % os.getpid()}
                """,
                before: #"print("starting up", file=sys.stderr, flush=True)"#))
        let first = try await provider.complete(ExecFixture.request(.terms))
        let firstPID = try #require(await provider.processIdentifier)
        #expect(first.text == "pid \(firstPID)")

        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.terms, subject: "Crash")) })
        #expect(error.retryable)
        #expect(error.message.contains("`python3 script.py` exited with code 3"))
        #expect(error.message.contains("fatal: the model file is corrupt"))
        #expect(error.message.contains("starting up"))
        #expect(error.message.contains("restarted"))
        #expect(await ExecFixture.waitGone(firstPID))

        let after = try await provider.complete(ExecFixture.request(.terms))
        let secondPID = try #require(await provider.processIdentifier)
        #expect(secondPID != firstPID)
        #expect(after.text == "pid \(secondPID)")
        await provider.shutdown()
    }

    @Test func garbageOnStdoutIsAClearError() async throws {
        let long = String(repeating: "x", count: 500)
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                """
                if request["purpose"]["subject"] == "Long":
                    return "\(long)"
                return "Loading weights... done"
                """))
        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.lesson)) })
        #expect(!error.retryable)
        #expect(error.message.contains("not a JSON object"))
        #expect(error.message.contains("Loading weights... done"))
        #expect(error.message.contains("stderr"))

        let longError = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.lesson, subject: "Long")) })
        #expect(longError.message.contains(String(repeating: "x", count: 200) + "…"))
        #expect(!longError.message.contains(String(repeating: "x", count: 201)))
        await provider.shutdown()
    }

    @Test func mismatchedIDIsAnError() async throws {
        let provider = try ExecFixture.provider(script: ExecFixture.script(#"return {"id": "other", "text": "hi"}"#))
        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.lesson)) })
        #expect(error.message.contains("answered id ‘other’ while request ‘1-"))
        await provider.shutdown()
    }

    @Test func missingCommandIsNamedWithItsManifest() throws {
        let folder = try ExecFixture.folder(manifest: "command: [primer-no-such-provider-xyz, --serve]")
        let manifest = try ExecFixture.manifest(in: folder)
        let error = #expect(throws: ProviderError.self) { try ExecProvider(manifest: manifest, environment: ["PATH": "/usr/bin:/bin"]) }
        #expect(error?.message.contains("`primer-no-such-provider-xyz`") == true)
        #expect(error?.message.contains(manifest.file.path) == true)
        #expect(error?.retryable == false)

        // A relative path that exists nowhere, and a script without its executable bit.
        let relative = try ExecFixture.folder(manifest: "command: [./missing.sh]")
        let missing = #expect(throws: ProviderError.self) { try ExecProvider(manifest: try ExecFixture.manifest(in: relative), environment: [:]) }
        #expect(missing?.message.contains("`./missing.sh`") == true)
        #expect(missing?.message.contains("not found") == true)

        let plain = try ExecFixture.folder(manifest: "command: [./provider.sh]", files: ["provider.sh": "#!/bin/sh\n"])
        let notExecutable = #expect(throws: ProviderError.self) { try ExecProvider(manifest: try ExecFixture.manifest(in: plain), environment: [:]) }
        #expect(notExecutable?.message.contains("not executable") == true)

        // Through the registry, as `--provider` reaches it.
        let registry = try ProviderRegistry(directories: [folder])
        #expect(throws: ProviderError.self) { try registry.makeProvider(named: "scripted", environment: [:]) }
    }

    @Test func timeoutStopsTheProcessAndTheNextRequestRestarts() async throws {
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                """
                if request["purpose"]["subject"] == "Slow":
                    time.sleep(600)
                return {"id": request["id"], "text": "quick"}
                """),
            settings: "timeout_seconds: 1")
        #expect(try await provider.complete(ExecFixture.request(.terms)).text == "quick")
        let pid = try #require(await provider.processIdentifier)

        let started = Date()
        let error = try #require(await ExecFixture.providerError { _ = try await provider.complete(ExecFixture.request(.terms, subject: "Slow")) })
        // The request ends long before the child's 600 s sleep would (the bound is loose: on a
        // loaded CI machine the kill and the restart take seconds, not the 1 s timeout alone).
        #expect(Date().timeIntervalSince(started) < 60)
        #expect(error.retryable)
        #expect(error.message.contains("did not answer request 2-"))
        #expect(error.message.contains("within 1s"))
        #expect(await ExecFixture.waitGone(pid))
        #expect(await provider.processIdentifier == nil)

        #expect(try await provider.complete(ExecFixture.request(.terms)).text == "quick")
        #expect(await provider.processIdentifier != pid)
        await provider.shutdown()
    }
}

@Suite(.timeLimit(.minutes(2))) struct ExecProcessTests {
    @Test func concurrentRequestsAreSerializedAndAllAnswered() async throws {
        // The child reads stdin unbuffered and reports whether another request was already
        // waiting while it worked on one: serialized requests never overlap.
        let script = """
            import json, os, select, sys, time
            buffer = b""
            while True:
                while b"\\n" not in buffer:
                    chunk = os.read(0, 65536)
                    if not chunk:
                        sys.exit(0)
                    buffer += chunk
                line, buffer = buffer.split(b"\\n", 1)
                request = json.loads(line)
                time.sleep(0.02)
                overlap = bool(buffer) or bool(select.select([0], [], [], 0)[0])
                text = request["purpose"]["subject"] + (" OVERLAP" if overlap else "")
                sys.stdout.write(json.dumps({"id": request["id"], "text": text}) + "\\n")
                sys.stdout.flush()
            """
        let provider = try ExecFixture.provider(script: script)
        let subjects = (1...12).map { "Subject \($0)" }
        let answers = try await withThrowingTaskGroup(of: (String, String).self) { group in
            for subject in subjects {
                group.addTask { (subject, try await provider.complete(ExecFixture.request(.lesson, subject: subject)).text) }
            }
            var answers: [String: String] = [:]
            for try await (subject, text) in group { answers[subject] = text }
            return answers
        }
        #expect(answers.count == subjects.count)
        for subject in subjects {
            #expect(answers[subject] == subject)
        }
        await provider.shutdown()
    }

    @Test func childSeesOnlyTheEnvironmentItIsGiven() async throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PERPLEXITY_API_KEY"] = "canary-perplexity"
        environment["OPENAI_API_KEY"] = "sk-passed-through"
        environment["LANG"] = "C.UTF-8"
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                #"return {"id": request["id"], "text": json.dumps({"env": dict(os.environ), "request": request})}"#),
            settings: "pass_env: [OPENAI_API_KEY]\nenv: {EXTRA_SETTING: \"on\"}",
            environment: environment)
        let response = try await provider.complete(ExecFixture.request(.lesson))
        #expect(!response.text.contains("canary"))
        let body = try #require(JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        let env = try #require(body["env"] as? [String: String])
        #expect(env["PERPLEXITY_API_KEY"] == nil)
        #expect(env["OPENAI_API_KEY"] == "sk-passed-through")
        #expect(env["EXTRA_SETTING"] == "on")
        #expect(env["PATH"] != nil)
        #expect(env["LANG"] == "C.UTF-8")
        // The key is in the child's environment only, never in the request.
        let request = try #require(body["request"] as? [String: Any])
        let requestText = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
        #expect(!requestText.contains("sk-passed-through"))
        await provider.shutdown()
    }

    @Test func shutdownEndsTheProcessWithoutAZombie() async throws {
        let provider = try ExecFixture.provider(script: mirrorScript)
        _ = try await provider.complete(ExecFixture.request(.lesson))
        let pid = try #require(await provider.processIdentifier)
        await provider.shutdown()
        #expect(await ExecFixture.waitGone(pid))
        // A later request starts a new process.
        _ = try await provider.complete(ExecFixture.request(.lesson))
        let next = try #require(await provider.processIdentifier)
        #expect(next != pid)
        await provider.shutdown()
        #expect(await ExecFixture.waitGone(next))
    }

    @Test func stubbornChildIsTerminated() async throws {
        // Ignores the end of stdin: shutdown must fall back to SIGTERM.
        let provider = try ExecFixture.provider(
            script: ExecFixture.script(
                #"return {"id": request["id"], "text": "ok"}"#,
                before: "import atexit\natexit.register(lambda: time.sleep(60))"))
        _ = try await provider.complete(ExecFixture.request(.lesson))
        let pid = try #require(await provider.processIdentifier)
        await provider.shutdown(grace: 0.2)
        #expect(await ExecFixture.waitGone(pid))
    }

    @Test func deinitEndsTheProcess() async throws {
        var provider: ExecProvider? = try ExecFixture.provider(script: mirrorScript)
        _ = try await provider?.complete(ExecFixture.request(.lesson))
        let pid = try #require(await provider?.processIdentifier)
        provider = nil
        #expect(await ExecFixture.waitGone(pid))
    }
}
