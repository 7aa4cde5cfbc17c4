import Testing
@testable import PrimerCore

/// Model text in a Markdown document: no raw HTML, no script links, no fence left open.
struct MarkdownSafeTests {
    @Test func rawHTMLIsShownAsWritten() {
        #expect(MarkdownSafe.text("<img src=x onerror=alert(1)>") == "&lt;img src=x onerror=alert(1)>")
        #expect(MarkdownSafe.text("<script>alert(1)</script>") == "&lt;script>alert(1)&lt;/script>")
        #expect(MarkdownSafe.text("a > b, 2 < 3") == "a > b, 2 &lt; 3")
        // Code is shown literally, so it stays as written; so does an escaped `<`.
        #expect(MarkdownSafe.text("use `<div>` here") == "use `<div>` here")
        #expect(MarkdownSafe.text("``a ` <b>`` then <i>") == "``a ` <b>`` then &lt;i>")
        #expect(MarkdownSafe.text("\\<b> and ` unclosed <b>") == "\\<b> and ` unclosed &lt;b>")
    }

    @Test func linksWithAScriptSchemeAreMadeInert() {
        #expect(MarkdownSafe.text("[x](javascript:alert(1))") == "[x](#javascript:alert(1))")
        #expect(MarkdownSafe.text("![x](data:text/html,hi)") == "![x](#data:text/html,hi)")
        #expect(MarkdownSafe.text("[x]( VBScript:msgbox)") == "[x]( #VBScript:msgbox)")
        #expect(MarkdownSafe.text("[x](java\tscript:alert(1))") == "[x](#java\tscript:alert(1))")
        // An entity could spell the scheme once the viewer decodes it.
        #expect(MarkdownSafe.text("[x](&#106;avascript:alert(1))") == "[x](#&#106;avascript:alert(1))")
        #expect(MarkdownSafe.text("[x](javascript&#58;alert(1))") == "[x](#javascript&#58;alert(1))")
        #expect(MarkdownSafe.text("[ref]: javascript:alert(1)") == "[ref]: #javascript:alert(1)")
        // Safe links are kept as they are.
        #expect(MarkdownSafe.text("[a](https://example.org/x) [b](mailto:a@b.c) [c](notes.md#part) [d](#top)")
            == "[a](https://example.org/x) [b](mailto:a@b.c) [c](notes.md#part) [d](#top)")
        #expect(MarkdownSafe.url("javascript:alert(1)") == "#javascript:alert%281%29")
        #expect(MarkdownSafe.url("https://example.org/a b)") == "https://example.org/a%20b%29")
    }

    @Test func aBlockClosesTheFenceItLeavesOpenAndLeavesCodeAlone() {
        #expect(MarkdownSafe.block("Intro\n\n```python\nprint('<b>')") == "Intro\n\n```python\nprint('<b>')\n```")
        #expect(MarkdownSafe.block("~~~~\ncode\n~~~\n") == "~~~~\ncode\n~~~\n~~~~")
        #expect(MarkdownSafe.block("```\n<b>\n```\n<b>") == "```\n<b>\n```\n&lt;b>")
        // A backtick line with backticks after it is not a fence.
        #expect(MarkdownSafe.block("``` not `a` fence\n<b>") == "``` not `a` fence\n&lt;b>")
        #expect(MarkdownFence.closed("no fence") == "no fence")
    }
}
