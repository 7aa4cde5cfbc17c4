import Yams
import PrimerCore

/// `dedupe`: drops items whose primary text (front, question, cloze text) normalises to the same
/// text as an earlier item's, and cards whose front and back together equal an earlier card's.
///
/// For language subjects a card is a duplicate only when front *and* back repeat, because the
/// same word with two meanings ("banco | bank", "banco | bench") is two real cards; articles are
/// kept there too, since they can be words of the language studied. No options.
struct DedupeGate: OptionlessGate {
    static let gateName = "dedupe"

    func apply(_ output: GeneratedOutput, context: GateContext) -> GateVerdict {
        let language = context.subjectKind == .language
        func norm(_ text: String) -> String { GateText.normalize(text, dropArticles: !language) }
        var seenPrimary = Set<String>()
        var seenPairs = Set<String>()
        return output.droppingItems(context) { item in
            var primary = norm(item.primaryText)
            var pair: String?
            switch item {
            case .pair(let item, _): pair = primary + "\u{1F}" + norm(item.back)
            case .choice, .cloze: break
            // A registered shape's items are the same when their identities are (two matching
            // exercises may share a task and match different terms).
            case .shaped(let shaped, _): primary = shaped.definition?.identity(shaped) ?? primary
            }
            // Language pairs are keyed by front and back together (see above).
            let primaryKey: String? = (language && pair != nil) ? nil : primary
            let repeated =
                (primaryKey.map(seenPrimary.contains) ?? false) || (pair.map(seenPairs.contains) ?? false)
            if repeated {
                return "dropped duplicate \(item.noun) \(GateText.quote(item.primaryText))"
            }
            if let primaryKey { seenPrimary.insert(primaryKey) }
            if let pair { seenPairs.insert(pair) }
            return nil
        }
    }
}
