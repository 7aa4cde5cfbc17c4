import Crypto
import Foundation
import Testing

/// The server code is generated from openapi.yaml once and committed (scripts/generate-openapi.sh):
/// a document changed without regenerating would serve routes it no longer describes.
@Suite struct GeneratedCodeTests {
    @Test func theCommittedServerCodeIsGeneratedFromTheDocumentAsItIs() throws {
        let folder = ServerProcess.root.appendingPathComponent("Sources/PrimerServer")
        let document = try Data(contentsOf: folder.appendingPathComponent("openapi.yaml"))
        let digest = SHA256.hash(data: document).map { String(format: "%02x", $0) }.joined()
        let recorded = try String(contentsOf: folder.appendingPathComponent("Generated/openapi.sha256"), encoding: .utf8)
        #expect(recorded.trimmingCharacters(in: .whitespacesAndNewlines) == digest, "run scripts/generate-openapi.sh")
    }
}
