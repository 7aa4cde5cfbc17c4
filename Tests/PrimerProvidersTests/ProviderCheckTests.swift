import Foundation
import PrimerCore
import PrimerProviders
import PrimerTestSupport
import Testing

@Suite(.serialized) struct ProviderCheckTests {
    @Test func listsModelsAndFindsTheOneServed() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.script("/v1/models", [.json(["object": "list", "data": [["id": "test-model", "object": "model"], ["id": "other", "object": "model"]]])])
        let provider = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", capabilities: "[json_schema, seed]"))
        let check = await provider.check()
        #expect(check.reachable)
        #expect(check.authorised == true)
        #expect(check.modelServed == true)
        #expect(check.models == ["test-model", "other"])
        #expect(check.capabilities == ["json_schema", "seed"])
        #expect(check.ok)
        #expect(server.requests.first?.method == "GET")

        let missing = try openAIProvider(try openAIManifest(baseURL: server.baseURL + "/v1", model: "gpt-9"))
        let notServed = await missing.check()
        #expect(notServed.modelServed == false)
        #expect(!notServed.ok)
        #expect(notServed.message.contains("gpt-9"))
        #expect(notServed.message.contains("test-model"))
    }

    @Test func rejectedKeyIsNotAuthorised() async throws {
        let server = StubHTTPServer()
        try server.start()
        defer { server.stop() }
        server.script("/v1/models", [apiError(401, "bad key")])
        let manifest = try openAIManifest(baseURL: server.baseURL + "/v1", settings: ["api_key_env: CHECK_KEY"])
        let check = await (try openAIProvider(manifest, environment: ["CHECK_KEY": "sk-x-000000"])).check()
        #expect(check.reachable)
        #expect(check.authorised == false)
        #expect(check.message.contains("$CHECK_KEY"))
        #expect(server.requests.count == 1)
    }

    @Test func stoppedServerIsUnreachable() async throws {
        let refused = try RefusedPort()
        defer { refused.close() }
        let base = refused.baseURL + "/v1"
        let check = await (try openAIProvider(try openAIManifest(baseURL: base))).check()
        #expect(!check.reachable)
        #expect(check.message.contains("is the server running?"))
    }

    @Test func mockIsAlwaysReady() async throws {
        let check = await MockProvider().check()
        #expect(check.reachable && check.modelServed == true && check.ok)
        #expect(check.models == ["mock-1"])
    }
}
