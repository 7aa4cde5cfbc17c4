import PrimerCore
import Testing

/// The one URL redaction: user info and secret-looking parameter values become `***`, the rest
/// of the URL (and of the text around it) stays as it was.
@Suite struct URLRedactionTests {
    @Test func userInfoAndSecretParametersAreMasked() {
        #expect(URLRedaction.redact(url: "https://alice:hunter2-secret@api.example.com:8443/v1") == "https://***@api.example.com:8443/v1")
        #expect(URLRedaction.redact(url: "https://TOKENONLY@api.example.com/v1") == "https://***@api.example.com/v1")
        #expect(
            URLRedaction.redact(url: "https://h.example/v1?key=abc&model=x&api_key=def&access_token=ghi&Token=jkl&sig=mno")
                == "https://h.example/v1?key=***&model=x&api_key=***&access_token=***&Token=***&sig=***")
        #expect(URLRedaction.redact(url: "https://h.example/cb#access_token=abc&state=1") == "https://h.example/cb#access_token=***&state=1")
        #expect(URLRedaction.redact(url: "http://127.0.0.1:8080/v1/models") == "http://127.0.0.1:8080/v1/models")
        #expect(URLRedaction.redact(url: "https://h.example/v1?q=a%20b&page=2") == "https://h.example/v1?q=a%20b&page=2")
    }

    @Test func urlsInsideTextAreMaskedAndTheTextKept() {
        let text = "cannot reach http://bob:pw-1234567@127.0.0.1:9/v1?key=s3cr3t-value: connection refused (‘https://x.example/?token=t0k3n’)"
        let masked = URLRedaction.redactURLs(in: text)
        #expect(masked == "cannot reach http://***@127.0.0.1:9/v1?key=***: connection refused (‘https://x.example/?token=***’)")
        #expect(URLRedaction.redactURLs(in: "no URL here, key=value") == "no URL here, key=value")
    }

    @Test func theSecretsOfAURLAreListedForScrubbingEchoes() {
        let secrets = URLRedaction.secrets(in: "https://bob:p%40ss-word-1@h.example/v1?key=abc123&model=m&token=xyz")
        #expect(Set(secrets) == ["p%40ss-word-1", "p@ss-word-1", "abc123", "xyz"])
        #expect(URLRedaction.secrets(in: "https://KEY-ONLY-123@h.example/v1") == ["KEY-ONLY-123"])
        #expect(URLRedaction.secrets(in: "http://127.0.0.1:8080/v1").isEmpty)
    }
}
