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
        #expect(outline[2].items == ["Mitosis and meiosis", "Mendelian inheritance", "Grading: two exams and weekly quizzes."])
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
            OutlineSection(title: "Reactions", items: []),
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
}
