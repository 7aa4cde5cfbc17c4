import Foundation
import Testing
@testable import PrimerDocuments

@Suite("Outline detection")
struct DocumentOutlineTests {
    @Test func syllabusWithWeekLines() throws {
        let text = """
            BIOL 101 — Introduction to Biology
            Instructor: Dr. Rivera. Office hours Tuesday 2–4 pm.

            Week 1: The cell
            - Cell theory
            - Membranes and transport
            Week 2 — Energy
            Photosynthesis and respiration
            Week 3: Genetics
              * Mitosis and meiosis
              * Mendelian inheritance

            Grading: two exams and weekly quizzes.
            """
        let doc = ExtractedDocument(name: "syllabus.txt", format: .text, text: text)
        let outline = try #require(DocumentOutline.detect(doc))
        #expect(outline.map(\.title) == ["Week 1: The cell", "Week 2 — Energy", "Week 3: Genetics"])
        #expect(outline[0].items == ["Cell theory", "Membranes and transport"])
        #expect(outline[1].items == ["Photosynthesis and respiration"])
        // A sentence of prose after the last week is not an item of it.
        #expect(outline[2].items == ["Mitosis and meiosis", "Mendelian inheritance"])
    }

    @Test func headingStructuredMarkdown() throws {
        let text = """
            # Chemistry plan

            ## Atoms
            - Protons, neutrons, electrons
            - Isotopes
            ### Electron shells

            ## Bonds
            1. Ionic bonds
            2. Covalent bonds

            ## Reactions
            Balancing equations is practised every week, with worked examples that build from simple \
            combustion to redox reactions, and the notes for it run over several long lines of prose
            that should not become outline items.
            """
        let doc = ExtractedDocument(name: "plan.md", format: .markdown, text: text)
        let outline = try #require(DocumentOutline.detect(doc))
        #expect(outline == [
            OutlineSection(title: "Atoms", items: ["Protons, neutrons, electrons", "Isotopes", "Electron shells"]),
            OutlineSection(title: "Bonds", items: ["Ionic bonds", "Covalent bonds"]),
            OutlineSection(
                title: "Reactions",
                overview: "Balancing equations is practised every week, with worked examples that build from simple combustion to redox reactions, and the notes for it run over several long lines of prose that should not become outline items."),
        ])
    }

    @Test func numberedTopLevelLines() throws {
        let text = "Course topics\n1. Kinematics\n   velocity, acceleration\n2. Dynamics\n   - Newton's laws\n3. Energy\n4. Momentum"
        let outline = try #require(DocumentOutline.detect(ExtractedDocument(name: "t.txt", format: .text, text: text)))
        #expect(outline.map(\.title) == ["Kinematics", "Dynamics", "Energy", "Momentum"])
        #expect(outline[0].items == ["velocity, acceleration"])
        #expect(outline[1].items == ["Newton's laws"])
    }

    @Test func weekLinesWinOverAFewMarkdownHeadings() throws {
        let text = "# Syllabus\n\n## Schedule\n\nWeek 1: Cells\nWeek 2: Tissues\nWeek 3: Organs\n\n## Grading\n\nExams."
        let outline = try #require(DocumentOutline.detect(ExtractedDocument(name: "s.md", format: .markdown, text: text)))
        #expect(outline.map(\.title) == ["Week 1: Cells", "Week 2: Tissues", "Week 3: Organs"])
    }

    @Test func proseIsNotAnOutline() {
        let prose = ExtractedDocument(name: "essay.txt", format: .text, text: """
            Cells are the basic unit of life. In week 1 we look at membranes.
            Chapter 3 of the textbook covers the rest, and 2. is not a list here.

            Another paragraph of ordinary prose follows.
            """)
        #expect(DocumentOutline.detect(prose) == nil)
        let oneHeading = ExtractedDocument(name: "n.md", format: .markdown, text: "# Notes\n\nSome text.\n\n- a\n- b")
        #expect(DocumentOutline.detect(oneHeading) == nil)
    }

    /// A real textbook chapter (OpenStax Psychology 2e, chapter 5; CC BY 4.0): its six `##`
    /// sections, each with its `###` parts, none of the paragraphs, the subsections' own
    /// `####` headings left to their parts.
    @Test func aTextbookChapterIsItsSectionsAndTheirParts() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        let doc = ExtractedDocument(name: "ch05.md", format: .markdown, text: try String(contentsOf: url, encoding: .utf8))
        let outline = try #require(DocumentOutline.detect(doc))
        #expect(outline.map(\.title) == [
            "Sensation versus Perception", "Waves and Wavelengths", "Vision", "Hearing", "The Other Senses",
            "Gestalt Principles of Perception",
        ])
        #expect(outline[1].items == ["Amplitude and Wavelength", "Light Waves", "Sound Waves", "Summary", "Personal Application Question"])
        #expect(outline[2].items == ["Anatomy of the Visual System", "Color and Depth Perception", "Personal Application Question"])
        // The first sentence of a section's own text, when it has some before its parts.
        #expect(outline[0].overview.isEmpty)
        #expect(outline[5].overview.hasPrefix("In the early part of the 20th century, Max Wertheimer published a paper"))
        #expect(outline.allSatisfy { $0.overview.count <= 240 })
        #expect(outline.flatMap(\.items).allSatisfy { DocumentOutline.readsAsHeading($0) })
    }

    @Test func headingsInCapitalsReadAsTitles() {
        #expect(DocumentOutline.headingTitle("THE PANIC OF 1819") == "The Panic of 1819")
        #expect(DocumentOutline.headingTitle("NEW YORK AND NEW JERSEY") == "New York and New Jersey")
        #expect(DocumentOutline.headingTitle("DNA Replication") == "DNA Replication")
        #expect(DocumentOutline.headingTitle("THE “INVISIBLE EMPIRE OF THE SOUTH”") == "The “Invisible Empire of the South”")
        #expect(!DocumentOutline.readsAsHeading("Solutions exhibit these defining traits:"))
    }

    @Test func severalDocumentsGiveTheirOutlinesInOrder() {
        let first = ExtractedDocument(name: "a.md", format: .markdown, text: "## Cells\n\n- Membranes\n\n## Tissues\n\n- Epithelium")
        let second = ExtractedDocument(name: "b.md", format: .markdown, text: "## Organs\n\n- Heart\n\n## Systems\n\n- Circulation")
        let grounding = DocumentGrounding(documents: [first, second])
        #expect(grounding.outline?.map(\.title) == ["Cells", "Tissues", "Organs", "Systems"])
    }

    /// A subtopic of a plan made from a chapter gets the passages under its own heading first.
    @Test func aSubtopicGetsThePassagesOfItsOwnPartFirst() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/openstax/psychology-2e-ch05.md")
        let doc = ExtractedDocument(name: "ch05.md", format: .markdown, text: try String(contentsOf: url, encoding: .utf8))
        let grounding = DocumentGrounding(documents: [doc])
        let pitch = try await grounding.passages(subject: "Sensation and Perception", topic: "Hearing", subtopic: "Pitch Perception")
        #expect(pitch.first?.heading.hasSuffix("Hearing › Pitch Perception") == true, "\(pitch.map(\.heading))")
        #expect(pitch.map(\.text.count).reduce(0, +) <= grounding.budget && pitch.count <= grounding.limit)
        // A section studied whole (its title is its one subtopic) gets its own text.
        let gestalt = try await grounding.passages(subject: "Sensation and Perception", topic: "Gestalt Principles of Perception", subtopic: "Gestalt Principles of Perception")
        #expect(gestalt.first?.heading.contains("Gestalt Principles of Perception") == true, "\(gestalt.map(\.heading))")
    }

    /// Passages are sized to the provider's context: what the answer and the prompt leave.
    @Test func thePassageBudgetFitsTheContext() {
        #expect(DocumentGrounding.budget(contextTokens: nil, answerTokens: 600) == DocumentGrounding.defaultBudget)
        #expect(DocumentGrounding.budget(contextTokens: 4096, answerTokens: 600) == 3000)
        #expect(DocumentGrounding.budget(contextTokens: 2048, answerTokens: 600) == 1344)
        #expect(DocumentGrounding.budget(contextTokens: 1024, answerTokens: 600) == 0)
    }
}
