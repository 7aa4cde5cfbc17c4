import Testing

@testable import PrimerCore
@testable import PrimerGeneration

@Suite struct ParsingPlanTests {
    private func topics(_ text: String) throws -> [PlanTopic] {
        try PlanParser.parse(text).topics
    }

    @Test func nestedBulletsWithOverviews() throws {
        let text = """
            Sure! Here is a study plan for Python:

            - **Basics** — Syntax and core data types
              - Variables
              - Control flow
                - for loops are a detail, not a subtopic
            - Functions: Reusable blocks of code
              - Arguments
              - Return values
            - Modules

            Let me know if you want to adjust it!
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Basics", overview: "Syntax and core data types", subtopics: ["Variables", "Control flow"]),
            PlanTopic(title: "Functions", overview: "Reusable blocks of code", subtopics: ["Arguments", "Return values"]),
            PlanTopic(title: "Modules", subtopics: []),
        ])
    }

    @Test func headingsUnderADocumentTitle() throws {
        let text = """
            <think>Four topics seems right.</think>
            # Study Plan: Biology

            ## Topic 1: Cells
            The basic unit of life.
            - Cell structure
            - **Organelles**: what each part does

            ## Topic 2: Genetics
            1. DNA
            2. Inheritance

            ## Tips for success
            - Review daily
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Cells", overview: "The basic unit of life.", subtopics: ["Cell structure", "Organelles"]),
            PlanTopic(title: "Genetics", subtopics: ["DNA", "Inheritance"]),
        ])
    }

    @Test func deeperHeadingsAreSubtopics() throws {
        let text = """
            ## Module 1 — Algebra
            ### Linear equations
            - solving for x (detail)
            ### Quadratics
            ## Module 2 — Geometry
            ### Triangles
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Algebra", subtopics: ["Linear equations", "Quadratics"]),
            PlanTopic(title: "Geometry", subtopics: ["Triangles"]),
        ])
    }

    @Test func numberedOutlineWithDecimalAndLetterSubitems() throws {
        let text = """
            1. Introduction to Statistics
               1.1 Populations and samples
               1.2 Types of data
            2. Descriptive statistics - Summarising data
               a. Mean, median and mode
               b. Spread
            3. Probability
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Introduction to Statistics", subtopics: ["Populations and samples", "Types of data"]),
            PlanTopic(title: "Descriptive statistics", overview: "Summarising data", subtopics: ["Mean, median and mode", "Spread"]),
            PlanTopic(title: "Probability", subtopics: []),
        ])
    }

    @Test func unindentedBulletsUnderNumberedTopics() throws {
        let text = """
            1. Chapter 1. Greetings
            - Hello and goodbye
            - Introductions
            2. Chapter 2. Numbers
            - Counting to ten
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Greetings", subtopics: ["Hello and goodbye", "Introductions"]),
            PlanTopic(title: "Numbers", subtopics: ["Counting to ten"]),
        ])
    }

    @Test func labelledTopicLines() throws {
        let text = """
            Here's your plan:

            **Week 1: Foundations**
            Getting comfortable with the basics.
            - Notes and scales
            - Rhythm
            Unit 2: Chords
            - Triads
            - Seventh chords
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Foundations", overview: "Getting comfortable with the basics.", subtopics: ["Notes and scales", "Rhythm"]),
            PlanTopic(title: "Chords", subtopics: ["Triads", "Seventh chords"]),
        ])
    }

    /// The "Topic N" label is dropped only when a separator follows it: in "Topic 12 of
    /// Biology" the words after the number are part of the title.
    @Test func topicNumberFollowedByAWordIsKept() throws {
        let text = """
            - Topic 12 of Biology
              - Photosynthesis
            - Topic 13: Ecology
              - Food webs
            - Unit 4 Review of Cells
              - Membranes
            """
        #expect(try topics(text).map(\.title) == ["Topic 12 of Biology", "Ecology", "Unit 4 Review of Cells"])
        for separator in [": ", ". ", ") ", " - ", " — ", " – ", "-"] {
            #expect(PlanTitle.topic("Topic 12\(separator)Cells").title == "Cells", "separator '\(separator)'")
        }
        #expect(PlanTitle.topic("Week 3").title == "Week 3")
        #expect(PlanTitle.topic("Chapter 5 of the Book").title == "Chapter 5 of the Book")
        #expect(PlanTitle.topic("Part II The Middle Ages").title == "Part II The Middle Ages")
    }

    @Test func jsonPlan() throws {
        let text = """
            ```json
            {"topics": [
              {"title": "Cells", "overview": "Unit of life", "subtopics": ["Membranes", {"title": "Nucleus"}]},
              {"name": "Topic 2: Evolution", "description": "Change over time", "subtopics": []}
            ]}
            ```
            """
        #expect(try topics(text) == [
            PlanTopic(title: "Cells", overview: "Unit of life", subtopics: ["Membranes", "Nucleus"]),
            PlanTopic(title: "Evolution", overview: "Change over time", subtopics: []),
        ])
        let bare = #"[{"title": "Only topic", "subtopics": ["a", "b"]}]"#
        #expect(try topics(bare) == [PlanTopic(title: "Only topic", subtopics: ["a", "b"])])
    }

    @Test func failures() {
        #expect(throws: ParseFailure.self) { try topics("") }
        #expect(throws: ParseFailure.self) { try topics("Sure! Here is a great plan for you.\nHappy studying!") }
        #expect(throws: ParseFailure("the answer declined instead of giving plan topics: \(PlanParser.format)")) {
            try topics("I'm sorry, I can't help with that.")
        }
    }
}
