import Crypto
import Foundation
import Testing

/// The server code and the example client are generated from openapi.yaml once and committed
/// (scripts/generate-openapi.sh): a document changed without regenerating would serve, or call,
/// routes it no longer describes.
@Suite struct GeneratedCodeTests {
    @Test func theCommittedServerCodeIsGeneratedFromTheDocumentAsItIs() throws {
        let folder = ServerProcess.root.appendingPathComponent("Sources/PrimerServer")
        let document = try Data(contentsOf: folder.appendingPathComponent("openapi.yaml"))
        let digest = SHA256.hash(data: document).map { String(format: "%02x", $0) }.joined()
        for generated in ["Sources/PrimerServer/Generated", "Examples/StudyClient/Sources/StudyClient/Generated"] {
            let recorded = try String(
                contentsOf: ServerProcess.root.appendingPathComponent("\(generated)/openapi.sha256"), encoding: .utf8)
            #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == digest, "\(generated) is stale: run scripts/generate-openapi.sh")
        }
    }
}
