import Foundation

/// The legacy Anki collection (schema 11): tables, and the JSON held in the `col` row.
/// Values follow what genanki writes.
enum AnkiSchema11 {
    static let statements = [
        """
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
            ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
            models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL)
        """,
        """
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
            usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
            flags integer NOT NULL, data text NOT NULL)
        """,
        """
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
            mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
            ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
            left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL)
        """,
        """
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
            ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
            type integer NOT NULL)
        """,
        "CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL)",
        "CREATE INDEX ix_notes_usn ON notes (usn)",
        "CREATE INDEX ix_cards_usn ON cards (usn)",
        "CREATE INDEX ix_revlog_usn ON revlog (usn)",
        "CREATE INDEX ix_cards_nid ON cards (nid)",
        "CREATE INDEX ix_cards_sched ON cards (did, queue, due)",
        "CREATE INDEX ix_revlog_cid ON revlog (cid)",
        "CREATE INDEX ix_notes_csum ON notes (csum)",
    ]

    /// The collection's creation time: the start of the export's day (UTC), in seconds.
    /// `crt`: the start of the Anki day `now` is in (Anki's days begin at 4:00 local time), so
    /// the collection's "today" is day 0 and a review card due on day N is due N Anki days on.
    static func collectionCreated(_ now: Date, calendar: Calendar = .current) -> Int64 {
        let rollover: TimeInterval = 4 * 3_600
        let dayStart = calendar.startOfDay(for: now.addingTimeInterval(-rollover)).addingTimeInterval(rollover)
        return Int64(dayStart.timeIntervalSince1970)
    }

    static func json(_ object: Any) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static var conf: [String: Any] { [
        "activeDecks": [1], "curDeck": 1, "newSpread": 0, "collapseTime": 1200, "timeLim": 0, "estTimes": true,
        "dueCounts": true, "curModel": NSNull(), "nextPos": 1, "sortType": "noteFld", "sortBackwards": false,
        "addToCur": true,
    ] }

    static var dconf: [String: Any] { [
        "1": [
            "id": 1, "name": "Default", "replayq": true, "timer": 0, "maxTaken": 60, "usn": 0, "mod": 0, "autoplay": true,
            "lapse": ["leechFails": 8, "minInt": 1, "delays": [10], "leechAction": 0, "mult": 0] as [String: Any],
            "rev": ["perDay": 100, "fuzz": 0.05, "ivlFct": 1, "maxIvl": 36500, "ease4": 1.3, "bury": true, "minSpace": 1]
                as [String: Any],
            "new": ["perDay": 20, "delays": [1, 10], "separate": true, "ints": [1, 4, 7], "initialFactor": 2500,
                    "bury": true, "order": 1] as [String: Any],
        ] as [String: Any]
    ] }

    static func deck(id: Int64, name: String, mod: Int64) -> [String: Any] {
        [
            "id": id, "name": name, "desc": "", "conf": 1, "dyn": 0, "collapsed": false, "browserCollapsed": false,
            "mod": mod, "usn": -1, "extendNew": 10, "extendRev": 50,
            "newToday": [0, 0], "revToday": [0, 0], "lrnToday": [0, 0], "timeToday": [0, 0],
        ]
    }

    /// Default (id 1) and every named deck, keyed by id.
    static func decks(_ names: [String], mod: Int64) -> [String: Any] {
        var decks: [String: Any] = ["1": deck(id: 1, name: "Default", mod: mod)]
        for name in names {
            let id = AnkiIdentity.deckID(name)
            decks[String(id)] = deck(id: id, name: name, mod: mod)
        }
        return decks
    }

    static func basicModel(id: Int64, name: String, deck: Int64, mod: Int64) -> [String: Any] {
        func field(_ name: String, _ ord: Int) -> [String: Any] {
            ["name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [Any]()]
        }
        return [
            "id": id, "name": name, "type": 0, "mod": mod, "usn": -1, "sortf": 0, "did": deck,
            "flds": [field("Front", 0), field("Back", 1)],
            "tmpls": [
                [
                    "name": "Card 1", "ord": 0, "qfmt": "{{Front}}",
                    "afmt": "{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}",
                    "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0,
                ] as [String: Any]
            ],
            "css": ".card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n",
            "latexPre": "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
            "latexPost": "\\end{document}", "latexsvg": false,
            "req": [[0, "any", [0]] as [Any]], "tags": [Any](), "vers": [Any](),
        ]
    }

    /// A cloze note type like Anki's "Cloze": fields Text and Back Extra, one card per deletion
    /// number (the card's `ord` is the number minus one).
    static func clozeModel(id: Int64, name: String, deck: Int64, mod: Int64) -> [String: Any] {
        var model = basicModel(id: id, name: name, deck: deck, mod: mod)
        func field(_ name: String, _ ord: Int) -> [String: Any] {
            ["name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20, "media": [Any]()]
        }
        model["type"] = 1
        model["flds"] = [field("Text", 0), field("Back Extra", 1)]
        model["tmpls"] = [
            [
                "name": "Cloze", "ord": 0, "qfmt": "{{cloze:Text}}", "afmt": "{{cloze:Text}}<br>\n{{Back Extra}}",
                "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0,
            ] as [String: Any]
        ]
        model["css"] = ".card {\n    font-family: arial;\n    font-size: 20px;\n    text-align: center;\n    color: black;\n    background-color: white;\n}\n.cloze {\n    font-weight: bold;\n    color: blue;\n}\n"
        model["req"] = [[0, "any", [0]] as [Any]]
        return model
    }
}
