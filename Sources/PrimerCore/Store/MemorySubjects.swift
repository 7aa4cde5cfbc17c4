/// `memory_states.subject_id`: each memory state names its item's subject, so the due queue
/// counts a subject's reviews and studied items through one index range (`subject_id, due`)
/// instead of probing every item's memory. Both engines keep it with triggers, whoever writes
/// (a new memory state, an item moved or reshaped, a subtopic or topic moved), from this rule.
public enum MemorySubjects {
    /// The subject of the item `itemID` names (an SQL expression), NULL for a lesson's item,
    /// which is never studied: the same SQL on SQLite and PostgreSQL.
    public static func subjectSQL(_ itemID: String) -> String {
        """
        SELECT t.subject_id FROM items x JOIN subtopics st ON st.id = x.subtopic_id JOIN topics t ON t.id = st.topic_id \
        WHERE x.id = \(itemID) AND x.shape != 'lesson'
        """
    }

    /// The same rule on an item row the statement has read (and locked): its subject from the
    /// row's own `subtopicID` and `shape` columns (SQL), so a row read again after a lock wait
    /// gives its subject as it is now, not as the statement's snapshot had it.
    public static func subjectSQL(subtopicID: String, shape: String) -> String {
        """
        CASE WHEN \(shape) != 'lesson' THEN (SELECT t.subject_id FROM subtopics st JOIN topics t ON t.id = st.topic_id \
        WHERE st.id = \(subtopicID)) END
        """
    }
}

extension MemorySubjects {
    /// A change that can move items to another subject: the table, the columns whose update
    /// fires it, and the ids of the items it moves (SQL, `NEW` the changed row).
    public struct Move: Sendable {
        public let table: String
        public let columns: String
        public let items: String
    }

    /// Every such change: an item moved or reshaped, a subtopic moved to another topic, a topic
    /// to another subject. Each engine makes one trigger of each.
    public static let moves = [
        Move(table: "items", columns: "subtopic_id, shape", items: "NEW.id"),
        Move(table: "subtopics", columns: "topic_id", items: "SELECT id FROM items WHERE subtopic_id = NEW.id"),
        Move(
            table: "topics", columns: "subject_id",
            items: "SELECT x.id FROM items x JOIN subtopics st ON st.id = x.subtopic_id WHERE st.topic_id = NEW.id"),
    ]

    /// The statement that sets again the subject of the memory states of `items` (SQL ids).
    public static func refreshSQL(items: String) -> String {
        "UPDATE memory_states SET subject_id = (\(subjectSQL("memory_states.item_id"))) WHERE item_id IN (\(items))"
    }
}
