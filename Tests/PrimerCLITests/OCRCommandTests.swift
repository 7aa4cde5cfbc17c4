import Foundation
import PrimerCore
import PrimerTestSupport
import Testing

/// A PDF made of page images and a photo of a slide, attached with `--doc` as a user would: the
/// plan follows the scanned chapter's headings and the kit cites the scanned pages and the photo.
struct OCRCommandTests {
    @Test func aScannedPDFAndAPhotoGroundTheKitAndAreCitedByPage() async throws {
        let cli = try CLIRunner()
        defer { cli.remove() }
        let scan = cli.directory.appendingPathComponent("chapter.pdf")
        try await Scans.pdf([
            .scan(["Chapter 1: Photosynthesis", "Plants convert light energy into chemical energy.", "Chlorophyll absorbs red and blue light."]),
            .scan(["Chapter 2: Mitosis", "A dividing cell copies its chromosomes.", "Prophase comes before metaphase."]),
        ], to: scan)
        let photo = cli.directory.appendingPathComponent("slide.png")
        try await Scans.photo(["Photosynthesis in chloroplasts", "Light reactions make ATP and NADPH."], to: photo)

        let made = try await cli.run(["generate", "Cell Biology", "--doc", scan.path, "--doc", photo.path])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("Attached chapter.pdf (pdf,") && made.stderr.contains("2 pages)"), "\(made.stderr)")
        #expect(made.stderr.contains("Attached slide.png (image,") && made.stderr.contains("1 page)"), "\(made.stderr)")
        let kit = try JSONDecoder().decode(Kit.self, from: Data(try await cli.run(["show", "Cell Biology", "--format", "json"]).stdout.utf8))
        #expect(kit.topics.map(\.title) == ["Chapter 1: Photosynthesis", "Chapter 2: Mitosis"], "the scanned headings are the plan")
        let sources = kit.topics.flatMap { $0.subtopics.flatMap { $0.sources.map(\.url) } }
        #expect(sources.contains { $0.hasPrefix("document:chapter.pdf#page=2") }, "\(sources)")
        #expect(sources.contains { $0.hasPrefix("document:slide.png#page=1") }, "\(sources)")

        let unknown = try await cli.run(["docs", "add", "Cell Biology", photo.path, "--ocr-lang", "zzz"])
        #expect(unknown.status != 0 && unknown.stderr.contains("install tesseract-ocr-zzz"), "\(unknown.stderr)")
    }
}
