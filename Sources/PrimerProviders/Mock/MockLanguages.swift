import Foundation
import PrimerCore

/// A small built-in language pack: enough real words for believable lessons, cards and quizzes.
struct MockLanguage: Sendable {
    enum Category: Sendable { case greeting, food, home, people, verb, adjective, time }

    struct Word: Sendable {
        var word: String
        var english: String
        var category: Category
    }

    var name: String
    /// Other names it goes by (native name, adjective forms), lowercased.
    var aliases: [String]
    var words: [Word]
    /// Useful sentences with their translations.
    var phrases: [(String, String)]
    /// A model verb: its dictionary form, meaning, and labelled forms.
    var verb: (infinitive: String, english: String, forms: [(String, String)])
    /// One sentence on how the model verb's forms are built.
    var formNote: String

    /// The language of a request: `language` when known, else the first language named in
    /// `subject`, else Spanish.
    static func find(language: String, subject: String) -> MockLanguage {
        let wanted = language.lowercased().trimmingCharacters(in: .whitespaces)
        if !wanted.isEmpty, let pack = all.first(where: { $0.name.lowercased() == wanted || $0.aliases.contains(wanted) }) {
            return pack
        }
        let text = (language + " " + subject).lowercased()
        let tokens = Set(text.split(whereSeparator: { !$0.isLetter }).map(String.init))
        return all.first(where: { pack in
            tokens.contains(pack.name.lowercased()) || pack.aliases.contains(where: tokens.contains)
        }) ?? all[0]
    }

    static let all: [MockLanguage] = [spanish, french, german, italian, portuguese, polish, japanese, turkish]

    static let spanish = MockLanguage(
        name: "Spanish", aliases: ["español", "espanol", "castellano", "castilian"],
        words: [
            Word(word: "hola", english: "hello", category: .greeting),
            Word(word: "adiós", english: "goodbye", category: .greeting),
            Word(word: "gracias", english: "thank you", category: .greeting),
            Word(word: "por favor", english: "please", category: .greeting),
            Word(word: "casa", english: "house", category: .home),
            Word(word: "perro", english: "dog", category: .home),
            Word(word: "gato", english: "cat", category: .home),
            Word(word: "agua", english: "water", category: .food),
            Word(word: "pan", english: "bread", category: .food),
            Word(word: "manzana", english: "apple", category: .food),
            Word(word: "libro", english: "book", category: .home),
            Word(word: "amigo", english: "friend", category: .people),
            Word(word: "familia", english: "family", category: .people),
            Word(word: "madre", english: "mother", category: .people),
            Word(word: "comer", english: "to eat", category: .verb),
            Word(word: "beber", english: "to drink", category: .verb),
            Word(word: "hablar", english: "to speak", category: .verb),
            Word(word: "grande", english: "big", category: .adjective),
            Word(word: "pequeño", english: "small", category: .adjective),
            Word(word: "hoy", english: "today", category: .time),
            Word(word: "mañana", english: "tomorrow", category: .time),
            Word(word: "noche", english: "night", category: .time),
        ],
        phrases: [
            ("¿Cómo te llamas?", "What is your name?"), ("Me llamo Ana.", "My name is Ana."),
            ("¿Dónde está la estación?", "Where is the station?"),
            ("Quisiera un café, por favor.", "I would like a coffee, please."),
            ("Son las tres.", "It is three o'clock."), ("Hablo un poco de español.", "I speak a little Spanish."),
        ],
        verb: (
            "hablar", "to speak",
            [("yo", "hablo"), ("tú", "hablas"), ("él / ella", "habla"), ("nosotros", "hablamos"),
             ("vosotros", "habláis"), ("ellos / ellas", "hablan")]
        ),
        formNote: "Regular -ar verbs drop -ar and add -o, -as, -a, -amos, -áis, -an.")

    static let french = MockLanguage(
        name: "French", aliases: ["français", "francais"],
        words: [
            Word(word: "bonjour", english: "hello", category: .greeting),
            Word(word: "au revoir", english: "goodbye", category: .greeting),
            Word(word: "merci", english: "thank you", category: .greeting),
            Word(word: "s'il vous plaît", english: "please", category: .greeting),
            Word(word: "maison", english: "house", category: .home),
            Word(word: "chien", english: "dog", category: .home),
            Word(word: "chat", english: "cat", category: .home),
            Word(word: "eau", english: "water", category: .food),
            Word(word: "pain", english: "bread", category: .food),
            Word(word: "pomme", english: "apple", category: .food),
            Word(word: "livre", english: "book", category: .home),
            Word(word: "ami", english: "friend", category: .people),
            Word(word: "famille", english: "family", category: .people),
            Word(word: "mère", english: "mother", category: .people),
            Word(word: "manger", english: "to eat", category: .verb),
            Word(word: "boire", english: "to drink", category: .verb),
            Word(word: "parler", english: "to speak", category: .verb),
            Word(word: "grand", english: "big", category: .adjective),
            Word(word: "petit", english: "small", category: .adjective),
            Word(word: "aujourd'hui", english: "today", category: .time),
            Word(word: "demain", english: "tomorrow", category: .time),
            Word(word: "nuit", english: "night", category: .time),
        ],
        phrases: [
            ("Comment tu t'appelles ?", "What is your name?"), ("Je m'appelle Marie.", "My name is Marie."),
            ("Où est la gare ?", "Where is the station?"),
            ("Je voudrais un café, s'il vous plaît.", "I would like a coffee, please."),
            ("Il est trois heures.", "It is three o'clock."), ("Je parle un peu français.", "I speak a little French."),
        ],
        verb: (
            "parler", "to speak",
            [("je", "parle"), ("tu", "parles"), ("il / elle", "parle"), ("nous", "parlons"), ("vous", "parlez"),
             ("ils / elles", "parlent")]
        ),
        formNote: "Regular -er verbs drop -er and add -e, -es, -e, -ons, -ez, -ent.")

    static let german = MockLanguage(
        name: "German", aliases: ["deutsch"],
        words: [
            Word(word: "hallo", english: "hello", category: .greeting),
            Word(word: "tschüss", english: "bye", category: .greeting),
            Word(word: "danke", english: "thank you", category: .greeting),
            Word(word: "bitte", english: "please", category: .greeting),
            Word(word: "das Haus", english: "the house", category: .home),
            Word(word: "der Hund", english: "the dog", category: .home),
            Word(word: "die Katze", english: "the cat", category: .home),
            Word(word: "das Wasser", english: "the water", category: .food),
            Word(word: "das Brot", english: "the bread", category: .food),
            Word(word: "der Apfel", english: "the apple", category: .food),
            Word(word: "das Buch", english: "the book", category: .home),
            Word(word: "der Freund", english: "the friend", category: .people),
            Word(word: "die Familie", english: "the family", category: .people),
            Word(word: "die Mutter", english: "the mother", category: .people),
            Word(word: "essen", english: "to eat", category: .verb),
            Word(word: "trinken", english: "to drink", category: .verb),
            Word(word: "sprechen", english: "to speak", category: .verb),
            Word(word: "groß", english: "big", category: .adjective),
            Word(word: "klein", english: "small", category: .adjective),
            Word(word: "heute", english: "today", category: .time),
            Word(word: "morgen", english: "tomorrow", category: .time),
            Word(word: "die Nacht", english: "the night", category: .time),
        ],
        phrases: [
            ("Wie heißt du?", "What is your name?"), ("Ich heiße Anna.", "My name is Anna."),
            ("Wo ist der Bahnhof?", "Where is the station?"),
            ("Ich möchte einen Kaffee, bitte.", "I would like a coffee, please."),
            ("Es ist drei Uhr.", "It is three o'clock."), ("Ich spreche ein bisschen Deutsch.", "I speak a little German."),
        ],
        verb: (
            "machen", "to do, to make",
            [("ich", "mache"), ("du", "machst"), ("er / sie / es", "macht"), ("wir", "machen"), ("ihr", "macht"),
             ("sie / Sie", "machen")]
        ),
        formNote: "Regular verbs drop -en and add -e, -st, -t, -en, -t, -en.")

    static let italian = MockLanguage(
        name: "Italian", aliases: ["italiano"],
        words: [
            Word(word: "ciao", english: "hi", category: .greeting),
            Word(word: "arrivederci", english: "goodbye", category: .greeting),
            Word(word: "grazie", english: "thank you", category: .greeting),
            Word(word: "per favore", english: "please", category: .greeting),
            Word(word: "casa", english: "house", category: .home),
            Word(word: "cane", english: "dog", category: .home),
            Word(word: "gatto", english: "cat", category: .home),
            Word(word: "acqua", english: "water", category: .food),
            Word(word: "pane", english: "bread", category: .food),
            Word(word: "mela", english: "apple", category: .food),
            Word(word: "libro", english: "book", category: .home),
            Word(word: "amico", english: "friend", category: .people),
            Word(word: "famiglia", english: "family", category: .people),
            Word(word: "madre", english: "mother", category: .people),
            Word(word: "mangiare", english: "to eat", category: .verb),
            Word(word: "bere", english: "to drink", category: .verb),
            Word(word: "parlare", english: "to speak", category: .verb),
            Word(word: "grande", english: "big", category: .adjective),
            Word(word: "piccolo", english: "small", category: .adjective),
            Word(word: "oggi", english: "today", category: .time),
            Word(word: "domani", english: "tomorrow", category: .time),
            Word(word: "notte", english: "night", category: .time),
        ],
        phrases: [
            ("Come ti chiami?", "What is your name?"), ("Mi chiamo Luca.", "My name is Luca."),
            ("Dov'è la stazione?", "Where is the station?"),
            ("Vorrei un caffè, per favore.", "I would like a coffee, please."),
            ("Sono le tre.", "It is three o'clock."), ("Parlo un po' di italiano.", "I speak a little Italian."),
        ],
        verb: (
            "parlare", "to speak",
            [("io", "parlo"), ("tu", "parli"), ("lui / lei", "parla"), ("noi", "parliamo"), ("voi", "parlate"),
             ("loro", "parlano")]
        ),
        formNote: "Regular -are verbs drop -are and add -o, -i, -a, -iamo, -ate, -ano.")

    static let portuguese = MockLanguage(
        name: "Portuguese", aliases: ["português", "portugues"],
        words: [
            Word(word: "olá", english: "hello", category: .greeting),
            Word(word: "tchau", english: "bye", category: .greeting),
            Word(word: "obrigado", english: "thank you", category: .greeting),
            Word(word: "por favor", english: "please", category: .greeting),
            Word(word: "casa", english: "house", category: .home),
            Word(word: "cachorro", english: "dog", category: .home),
            Word(word: "gato", english: "cat", category: .home),
            Word(word: "água", english: "water", category: .food),
            Word(word: "pão", english: "bread", category: .food),
            Word(word: "maçã", english: "apple", category: .food),
            Word(word: "livro", english: "book", category: .home),
            Word(word: "amigo", english: "friend", category: .people),
            Word(word: "família", english: "family", category: .people),
            Word(word: "mãe", english: "mother", category: .people),
            Word(word: "comer", english: "to eat", category: .verb),
            Word(word: "beber", english: "to drink", category: .verb),
            Word(word: "falar", english: "to speak", category: .verb),
            Word(word: "grande", english: "big", category: .adjective),
            Word(word: "pequeno", english: "small", category: .adjective),
            Word(word: "hoje", english: "today", category: .time),
            Word(word: "amanhã", english: "tomorrow", category: .time),
            Word(word: "noite", english: "night", category: .time),
        ],
        phrases: [
            ("Como você se chama?", "What is your name?"), ("Eu me chamo Ana.", "My name is Ana."),
            ("Onde fica a estação?", "Where is the station?"),
            ("Eu queria um café, por favor.", "I would like a coffee, please."),
            ("São três horas.", "It is three o'clock."), ("Eu falo um pouco de português.", "I speak a little Portuguese."),
        ],
        verb: (
            "falar", "to speak",
            [("eu", "falo"), ("tu", "falas"), ("ele / ela / você", "fala"), ("nós", "falamos"), ("vós", "falais"),
             ("eles / elas", "falam")]
        ),
        formNote: "Regular -ar verbs drop -ar and add -o, -as, -a, -amos, -ais, -am.")

    static let polish = MockLanguage(
        name: "Polish", aliases: ["polski", "polsku"],
        words: [
            Word(word: "cześć", english: "hi", category: .greeting),
            Word(word: "do widzenia", english: "goodbye", category: .greeting),
            Word(word: "dziękuję", english: "thank you", category: .greeting),
            Word(word: "proszę", english: "please", category: .greeting),
            Word(word: "dom", english: "house", category: .home),
            Word(word: "pies", english: "dog", category: .home),
            Word(word: "kot", english: "cat", category: .home),
            Word(word: "woda", english: "water", category: .food),
            Word(word: "chleb", english: "bread", category: .food),
            Word(word: "jabłko", english: "apple", category: .food),
            Word(word: "książka", english: "book", category: .home),
            Word(word: "przyjaciel", english: "friend", category: .people),
            Word(word: "rodzina", english: "family", category: .people),
            Word(word: "matka", english: "mother", category: .people),
            Word(word: "jeść", english: "to eat", category: .verb),
            Word(word: "pić", english: "to drink", category: .verb),
            Word(word: "mówić", english: "to speak", category: .verb),
            Word(word: "duży", english: "big", category: .adjective),
            Word(word: "mały", english: "small", category: .adjective),
            Word(word: "dzisiaj", english: "today", category: .time),
            Word(word: "jutro", english: "tomorrow", category: .time),
            Word(word: "noc", english: "night", category: .time),
        ],
        phrases: [
            ("Jak masz na imię?", "What is your name?"), ("Mam na imię Anna.", "My name is Anna."),
            ("Gdzie jest dworzec?", "Where is the station?"), ("Poproszę kawę.", "A coffee, please."),
            ("Jest trzecia.", "It is three o'clock."), ("Mówię trochę po polsku.", "I speak a little Polish."),
        ],
        verb: (
            "mówić", "to speak",
            [("ja", "mówię"), ("ty", "mówisz"), ("on / ona", "mówi"), ("my", "mówimy"), ("wy", "mówicie"),
             ("oni / one", "mówią")]
        ),
        formNote: "Verbs like mówić take the endings -ę, -isz, -i, -imy, -icie, -ią in the present tense.")

    static let japanese = MockLanguage(
        name: "Japanese", aliases: ["nihongo"],
        words: [
            Word(word: "konnichiwa", english: "hello", category: .greeting),
            Word(word: "sayounara", english: "goodbye", category: .greeting),
            Word(word: "arigatou", english: "thank you", category: .greeting),
            Word(word: "onegaishimasu", english: "please", category: .greeting),
            Word(word: "ie", english: "house", category: .home),
            Word(word: "inu", english: "dog", category: .home),
            Word(word: "neko", english: "cat", category: .home),
            Word(word: "mizu", english: "water", category: .food),
            Word(word: "gohan", english: "rice, meal", category: .food),
            Word(word: "ringo", english: "apple", category: .food),
            Word(word: "hon", english: "book", category: .home),
            Word(word: "tomodachi", english: "friend", category: .people),
            Word(word: "kazoku", english: "family", category: .people),
            Word(word: "haha", english: "mother", category: .people),
            Word(word: "taberu", english: "to eat", category: .verb),
            Word(word: "nomu", english: "to drink", category: .verb),
            Word(word: "hanasu", english: "to speak", category: .verb),
            Word(word: "ookii", english: "big", category: .adjective),
            Word(word: "chiisai", english: "small", category: .adjective),
            Word(word: "kyou", english: "today", category: .time),
            Word(word: "ashita", english: "tomorrow", category: .time),
            Word(word: "yoru", english: "night", category: .time),
        ],
        phrases: [
            ("O-namae wa nan desu ka?", "What is your name?"), ("Watashi wa Yuki desu.", "I am Yuki."),
            ("Eki wa doko desu ka?", "Where is the station?"), ("Koohii o kudasai.", "A coffee, please."),
            ("Sanji desu.", "It is three o'clock."), ("Nihongo o sukoshi hanashimasu.", "I speak a little Japanese."),
        ],
        verb: (
            "taberu", "to eat",
            [("dictionary form", "taberu"), ("polite present", "tabemasu"), ("polite negative", "tabemasen"),
             ("polite past", "tabemashita"), ("plain negative", "tabenai"), ("plain past", "tabeta")]
        ),
        formNote: "Ichidan verbs like taberu drop -ru and add -masu, -masen, -mashita, -nai or -ta.")

    static let turkish = MockLanguage(
        name: "Turkish", aliases: ["türkçe", "turkce"],
        words: [
            Word(word: "merhaba", english: "hello", category: .greeting),
            Word(word: "hoşça kal", english: "goodbye", category: .greeting),
            Word(word: "teşekkürler", english: "thank you", category: .greeting),
            Word(word: "lütfen", english: "please", category: .greeting),
            Word(word: "ev", english: "house", category: .home),
            Word(word: "köpek", english: "dog", category: .home),
            Word(word: "kedi", english: "cat", category: .home),
            Word(word: "su", english: "water", category: .food),
            Word(word: "ekmek", english: "bread", category: .food),
            Word(word: "elma", english: "apple", category: .food),
            Word(word: "kitap", english: "book", category: .home),
            Word(word: "arkadaş", english: "friend", category: .people),
            Word(word: "aile", english: "family", category: .people),
            Word(word: "anne", english: "mother", category: .people),
            Word(word: "yemek", english: "to eat", category: .verb),
            Word(word: "içmek", english: "to drink", category: .verb),
            Word(word: "konuşmak", english: "to speak", category: .verb),
            Word(word: "büyük", english: "big", category: .adjective),
            Word(word: "küçük", english: "small", category: .adjective),
            Word(word: "bugün", english: "today", category: .time),
            Word(word: "yarın", english: "tomorrow", category: .time),
            Word(word: "gece", english: "night", category: .time),
        ],
        phrases: [
            ("Adın ne?", "What is your name?"), ("Benim adım Ayşe.", "My name is Ayşe."),
            ("İstasyon nerede?", "Where is the station?"), ("Bir kahve, lütfen.", "A coffee, please."),
            ("Saat üç.", "It is three o'clock."), ("Biraz Türkçe konuşuyorum.", "I speak a little Turkish."),
        ],
        verb: (
            "konuşmak", "to speak",
            [("ben", "konuşuyorum"), ("sen", "konuşuyorsun"), ("o", "konuşuyor"), ("biz", "konuşuyoruz"),
             ("siz", "konuşuyorsunuz"), ("onlar", "konuşuyorlar")]
        ),
        formNote: "The present continuous adds -iyor (following vowel harmony) and then a personal ending to the verb stem.")

    /// The categories a subtopic title is about, most specific first.
    static func categories(for title: String) -> [Category] {
        let text = title.lowercased()
        var found: [Category] = []
        let rules: [(Category, [String])] = [
            (.greeting, ["greet", "hello", "goodbye", "introduc", "polite", "address", "courtes"]),
            (.food, ["food", "drink", "eat", "order", "restaurant", "menu", "bill", "café", "cafe", "shop"]),
            (.people, ["family", "people", "friend", "describ", "appearance", "possessive"]),
            (.verb, ["verb", "tense", "present", "past", "conjugat", "routine", "action"]),
            (.adjective, ["adjective", "agreement", "describ", "appearance", "compar"]),
            (.time, ["number", "time", "day", "week", "clock", "date", "yesterday", "tomorrow"]),
            (.home, ["home", "house", "room", "animal", "pet", "object", "direction", "place", "travel"]),
        ]
        for (category, keys) in rules where keys.contains(where: { text.contains(exactly: $0) }) {
            found.append(category)
        }
        return found
    }

    /// Words for a subtopic: those of its categories first, then the rest, in a seeded order.
    func words(for title: String, rng: inout SplitMix64) -> [Word] {
        let wanted = Self.categories(for: title)
        let matching = rng.shuffled(words.filter { wanted.contains($0.category) })
        let others = rng.shuffled(words.filter { !wanted.contains($0.category) })
        return matching + others
    }
}
