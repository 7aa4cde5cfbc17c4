import Crypto
import Foundation

/// Session tokens: 256 random bits, base64url, given to the client once; the store keeps only
/// their SHA-256, so a copy of the store opens no session.
public enum SessionToken {
    public static let cookieName = "primer_session"

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func hash(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
