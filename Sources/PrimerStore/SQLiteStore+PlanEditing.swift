import Foundation
import GRDB
import PrimerCore

/// Decks by hand (`PlanEditingStore`): each statement joins up to `subjects.owner_id`, so an id of
/// another owner's row finds nothing.
extension SQLiteStore {
    public func ownedSubject(id: Int64) async throws -> StoredSubject? {
        try await read { [owner] db in
            try SubjectRow.fetchOne(db.cachedStatement(sql: "SELECT * FROM subjects WHERE id = ? AND owner_id = ?"), arguments: [id, owner.id])?.stored
        }
    }

    public func place(of node: PlanNode) async throws -> PlanPlace? {
        try await read { [owner] db in try Self.place(db, node, owner: owner) }
    }

    public func updateSubject(id: Int64, _ change: SubjectChange, at date: Date) async throws -> StoredSubject {
        try await write { [owner] db in
            guard var row = try SubjectRow.fetchOne(db, sql: "SELECT * FROM subjects WHERE id = ? AND owner_id = ?", arguments: [id, owner.id])
            else { throw StoreError.notFound("subject #\(id)") }
            if let title = change.title, SubjectRow.key(title) != row.titleKey {
                guard !title.isEmpty else { throw StoreError.invalidWrite("a subject needs a title") }
                if try Self.fetchSubject(db, title: title, owner: owner) != nil { throw StoreError.taken("A subject titled ‘\(title)’") }
            }
            if let title = change.title, !title.isEmpty {
                row.title = title
                row.titleKey = SubjectRow.key(title)
            }
            if let notes = change.notes { row.notes = notes }
            if let kind = change.kind { row.kind = kind.rawValue }
            if let instructions = change.instructions { row.instructions = instructions }
            if let color = change.color { row.color = color }
            if let icon = change.icon { row.icon = icon }
            row.updatedAt = date
            try row.update(db)
            return row.stored
        }
    }

    public func addTopic(subjectID: Int64, title: String, overview: String, at date: Date) async throws -> Int64 {
        try await write { [owner] db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM subjects WHERE id = ? AND owner_id = ?", arguments: [subjectID, owner.id]) != nil
            else { throw StoreError.notFound("subject #\(subjectID)") }
            let titles = try String.fetchAll(db, sql: "SELECT title FROM topics WHERE subject_id = ?", arguments: [subjectID])
            if PlanOrder.taken(title, among: titles) { throw StoreError.taken("A topic titled ‘\(title)’") }
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM topics WHERE subject_id = ?", arguments: [subjectID])
            var row = TopicRow(id: nil, subjectID: subjectID, position: position ?? 0, title: title, overview: overview)
            try row.insert(db)
            try Self.touch(db, subjectID: subjectID, at: date)
            return row.id!
        }
    }

    public func addSubtopic(topicID: Int64, title: String, at date: Date) async throws -> Int64 {
        try await write { [owner] db in
            guard let place = try Self.place(db, .topic(topicID), owner: owner) else { throw StoreError.notFound("topic #\(topicID)") }
            if PlanOrder.taken(title, among: try Self.subtopicTitles(db, subjectID: place.subjectID)) {
                throw StoreError.taken("A subtopic titled ‘\(title)’")
            }
            let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), -1) + 1 FROM subtopics WHERE topic_id = ?", arguments: [topicID])
            var row = SubtopicRow(id: nil, topicID: topicID, position: position ?? 0, title: title)
            try row.insert(db)
            try Self.touch(db, subjectID: place.subjectID, at: date)
            return row.id!
        }
    }

    public func changeNode(_ node: PlanNode, _ change: PlanChange, at date: Date) async throws {
        try await write { [owner] db in
            guard let place = try Self.place(db, node, owner: owner) else { throw StoreError.notFound("\(node)") }
            switch node {
            case .topic(let id):
                if let title = change.title {
                    let others = try String.fetchAll(db, sql: "SELECT title FROM topics WHERE subject_id = ? AND id != ?", arguments: [place.subjectID, id])
                    if PlanOrder.taken(title, among: others) { throw StoreError.taken("A topic titled ‘\(title)’") }
                    try db.execute(sql: "UPDATE topics SET title = ? WHERE id = ?", arguments: [title, id])
                }
                if let overview = change.overview { try db.execute(sql: "UPDATE topics SET overview = ? WHERE id = ?", arguments: [overview, id]) }
                if let position = change.position {
                    let ids = try Int64.fetchAll(db, sql: "SELECT id FROM topics WHERE subject_id = ? ORDER BY position, id", arguments: [place.subjectID])
                    try Self.renumber("topics", PlanOrder.moving(id, to: position, in: ids), db)
                }
            case .subtopic(let id):
                if let title = change.title {
                    let others = try Self.subtopicTitles(db, subjectID: place.subjectID, except: id)
                    if PlanOrder.taken(title, among: others) { throw StoreError.taken("A subtopic titled ‘\(title)’") }
                    try db.execute(sql: "UPDATE subtopics SET title = ? WHERE id = ?", arguments: [title, id])
                }
                if change.position != nil || (change.topicID != nil && change.topicID != place.topicID) {
                    let topicID = change.topicID ?? place.topicID
                    guard let target = try Self.place(db, .topic(topicID), owner: owner), target.subjectID == place.subjectID else {
                        throw StoreError.notFound("topic #\(topicID) in this subject")
                    }
                    let ids = try Int64.fetchAll(db, sql: "SELECT id FROM subtopics WHERE topic_id = ? ORDER BY position, id", arguments: [topicID])
                    try db.execute(sql: "UPDATE subtopics SET topic_id = ? WHERE id = ?", arguments: [topicID, id])
                    try Self.renumber("subtopics", PlanOrder.moving(id, to: change.position ?? ids.count, in: ids), db)
                }
            case .item:
                throw StoreError.invalidWrite("an item is changed by editing it or placing it in a subtopic")
            }
            try Self.touch(db, subjectID: place.subjectID, at: date)
        }
    }

    public func deleteNode(_ node: PlanNode, at date: Date) async throws -> Bool {
        try await write { [owner] db in
            guard let place = try Self.place(db, node, owner: owner) else { return false }
            switch node {
            case .topic(let id):
                try Self.detachMovedItems(db, subtopics: "SELECT id FROM subtopics WHERE topic_id = \(id)", at: date)
                try db.execute(sql: "DELETE FROM topics WHERE id = ?", arguments: [id])
            case .subtopic(let id):
                try Self.detachMovedItems(db, subtopics: "SELECT \(id)", at: date)
                try db.execute(sql: "DELETE FROM subtopics WHERE id = ?", arguments: [id])
            case .item(let id): try db.execute(sql: "DELETE FROM items WHERE id = ? AND shape != 'lesson'", arguments: [id])
            }
            let deleted = db.changesCount > 0
            try Self.touch(db, subjectID: place.subjectID, at: date)
            return deleted
        }
    }

    public func deleteItems(_ ids: [Int64], at date: Date) async throws -> Int {
        try await write { [owner] db in
            var subjects = Set<Int64>()
            for id in Set(ids) {
                guard let place = try Self.place(db, .item(id), owner: owner) else { throw StoreError.notFound("item #\(id)") }
                if try String.fetchOne(db, sql: "SELECT shape FROM items WHERE id = ?", arguments: [id]) == Shape.lesson.rawValue {
                    throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a lesson; a lesson is rewritten, not deleted")
                }
                subjects.insert(place.subjectID)
            }
            var deleted = 0
            for id in Set(ids) {
                try db.execute(sql: "DELETE FROM items WHERE id = ?", arguments: [id])
                deleted += db.changesCount
            }
            for subject in subjects { try Self.touch(db, subjectID: subject, at: date) }
            return deleted
        }
    }

    public func placeItems(_ ids: [Int64], subtopicID: Int64, at date: Date) async throws {
        try await write { [owner] db in
            guard let target = try Self.place(db, .subtopic(subtopicID), owner: owner) else { throw StoreError.notFound("subtopic #\(subtopicID)") }
            var families: [(family: String, ids: [Int64])] = []
            for id in ids {
                guard let place = try Self.place(db, .item(id), owner: owner), place.subjectID == target.subjectID,
                    let row = try Row.fetchOne(db, sql: "SELECT family, shape FROM items WHERE id = ?", arguments: [id])
                else { throw StoreError.notFound("item \(ItemKey.of(id)) in this subject") }
                if (row["shape"] as String) == Shape.lesson.rawValue {
                    throw StoreError.invalidWrite("item \(ItemKey.of(id)) is a lesson; a subtopic has one lesson per family, written in place")
                }
                let family: String = row["family"]
                if let index = families.firstIndex(where: { $0.family == family }) { families[index].ids.append(id) } else { families.append((family, [id])) }
            }
            for (family, placed) in families {
                let existing = try Int64.fetchAll(
                    db, sql: "SELECT id FROM items WHERE subtopic_id = ? AND family = ? ORDER BY position, id", arguments: [subtopicID, family])
                // A moved item becomes the learner's; one only reordered stays as it was.
                try db.execute(
                    sql: "UPDATE items SET edited_at = COALESCE(edited_at, ?) WHERE subtopic_id != ? AND id IN (\(placed.map(String.init).joined(separator: ",")))",
                    arguments: [date, subtopicID])
                for (position, id) in PlanOrder.placing(placed, first: existing).enumerated() {
                    try db.execute(sql: "UPDATE items SET subtopic_id = ?, position = ? WHERE id = ?", arguments: [subtopicID, position, id])
                }
            }
            try Self.touch(db, subjectID: target.subjectID, at: date)
        }
    }

    public func writeLesson(subtopicID: Int64, family: String, body: String, at date: Date) async throws -> Int64 {
        let content = ItemContent.lesson(body)
        let fields = try ItemFieldsJSON.encode(content)
        return try await write { [owner] db in
            guard let place = try Self.place(db, .subtopic(subtopicID), owner: owner) else { throw StoreError.notFound("subtopic #\(subtopicID)") }
            let existing = try Row.fetchOne(
                db, sql: "SELECT id, fields FROM items WHERE subtopic_id = ? AND family = ? AND shape = 'lesson' ORDER BY position, id LIMIT 1",
                arguments: [subtopicID, family])
            let id: Int64
            if let existing {
                id = existing["id"]
                let previous: String = existing["fields"]
                if previous != fields {
                    try db.execute(sql: "INSERT INTO item_revisions (item_id, fields, replaced_at) VALUES (?, ?, ?)", arguments: [id, previous, date])
                    try db.execute(sql: "UPDATE items SET fields = ?, edited_at = ? WHERE id = ?", arguments: [fields, date, id])
                }
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id, edited_at, created_at)
                        VALUES (?, ?, 'lesson', 0, ?, NULL, ?, ?)
                        """,
                    arguments: [subtopicID, family, fields, date, date])
                id = db.lastInsertedRowID
            }
            try Self.touch(db, subjectID: place.subjectID, at: date)
            return id
        }
    }

    public func lessonID(subtopicID: Int64, family: String) async throws -> Int64? {
        try await read { [owner] db in
            guard try Self.place(db, .subtopic(subtopicID), owner: owner) != nil else { return nil }
            return try Int64.fetchOne(
                db, sql: "SELECT id FROM items WHERE subtopic_id = ? AND family = ? AND shape = 'lesson' ORDER BY position, id LIMIT 1",
                arguments: [subtopicID, family])
        }
    }

    public func itemHistory(id: Int64) async throws -> [ItemRevision] {
        try await read { [owner] db in
            guard try Self.place(db, .item(id), owner: owner) != nil,
                let shape = try String.fetchOne(db, sql: "SELECT shape FROM items WHERE id = ?", arguments: [id])
            else { throw StoreError.notFound("item \(ItemKey.of(id))") }
            return try Row.fetchAll(db, sql: "SELECT fields, replaced_at FROM item_revisions WHERE item_id = ? ORDER BY id DESC", arguments: [id]).map {
                ItemRevision(content: try ItemFieldsJSON.decode($0["fields"], shape: Shape(named: shape)), replacedAt: $0["replaced_at"])
            }
        }
    }

    /// Where the owner's node is, nil when it is not the owner's (or there is none).
    static func place(_ db: Database, _ node: PlanNode, owner: SubjectOwner) throws -> PlanPlace? {
        let (sql, id): (String, Int64) =
            switch node {
            case .topic(let id):
                ("SELECT t.subject_id, t.id AS topic_id, NULL AS subtopic_id FROM topics t JOIN subjects s ON s.id = t.subject_id WHERE t.id = ? AND s.owner_id = ?", id)
            case .subtopic(let id):
                ("""
                SELECT t.subject_id, t.id AS topic_id, st.id AS subtopic_id FROM subtopics st JOIN topics t ON t.id = st.topic_id
                JOIN subjects s ON s.id = t.subject_id WHERE st.id = ? AND s.owner_id = ?
                """, id)
            case .item(let id):
                ("""
                SELECT t.subject_id, t.id AS topic_id, st.id AS subtopic_id FROM items x JOIN subtopics st ON st.id = x.subtopic_id
                JOIN topics t ON t.id = st.topic_id JOIN subjects s ON s.id = t.subject_id WHERE x.id = ? AND s.owner_id = ?
                """, id)
            }
        return try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [id, owner.id]).map {
            PlanPlace(subjectID: $0["subject_id"], topicID: $0["topic_id"], subtopicID: $0["subtopic_id"])
        }
    }

    /// Items outside the subtopics `subtopics` selects whose generation is one of theirs (moved
    /// out of them) lose that generation, so that deleting the subtopics does not delete them.
    private static func detachMovedItems(_ db: Database, subtopics: String, at date: Date) throws {
        try db.execute(
            sql: """
                UPDATE items SET generation_id = NULL, edited_at = COALESCE(edited_at, ?)
                WHERE subtopic_id NOT IN (\(subtopics))
                    AND generation_id IN (SELECT id FROM generations WHERE subtopic_id IN (\(subtopics)))
                """,
            arguments: [date])
    }

    private static func subtopicTitles(_ db: Database, subjectID: Int64, except id: Int64 = 0) throws -> [String] {
        try String.fetchAll(
            db, sql: "SELECT st.title FROM subtopics st JOIN topics t ON t.id = st.topic_id WHERE t.subject_id = ? AND st.id != ?",
            arguments: [subjectID, id])
    }

    private static func renumber(_ table: String, _ ids: [Int64], _ db: Database) throws {
        for (position, id) in ids.enumerated() {
            try db.execute(sql: "UPDATE \(table) SET position = ? WHERE id = ?", arguments: [position, id])
        }
    }
}
