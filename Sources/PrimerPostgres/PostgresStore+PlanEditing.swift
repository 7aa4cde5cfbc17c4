import Foundation
import Logging
import PostgresNIO
import PrimerCore

/// Decks by hand (`PlanEditingStore`), as SQLite's store does them: each statement joins up to
/// `subjects.owner_id`, and every write locks the subject's row first, so edits of one subject
/// follow one another.
extension PostgresStore {
    public func ownedSubject(id: Int64) async throws -> StoredSubject? {
        try await read { connection in
            try await connection.row("SELECT * FROM subjects WHERE id = \(id) AND owner_id = \(owner.id)", logger).map(Self.subject)
        }
    }

    public func place(of node: PlanNode) async throws -> PlanPlace? {
        try await read { connection in try await Self.place(connection, node, owner: owner, logger) }
    }

    public func updateSubject(id: Int64, _ change: SubjectChange, at date: Date) async throws -> StoredSubject {
        try await write { connection in
            guard var subject = try await connection.row("SELECT * FROM subjects WHERE id = \(id) AND owner_id = \(owner.id) FOR UPDATE", logger).map(Self.subject)
            else { throw StoreError.notFound("subject #\(id)") }
            if let title = change.title, SubjectTitle.key(title) != SubjectTitle.key(subject.title) {
                guard !title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
                if try await Self.fetchSubject(connection, title: title, owner: owner, logger) != nil { throw StoreError.taken("A subject titled ‘\(title)’") }
            }
            if let title = change.title, !title.isEmpty { subject.title = title }
            if let notes = change.notes { subject.notes = notes }
            if let kind = change.kind { subject.kind = kind }
            if let instructions = change.instructions { subject.instructions = instructions }
            if let color = change.color { subject.color = color }
            if let icon = change.icon { subject.icon = icon }
            try await connection.run(
                """
                UPDATE subjects SET title = \(subject.title), title_key = \(SubjectTitle.key(subject.title)), notes = \(subject.notes),
                    kind = \(subject.kind.rawValue), instructions = \(subject.instructions), color = \(subject.color), icon = \(subject.icon),
                    updated_at = \(date)
                WHERE id = \(id)
                """, logger)
            return subject
        }
    }

    public func addTopic(subjectID: Int64, title: String, overview: String, at date: Date) async throws -> Int64 {
        try await write { connection in
            guard try await connection.row("SELECT id FROM subjects WHERE id = \(subjectID) AND owner_id = \(owner.id) FOR UPDATE", logger) != nil
            else { throw StoreError.notFound("subject #\(subjectID)") }
            let titles = try await connection.rows("SELECT title FROM topics WHERE subject_id = \(subjectID)", logger).map { try $0.value("title", as: String.self) }
            if PlanOrder.taken(title, among: titles) { throw StoreError.taken("A topic titled ‘\(title)’") }
            let id: Int64 = try await connection.row(
                """
                INSERT INTO topics (subject_id, position, title, overview)
                VALUES (\(subjectID), (SELECT COALESCE(MAX(position), -1) + 1 FROM topics WHERE subject_id = \(subjectID)), \(title), \(overview))
                RETURNING id
                """, logger)!.value("id")
            try await Self.touch(connection, subjectID: subjectID, at: date, logger)
            return id
        }
    }

    public func addSubtopic(topicID: Int64, title: String, at date: Date) async throws -> Int64 {
        try await write { connection in
            guard let place = try await Self.lockedPlace(connection, .topic(topicID), owner: owner, logger) else { throw StoreError.notFound("topic #\(topicID)") }
            if PlanOrder.taken(title, among: try await Self.subtopicTitles(connection, subjectID: place.subjectID, logger)) {
                throw StoreError.taken("A subtopic titled ‘\(title)’")
            }
            let id: Int64 = try await connection.row(
                """
                INSERT INTO subtopics (topic_id, position, title)
                VALUES (\(topicID), (SELECT COALESCE(MAX(position), -1) + 1 FROM subtopics WHERE topic_id = \(topicID)), \(title))
                RETURNING id
                """, logger)!.value("id")
            try await Self.touch(connection, subjectID: place.subjectID, at: date, logger)
            return id
        }
    }

    public func changeNode(_ node: PlanNode, _ change: PlanChange, at date: Date) async throws {
        try await write { connection in
            guard let place = try await Self.lockedPlace(connection, node, owner: owner, logger) else { throw StoreError.notFound("\(node)") }
            switch node {
            case .topic(let id):
                if let title = change.title {
                    let others = try await connection.rows("SELECT title FROM topics WHERE subject_id = \(place.subjectID) AND id != \(id)", logger)
                        .map { try $0.value("title", as: String.self) }
                    if PlanOrder.taken(title, among: others) { throw StoreError.taken("A topic titled ‘\(title)’") }
                    try await connection.run("UPDATE topics SET title = \(title) WHERE id = \(id)", logger)
                }
                if let overview = change.overview { try await connection.run("UPDATE topics SET overview = \(overview) WHERE id = \(id)", logger) }
                if let position = change.position {
                    let ids = try await Self.ids(connection, "SELECT id FROM topics WHERE subject_id = \(place.subjectID) ORDER BY position, id", logger)
                    for (index, topic) in PlanOrder.moving(id, to: position, in: ids).enumerated() {
                        try await connection.run("UPDATE topics SET position = \(index) WHERE id = \(topic)", logger)
                    }
                }
            case .subtopic(let id):
                if let title = change.title {
                    let others = try await Self.subtopicTitles(connection, subjectID: place.subjectID, except: id, logger)
                    if PlanOrder.taken(title, among: others) { throw StoreError.taken("A subtopic titled ‘\(title)’") }
                    try await connection.run("UPDATE subtopics SET title = \(title) WHERE id = \(id)", logger)
                }
                if change.position != nil || (change.topicID != nil && change.topicID != place.topicID) {
                    let topicID = change.topicID ?? place.topicID
                    guard let target = try await Self.place(connection, .topic(topicID), owner: owner, logger), target.subjectID == place.subjectID else {
                        throw StoreError.notFound("topic #\(topicID) in this subject")
                    }
                    let ids = try await Self.ids(connection, "SELECT id FROM subtopics WHERE topic_id = \(topicID) ORDER BY position, id", logger)
                    try await connection.run("UPDATE subtopics SET topic_id = \(topicID) WHERE id = \(id)", logger)
                    for (index, subtopic) in PlanOrder.moving(id, to: change.position ?? ids.count, in: ids).enumerated() {
                        try await connection.run("UPDATE subtopics SET position = \(index) WHERE id = \(subtopic)", logger)
                    }
                }
            case .item:
                throw StoreError.invalidWrite("an item is changed by editing it or placing it in a subtopic")
            }
            try await Self.touch(connection, subjectID: place.subjectID, at: date, logger)
        }
    }

    public func deleteNode(_ node: PlanNode, at date: Date) async throws -> Bool {
        try await write { connection in
            guard let place = try await Self.lockedPlace(connection, node, owner: owner, logger) else { return false }
            switch node {
            case .topic(let id): try await Self.detachMovedItems(connection, subtopics: "SELECT id FROM subtopics WHERE topic_id = \(id)", at: date, logger)
            case .subtopic(let id): try await Self.detachMovedItems(connection, subtopics: "SELECT \(id)::BIGINT", at: date, logger)
            case .item: break
            }
            let deleted: [PostgresRandomAccessRow] =
                switch node {
                case .topic(let id): try await connection.rows("DELETE FROM topics WHERE id = \(id) RETURNING id", logger)
                case .subtopic(let id): try await connection.rows("DELETE FROM subtopics WHERE id = \(id) RETURNING id", logger)
                case .item(let id): try await connection.rows("DELETE FROM items WHERE id = \(id) AND shape != 'lesson' RETURNING id", logger)
                }
            try await Self.touch(connection, subjectID: place.subjectID, at: date, logger)
            return !deleted.isEmpty
        }
    }

    public func deleteItems(_ ids: [Int64], at date: Date) async throws -> Int {
        try await write { connection in
            var subjects = Set<Int64>()
            for id in Set(ids) {
                guard let place = try await Self.place(connection, .item(id), owner: owner, logger) else { throw StoreError.notFound("item #\(id)") }
                if subjects.insert(place.subjectID).inserted { try await Self.lockSubject(connection, place.subjectID, logger) }
                let shape = try await connection.row("SELECT shape FROM items WHERE id = \(id)", logger)?.value("shape", as: String.self)
                if shape == Shape.lesson.rawValue {
                    throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a lesson; a lesson is rewritten, not deleted")
                }
            }
            var deleted = 0
            // In id order, as every writer of several items locks them.
            for id in Set(ids).sorted() { deleted += try await connection.rows("DELETE FROM items WHERE id = \(id) RETURNING id", logger).count }
            for subject in subjects { try await Self.touch(connection, subjectID: subject, at: date, logger) }
            return deleted
        }
    }

    public func placeItems(_ ids: [Int64], subtopicID: Int64, at date: Date) async throws {
        try await write { connection in
            guard let target = try await Self.lockedPlace(connection, .subtopic(subtopicID), owner: owner, logger) else {
                throw StoreError.notFound("subtopic #\(subtopicID)")
            }
            var families: [(family: String, ids: [Int64])] = []
            for id in ids {
                guard let place = try await Self.place(connection, .item(id), owner: owner, logger), place.subjectID == target.subjectID,
                    let row = try await connection.row("SELECT family, shape FROM items WHERE id = \(id)", logger)
                else { throw StoreError.notFound("item \(ItemKey.of(id)) in this subject") }
                if try row.value("shape", as: String.self) == Shape.lesson.rawValue {
                    throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a lesson; a subtopic has one lesson per family, written in place")
                }
                let family: String = try row.value("family")
                if let index = families.firstIndex(where: { $0.family == family }) { families[index].ids.append(id) } else { families.append((family, [id])) }
            }
            // The owner's items, found above, locked in id order, as every writer of several items
            // locks them.
            try await connection.run("SELECT id FROM items WHERE id = ANY(\(ids)) ORDER BY id FOR UPDATE", logger)
            for (family, placed) in families {
                let existing = try await Self.ids(
                    connection, "SELECT id FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) ORDER BY position, id", logger)
                // A moved item becomes the learner's; one only reordered stays as it was.
                for id in placed {
                    try await connection.run(
                        "UPDATE items SET edited_at = COALESCE(edited_at, \(date)) WHERE id = \(id) AND subtopic_id != \(subtopicID)", logger)
                }
                for (position, id) in PlanOrder.placing(placed, first: existing).enumerated() {
                    try await connection.run("UPDATE items SET subtopic_id = \(subtopicID), position = \(position) WHERE id = \(id)", logger)
                }
            }
            try await Self.touch(connection, subjectID: target.subjectID, at: date, logger)
        }
    }

    public func writeLesson(subtopicID: Int64, family: String, body: String, at date: Date) async throws -> Int64 {
        let fields = try ItemFieldsJSON.encode(.lesson(body))
        return try await write { connection in
            guard let place = try await Self.lockedPlace(connection, .subtopic(subtopicID), owner: owner, logger) else {
                throw StoreError.notFound("subtopic #\(subtopicID)")
            }
            let id: Int64
            if let existing = try await connection.row(
                "SELECT id, fields FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) AND shape = 'lesson' ORDER BY position, id LIMIT 1",
                logger)
            {
                id = try existing.value("id")
                let previous: String = try existing.value("fields")
                if previous != fields {
                    try await connection.run("INSERT INTO item_revisions (item_id, fields, replaced_at) VALUES (\(id), \(previous), \(date))", logger)
                    try await connection.run("UPDATE items SET fields = \(fields), edited_at = \(date) WHERE id = \(id)", logger)
                }
            } else {
                id = try await connection.row(
                    """
                    INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, edited_at, created_at)
                    VALUES (\(subtopicID), \(family), 'lesson', 0, \(fields), NULL, \(date), \(date)) RETURNING id
                    """, logger)!.value("id")
            }
            try await Self.touch(connection, subjectID: place.subjectID, at: date, logger)
            return id
        }
    }

    public func lessonID(subtopicID: Int64, family: String) async throws -> Int64? {
        try await read { connection in
            guard try await Self.place(connection, .subtopic(subtopicID), owner: owner, logger) != nil else { return nil }
            return try await connection.row(
                "SELECT id FROM items WHERE subtopic_id = \(subtopicID) AND family = \(family) AND shape = 'lesson' ORDER BY position, id LIMIT 1", logger
            ).map { try $0.value("id", as: Int64.self) }
        }
    }

    public func itemHistory(id: Int64) async throws -> [ItemRevision] {
        try await read { connection in
            guard try await Self.place(connection, .item(id), owner: owner, logger) != nil,
                let shape = try await connection.row("SELECT shape FROM items WHERE id = \(id)", logger).map({ try $0.value("shape", as: String.self) })
            else { throw StoreError.notFound("item \(ItemKey.of(id))") }
            return try await connection.rows("SELECT fields, replaced_at FROM item_revisions WHERE item_id = \(id) ORDER BY id DESC", logger).map {
                ItemRevision(content: try ItemFieldsJSON.decode(try $0.value("fields"), shape: Shape(named: shape)), replacedAt: try $0.value("replaced_at"))
            }
        }
    }

    /// Where the owner's node is, nil when it is not the owner's (or there is none).
    static func place(_ connection: PostgresConnection, _ node: PlanNode, owner: SubjectOwner, _ logger: Logger) async throws -> PlanPlace? {
        let query: PostgresQuery =
            switch node {
            case .topic(let id):
                """
                SELECT t.subject_id, t.id AS topic_id, NULL::BIGINT AS subtopic_id FROM topics t JOIN subjects s ON s.id = t.subject_id
                WHERE t.id = \(id) AND s.owner_id = \(owner.id)
                """
            case .subtopic(let id):
                """
                SELECT t.subject_id, t.id AS topic_id, st.id AS subtopic_id FROM subtopics st JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE st.id = \(id) AND s.owner_id = \(owner.id)
                """
            case .item(let id):
                """
                SELECT t.subject_id, t.id AS topic_id, st.id AS subtopic_id FROM items x JOIN subtopics st ON st.id = x.subtopic_id
                JOIN topics t ON t.id = st.topic_id JOIN subjects s ON s.id = t.subject_id WHERE x.id = \(id) AND s.owner_id = \(owner.id)
                """
            }
        return try await connection.row(query, logger).map {
            PlanPlace(subjectID: try $0.value("subject_id"), topicID: try $0.value("topic_id"), subtopicID: try $0.value("subtopic_id", as: Int64?.self))
        }
    }

    /// Items outside the subtopics `subtopics` selects whose generation is one of theirs (moved
    /// out of them) lose that generation, so that deleting the subtopics does not delete them.
    private static func detachMovedItems(_ connection: PostgresConnection, subtopics: String, at date: Date, _ logger: Logger) async throws {
        var binds = PostgresBindings()
        binds.append(date)
        // `subtopics` is this file's own SQL over integer ids, never a client's text.
        try await connection.run(
            PostgresQuery(unsafeSQL: """
                UPDATE items SET generation_id = NULL, edited_at = COALESCE(edited_at, $1)
                WHERE subtopic_id NOT IN (\(subtopics))
                    AND generation_id IN (SELECT id FROM generations WHERE subtopic_id IN (\(subtopics)))
                """, binds: binds), logger)
    }

    /// `place`, with the subject's row locked for the rest of the transaction.
    private static func lockedPlace(_ connection: PostgresConnection, _ node: PlanNode, owner: SubjectOwner, _ logger: Logger) async throws -> PlanPlace? {
        guard let found = try await place(connection, node, owner: owner, logger) else { return nil }
        try await lockSubject(connection, found.subjectID, logger)
        // Read again under the lock: a move or a delete may have come first.
        return try await place(connection, node, owner: owner, logger)
    }

    private static func subtopicTitles(_ connection: PostgresConnection, subjectID: Int64, except id: Int64 = 0, _ logger: Logger) async throws -> [String] {
        try await connection.rows(
            "SELECT st.title FROM subtopics st JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = \(subjectID) AND st.id != \(id)", logger
        ).map { try $0.value("title", as: String.self) }
    }

    private static func ids(_ connection: PostgresConnection, _ query: PostgresQuery, _ logger: Logger) async throws -> [Int64] {
        try await connection.rows(query, logger).map { try $0.value("id", as: Int64.self) }
    }
}
