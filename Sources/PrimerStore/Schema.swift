import GRDB
import PrimerCore

/// The store's schema, as named migrations. Never edit a shipped migration: add a new one.
enum Schema {
    /// `PRAGMA application_id` of a Primer store ("PRIM"), so a foreign SQLite file is recognised
    /// from its header before anything is written to it.
    static let applicationID: Int32 = 0x5052_494D

    /// Every kit table, parents first (the rows of subjects and what hangs under them).
    static let tables = KitTable.allCases.map(\.rawValue)

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: v1)
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        migrator.registerMigration("v2") { db in
            try db.execute(sql: v2)
        }
        migrator.registerMigration("v3-work-claims") { db in
            try db.execute(sql: v3WorkClaims)
        }
        migrator.registerMigration("v4-title-keys") { db in
            try TitleKeyMigration.run(db)
        }
        migrator.registerMigration("v5-items") { db in
            try db.execute(sql: v5Items)
        }
        migrator.registerMigration("v6-study") { db in
            // Rebuilding `items` must not let a new item take the id of a deleted one: the
            // review log keeps the ids of deleted items.
            let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'items'")
            try db.execute(sql: v6Study)
            if let sequence {
                try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'items'", arguments: [sequence])
            }
        }
        migrator.registerMigration("v7-rewrites") { db in
            try db.execute(sql: v7Rewrites)
        }
        migrator.registerMigration("v8-item-times") { db in
            try db.execute(sql: v8ItemTimes)
        }
        migrator.registerMigration("v9-item-sources") { db in
            try db.execute(sql: "ALTER TABLE items ADD COLUMN sources TEXT CHECK (sources IS NULL OR json_valid(sources))")
        }
        migrator.registerMigration("v10-accounts") { db in
            // Rebuilding `subjects` must not let a new subject take the id of a deleted one.
            let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'subjects'")
            try db.execute(sql: v10Accounts)
            if let sequence {
                try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'subjects'", arguments: [sequence])
            }
        }
        migrator.registerMigration("v11-embeddings") { db in
            try db.execute(sql: v11Embeddings)
        }
        migrator.registerMigration("v12-imports") { db in
            try db.execute(sql: v12Imports)
        }
        migrator.registerMigration("v13-limits") { db in
            try db.execute(sql: v13Limits)
        }
        migrator.registerMigration("v14-email-keys") { db in
            let accounts = try Row.fetchAll(db, sql: "SELECT id, email, email_key FROM accounts ORDER BY id").map {
                (id: $0["id"] as Int64, email: $0["email"] as String, key: $0["email_key"] as String)
            }
            for change in EmailKeyMigration.changes(accounts) {
                try db.execute(sql: "UPDATE accounts SET email_key = ? WHERE id = ?", arguments: [change.key, change.id])
            }
        }
        migrator.registerMigration("v15-open-shapes") { db in
            try dropShapeCheck(db)
        }
        migrator.registerMigration("v16-lesson-family") { db in
            try db.execute(sql: lessonFamily)
        }
        migrator.registerMigration("v17-item-revisions") { db in
            try db.execute(sql: v17ItemRevisions)
        }
        migrator.registerMigration("v18-calendar-feeds") { db in
            try db.execute(sql: v18CalendarFeeds)
        }
        migrator.registerMigration("v19-review-keys") { db in
            try db.execute(sql: v19ReviewKeys)
        }
        migrator.registerMigration("v20-memory-subjects") { db in
            try db.execute(sql: v20MemorySubjects)
        }
        // Every queue reads `memory_states_subject_due`; the index on `due` alone only cost
        // each rating a write.
        migrator.registerMigration("v21-rating-writes") { db in
            try db.execute(sql: "DROP INDEX IF EXISTS memory_states_due")
        }
        return migrator
    }

    /// `v15-open-shapes`: no SQL constraint lists shapes — a registered shape (`ShapeRegistry`)
    /// stores its items like the built-in ones. SQLite cannot drop a CHECK with ALTER TABLE; its
    /// documentation names removing a CHECK constraint as a change made by editing the table's
    /// text in the schema (no stored row changes), with the schema version raised so every
    /// connection reads it again. A SQLite built in defensive mode refuses that edit; the table is
    /// then rebuilt instead (`rebuildItems`).
    static func dropShapeCheck(_ db: Database, editingSchema: Bool = true) throws {
        let check = " CHECK (shape IN ('lesson', 'pair', 'choice', 'cloze'))"
        let itemsSQL = "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'items'"
        guard let sql = try String.fetchOne(db, sql: itemsSQL), sql.contains(check) else { return }
        if editingSchema {
            do {
                let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
                try db.execute(sql: "PRAGMA writable_schema = ON")
                defer { try? db.execute(sql: "PRAGMA writable_schema = OFF") }
                try db.execute(sql: "UPDATE sqlite_master SET sql = replace(sql, ?, '') WHERE type = 'table' AND name = 'items'", arguments: [check])
                try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
            } catch {
                try rebuildItems(db, createSQL: sql.replacingOccurrences(of: check, with: ""))
            }
        } else {
            try rebuildItems(db, createSQL: sql.replacingOccurrences(of: check, with: ""))
        }
        if try String.fetchOne(db, sql: itemsSQL)?.contains("shape IN") != false {
            throw StoreError.invalidWrite("the items table still lists its shapes after v15-open-shapes")
        }
    }

    /// The rebuild SQLite documents for a table change ALTER TABLE cannot make: a new table from
    /// `createSQL` (the old statement without what is dropped), every row copied with its id,
    /// the old table dropped, the new one renamed, its indexes and triggers made again. Run by
    /// the migrator, which turns foreign keys off for the migration and checks them before it
    /// commits, so the rows that point at items keep pointing at the same ids.
    static func rebuildItems(_ db: Database, createSQL: String) throws {
        let extras = try String.fetchAll(
            db, sql: "SELECT sql FROM sqlite_master WHERE tbl_name = 'items' AND type IN ('index', 'trigger') AND sql IS NOT NULL")
        guard let range = createSQL.range(of: #"^CREATE TABLE\s+"?items"?"#, options: .regularExpression) else {
            throw StoreError.invalidWrite("the items table's statement is not a CREATE TABLE items: \(createSQL.prefix(60))")
        }
        try db.execute(sql: createSQL.replacingCharacters(in: range, with: "CREATE TABLE items_v15"))
        try db.execute(sql: "INSERT INTO items_v15 SELECT * FROM items")
        try db.execute(sql: "DROP TABLE items")
        try db.execute(sql: "ALTER TABLE items_v15 RENAME TO items")
        for statement in extras { try db.execute(sql: statement) }
    }

    /// `v13-limits`: the events counted against a server's abuse limits (`LimitStore`): failed
    /// logins, sign-ups, generations and questions, by key (`login:…`, `signup:…`, `jobs:…`).
    static let v13Limits = """
        CREATE TABLE limit_events (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            key TEXT NOT NULL,
            at DATETIME NOT NULL
        );
        CREATE INDEX limit_events_key ON limit_events(key, at);
        CREATE INDEX limit_events_at ON limit_events(at);
        """

    /// `v12-imports` (`primer import`, `primer study optimize`): an item's tags (a JSON array; NULL:
    /// none), and the FSRS parameters fitted to a learner's review log — one set per owner for
    /// every subject (`subject_id` NULL) and one per subject fitted on its own.
    static let v12Imports = """
        ALTER TABLE items ADD COLUMN tags TEXT CHECK (tags IS NULL OR (json_valid(tags) AND json_type(tags) = 'array'));
        CREATE TABLE fitted_parameters (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL,
            subject_id INTEGER REFERENCES subjects(id) ON DELETE CASCADE,
            parameters TEXT NOT NULL CHECK (json_valid(parameters) AND json_array_length(parameters) = 21),
            fitted_at DATETIME NOT NULL,
            reviews INTEGER NOT NULL,
            default_log_loss REAL NOT NULL,
            default_rmse REAL NOT NULL,
            fitted_log_loss REAL NOT NULL,
            fitted_rmse REAL NOT NULL
        );
        CREATE UNIQUE INDEX fitted_parameters_scope ON fitted_parameters(owner_id, COALESCE(subject_id, 0));
        """

    /// `v11-embeddings`: vectors an embedder made, by model and text key (`EmbeddingCache`).
    static let v11Embeddings = """
        CREATE TABLE embeddings (
            model TEXT NOT NULL,
            key TEXT NOT NULL,
            vector BLOB NOT NULL,
            created_at DATETIME NOT NULL,
            PRIMARY KEY (model, key)
        ) WITHOUT ROWID
        """

    /// `v10-accounts` (`primer serve`): a subject has an owner (0: the local learner, else an
    /// account), and its title is unique per owner; apps show it with a colour and an icon.
    /// Accounts, their sessions (by the hash of the token) and generation jobs.
    static let v10Accounts = """
        CREATE TABLE subjects_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL COLLATE NOCASE,
            title_key TEXT NOT NULL,
            notes TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL DEFAULT 'general',
            instructions TEXT NOT NULL DEFAULT '',
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL,
            owner_id INTEGER NOT NULL DEFAULT 0,
            color TEXT NOT NULL DEFAULT '',
            icon TEXT NOT NULL DEFAULT '',
            UNIQUE (owner_id, title_key)
        );
        INSERT INTO subjects_new (id, title, title_key, notes, kind, instructions, created_at, updated_at)
            SELECT id, title, title_key, notes, kind, instructions, created_at, updated_at FROM subjects;
        DROP TABLE subjects;
        ALTER TABLE subjects_new RENAME TO subjects;
        CREATE UNIQUE INDEX subjects_title ON subjects(owner_id, title COLLATE NOCASE);

        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL,
            email TEXT NOT NULL,
            -- trimmed, lowercased email: the unique key
            email_key TEXT NOT NULL UNIQUE,
            password_hash TEXT NOT NULL,
            created_at DATETIME NOT NULL
        );
        CREATE TABLE sessions (
            -- SHA-256 of the token the client holds; the token itself is never stored
            token_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at DATETIME NOT NULL,
            expires_at DATETIME NOT NULL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE jobs (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            request TEXT NOT NULL CHECK (json_valid(request)),
            -- queued, running, succeeded, failed
            status TEXT NOT NULL,
            message TEXT NOT NULL DEFAULT '',
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        );
        CREATE INDEX jobs_status ON jobs(status, id);
        CREATE INDEX jobs_owner ON jobs(owner_id, created_at);
        """

    /// `v9-item-sources`: `items.sources`, the passages of the learner's documents an item came
    /// from (a JSON list of citations: document and characters in `url`, section in `title`),
    /// NULL for an item no passage grounded.

    /// When each item was made, so that no review is recorded before its card existed. Items made
    /// before this migration take their generation's time, or (added by the learner) their
    /// subject's: the earliest they can have been made.
    static let v8ItemTimes = """
        ALTER TABLE items ADD COLUMN created_at DATETIME;
        UPDATE items SET created_at = COALESCE(
            (SELECT g.created_at FROM generations g WHERE g.id = items.generation_id),
            (SELECT s.created_at FROM subtopics st JOIN topics t ON t.id = st.topic_id JOIN subjects s ON s.id = t.subject_id
                WHERE st.id = items.subtopic_id));
        """

    /// `v19-review-keys`: the key a client sent with a rating (`Idempotency-Key`), so that a
    /// rating sent twice — a page that queued it offline and could not tell whether the first
    /// send arrived — is stored once.
    /// `v20-memory-subjects`: each memory state names its item's subject (NULL for a lesson's,
    /// which is never studied), so the due queue counts a subject's reviews and studied items
    /// through one index range instead of probing every item's memory (half of `next`'s CPU on
    /// 1,000 items). Triggers keep the column true whoever writes: a new memory state, an item
    /// moved or reshaped, a subtopic moved to another topic, a topic to another subject.
    static let v20MemorySubjects = v20MemorySubjectsColumn + MemorySubjects.moves.map { move in
        """
        CREATE TRIGGER \(move.table)_memory_subject AFTER UPDATE OF \(move.columns) ON \(move.table) BEGIN
            \(MemorySubjects.refreshSQL(items: move.items));
        END;

        """
    }.joined()

    private static let v20MemorySubjectsColumn = """
        ALTER TABLE memory_states ADD COLUMN subject_id INTEGER;
        UPDATE memory_states SET subject_id = (\(MemorySubjects.subjectSQL("memory_states.item_id")));
        CREATE INDEX memory_states_subject_due ON memory_states(subject_id, due);
        CREATE INDEX items_subtopic_shape ON items(subtopic_id, shape);
        CREATE TRIGGER memory_states_subject AFTER INSERT ON memory_states BEGIN
            \(MemorySubjects.refreshSQL(items: "NEW.item_id"));
        END;
        """

    static let v19ReviewKeys = """
        ALTER TABLE review_log ADD COLUMN client_key TEXT;
        CREATE UNIQUE INDEX review_log_client_key ON review_log(item_id, client_key) WHERE client_key IS NOT NULL;
        """

    /// `v18-calendar-feeds`: an account's calendar feed of due reviews, found by the hash of the
    /// secret in its URL (one per account; a new one replaces it).
    static let v18CalendarFeeds = """
        CREATE TABLE calendar_feeds (
            account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL UNIQUE,
            created_at DATETIME NOT NULL
        );
        """

    /// `v17-item-revisions`: an item's earlier texts — each row is what one edit by the learner
    /// (a card, a quiz question, a lesson) replaced.
    static let v17ItemRevisions = """
        CREATE TABLE item_revisions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            fields TEXT NOT NULL CHECK (json_valid(fields) AND json_type(fields) = 'object'),
            replaced_at DATETIME NOT NULL
        );
        CREATE INDEX item_revisions_item ON item_revisions(item_id);
        """

    /// `generate --rewrite-leeches`: each row is an item a newer one replaced, kept as the newer
    /// item's provenance (when that item is replaced in turn, its rows move to the newest).
    static let v7Rewrites = """
        CREATE TABLE item_rewrites (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            item_id INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
            -- the replaced item's id, which its lines in review_log still carry
            replaced_item_id INTEGER NOT NULL,
            shape TEXT NOT NULL,
            fields TEXT NOT NULL CHECK (json_valid(fields) AND json_type(fields) = 'object'),
            lapses INTEGER NOT NULL,
            reviews INTEGER NOT NULL,
            reason TEXT NOT NULL,
            generation_id INTEGER REFERENCES generations(id) ON DELETE SET NULL,
            rewritten_at DATETIME NOT NULL
        );
        CREATE INDEX item_rewrites_item ON item_rewrites(item_id);
        """

    static let v1 = """
        CREATE TABLE subjects (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL COLLATE NOCASE,
            -- lowercased, trimmed title: the unique key (NOCASE alone only folds ASCII)
            title_key TEXT NOT NULL UNIQUE,
            notes TEXT NOT NULL DEFAULT '',
            kind TEXT NOT NULL DEFAULT 'general',
            instructions TEXT NOT NULL DEFAULT '',
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
        );
        CREATE UNIQUE INDEX subjects_title ON subjects(title COLLATE NOCASE);

        CREATE TABLE documents (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            -- txt, md, html, pdf, docx
            format TEXT NOT NULL DEFAULT 'txt',
            content_hash TEXT NOT NULL,
            -- pages are separated by form feeds (U+000C) when the format has pages
            text TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            UNIQUE (subject_id, content_hash)
        );

        CREATE TABLE topics (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT NOT NULL,
            overview TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX topics_subject ON topics(subject_id, position);

        CREATE TABLE subtopics (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            topic_id INTEGER NOT NULL REFERENCES topics(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            title TEXT NOT NULL
        );
        CREATE INDEX subtopics_topic ON subtopics(topic_id, position);

        -- One family run. A plan generation has subtopic_id NULL and goes with its subject.
        CREATE TABLE generations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            subtopic_id INTEGER REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            family_version INTEGER NOT NULL,
            family_hash TEXT NOT NULL,
            provider TEXT NOT NULL,
            model TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('ok', 'failed')),
            error TEXT,
            attempts INTEGER NOT NULL,
            prompt_tokens INTEGER NOT NULL,
            completion_tokens INTEGER NOT NULL,
            cached_prompt_tokens INTEGER NOT NULL,
            cost REAL,
            latency_ms INTEGER NOT NULL,
            created_at DATETIME NOT NULL
        );
        CREATE INDEX generations_subject ON generations(subject_id);
        CREATE INDEX generations_subtopic ON generations(subtopic_id, family);

        CREATE TABLE attempts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('accepted', 'rejected', 'error')),
            reasons TEXT NOT NULL DEFAULT '[]',
            dropped TEXT NOT NULL DEFAULT '[]',
            prompt_tokens INTEGER NOT NULL,
            completion_tokens INTEGER NOT NULL,
            cached_prompt_tokens INTEGER NOT NULL DEFAULT 0,
            cost REAL,
            latency_ms INTEGER NOT NULL,
            finish_reason TEXT
        );
        CREATE INDEX attempts_generation ON attempts(generation_id, number);

        CREATE TABLE citations (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            url TEXT NOT NULL,
            title TEXT NOT NULL DEFAULT '',
            snippet TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX citations_generation ON citations(generation_id, position);

        CREATE TABLE notes (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            body TEXT NOT NULL,
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE,
            UNIQUE (subtopic_id, family)
        );
        CREATE INDEX notes_generation ON notes(generation_id);

        CREATE TABLE flashcards (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            position INTEGER NOT NULL,
            front TEXT NOT NULL,
            back TEXT NOT NULL,
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE
        );
        CREATE INDEX flashcards_subtopic ON flashcards(subtopic_id, family, position);
        CREATE INDEX flashcards_generation ON flashcards(generation_id);

        CREATE TABLE questions (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            position INTEGER NOT NULL,
            question TEXT NOT NULL,
            choices TEXT NOT NULL,
            correct_index INTEGER NOT NULL,
            explanation TEXT NOT NULL DEFAULT '',
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE
        );
        CREATE INDEX questions_subtopic ON questions(subtopic_id, family, position);
        CREATE INDEX questions_generation ON questions(generation_id);

        CREATE TABLE terms (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            position INTEGER NOT NULL,
            term TEXT NOT NULL,
            definition TEXT NOT NULL,
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE
        );
        CREATE INDEX terms_subtopic ON terms(subtopic_id, family, position);
        CREATE INDEX terms_generation ON terms(generation_id);
        """

    /// The response cache: provider answers by `ResponseCacheKey` (evaluation reruns). Errors are
    /// never stored; `response` is the answer's JSON (`CompletionResponse` Codable form).
    static let v2 = """
        CREATE TABLE response_cache (
            key TEXT PRIMARY KEY,
            provider TEXT NOT NULL,
            model TEXT NOT NULL,
            response TEXT NOT NULL,
            created_at DATETIME NOT NULL,
            hits INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX response_cache_created ON response_cache(created_at);
        """

    /// Which run is generating what (`WorkKey`), so runs sharing the store never generate the
    /// same plan or subtopic twice. A row lives while its run works; `heartbeat_at` (seconds
    /// since 1970) is renewed every few seconds, and a stale row is taken over.
    static let v3WorkClaims = """
        CREATE TABLE work_claims (
            work TEXT PRIMARY KEY,
            owner TEXT NOT NULL,
            host TEXT NOT NULL,
            pid INTEGER NOT NULL,
            heartbeat_at REAL NOT NULL
        );
        CREATE INDEX work_claims_owner ON work_claims(owner);
        """

    /// One table of items for every shape (issue 12): what a family stored for a subtopic, one
    /// row per item, its fields as a JSON object in the shape's names (`Shape.fields`). The
    /// tables per content type of v1 are moved here row by row, keeping each row's family,
    /// position and generation, then dropped. Ids are new; nothing referenced the old ones.
    static let v5Items = """
        CREATE TABLE items (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            shape TEXT NOT NULL CHECK (shape IN ('lesson', 'pair', 'choice', 'cloze')),
            position INTEGER NOT NULL,
            fields TEXT NOT NULL CHECK (json_valid(fields) AND json_type(fields) = 'object'),
            generation_id INTEGER NOT NULL REFERENCES generations(id) ON DELETE CASCADE
        );
        CREATE INDEX items_subtopic ON items(subtopic_id, family, position);
        CREATE INDEX items_generation ON items(generation_id);

        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id)
            SELECT subtopic_id, family, 'lesson', 0, json_object('body', body), generation_id FROM notes ORDER BY id;
        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id)
            SELECT subtopic_id, family, 'pair', position, json_object('front', front, 'back', back), generation_id
            FROM flashcards ORDER BY id;
        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id)
            SELECT subtopic_id, family, 'choice', position,
                json_object('question', question, 'choices', json(choices), 'correctIndex', correct_index,
                    'explanation', explanation),
                generation_id
            FROM questions ORDER BY id;
        INSERT INTO items (subtopic_id, family, shape, position, fields, generation_id)
            SELECT subtopic_id, family, 'pair', position, json_object('front', term, 'back', definition), generation_id
            FROM terms ORDER BY id;

        DROP TABLE notes;
        DROP TABLE flashcards;
        DROP TABLE questions;
        DROP TABLE terms;
        """

    /// Learner state (issue 13). `items` is rebuilt so that an item may have no generation (one
    /// the learner added) and records when the learner edited it; regeneration keeps both kinds.
    /// Per item: its FSRS memory state and known flag (gone with the item). The review log, in
    /// the FSRS optimizer's columns, hangs from the subject, not the item: it outlives a deleted
    /// or rewritten card, and goes with the subject. Quiz attempts and their answers likewise.
    static let v6Study = """
        CREATE TABLE items_v6 (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subtopic_id INTEGER NOT NULL REFERENCES subtopics(id) ON DELETE CASCADE,
            family TEXT NOT NULL,
            shape TEXT NOT NULL CHECK (shape IN ('lesson', 'pair', 'choice', 'cloze')),
            position INTEGER NOT NULL,
            fields TEXT NOT NULL CHECK (json_valid(fields) AND json_type(fields) = 'object'),
            -- NULL: added by the learner (`cards add`)
            generation_id INTEGER REFERENCES generations(id) ON DELETE CASCADE,
            -- set by `cards edit`
            edited_at DATETIME
        );
        INSERT INTO items_v6 (id, subtopic_id, family, shape, position, fields, generation_id)
            SELECT id, subtopic_id, family, shape, position, fields, generation_id FROM items ORDER BY id;
        DROP TABLE items;
        ALTER TABLE items_v6 RENAME TO items;
        CREATE INDEX items_subtopic ON items(subtopic_id, family, position);
        CREATE INDEX items_generation ON items(generation_id);

        CREATE TABLE memory_states (
            item_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
            -- 1 learning, 2 review, 3 relearning (FSRS)
            phase INTEGER NOT NULL CHECK (phase IN (1, 2, 3)),
            step INTEGER,
            stability REAL,
            difficulty REAL,
            -- seconds since 1970
            due REAL NOT NULL,
            last_review REAL,
            reps INTEGER NOT NULL,
            lapses INTEGER NOT NULL
        );
        CREATE INDEX memory_states_due ON memory_states(due);

        CREATE TABLE review_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            -- no foreign key: the log outlives the item (a deleted or rewritten card)
            item_id INTEGER NOT NULL,
            -- milliseconds since 1970
            review_time INTEGER NOT NULL,
            rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
            -- the item's state when reviewed: 0 new, 1 learning, 2 review, 3 relearning
            state INTEGER NOT NULL CHECK (state BETWEEN 0 AND 3),
            duration_ms INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX review_log_subject ON review_log(subject_id, review_time);
        CREATE INDEX review_log_item ON review_log(item_id, review_time);

        CREATE TABLE known_items (
            item_id INTEGER PRIMARY KEY REFERENCES items(id) ON DELETE CASCADE,
            marked_at DATETIME NOT NULL
        );

        CREATE TABLE quiz_attempts (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            subject_id INTEGER NOT NULL REFERENCES subjects(id) ON DELETE CASCADE,
            -- the subtopic the quiz was limited to, NULL for the whole subject
            subtopic TEXT,
            taken_at DATETIME NOT NULL,
            questions INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            pass_percent INTEGER NOT NULL,
            passed INTEGER NOT NULL CHECK (passed IN (0, 1))
        );
        CREATE INDEX quiz_attempts_subject ON quiz_attempts(subject_id, taken_at);

        CREATE TABLE quiz_answers (
            attempt_id INTEGER NOT NULL REFERENCES quiz_attempts(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            item_id INTEGER NOT NULL,
            question TEXT NOT NULL,
            chosen INTEGER NOT NULL,
            correct_index INTEGER NOT NULL,
            PRIMARY KEY (attempt_id, position)
        );
        """

    /// The lesson family was `notes` until the learner's notes needed the word (`FamilyAlias`):
    /// rows a release before wrote under the old name take the new one, so a regeneration
    /// replaces them and the kit names one lesson family. PostgreSQL runs the same statements (`pg9-lesson-family`).
    static let lessonFamily = """
        UPDATE items SET family = 'lesson' WHERE family = 'notes';
        UPDATE generations SET family = 'lesson' WHERE family = 'notes';
        """
}
