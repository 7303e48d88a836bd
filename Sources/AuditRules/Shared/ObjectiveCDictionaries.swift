import AuditKit

/// What an Objective-C dictionary sets: an `@{ … }` literal, or a variable of the same
/// body built from a literal, `[NSMutableDictionary dictionary]`,
/// `dictionaryWithObjectsAndKeys:`, then `dict[key] = value;`, `[dict setObject:value
/// forKey:key];`, `[dict setValue:value forKey:key];`. Nil when the content cannot be known
/// here (a helper builds it, `addEntriesFromDictionary:` merges another one).
struct ObjectiveCDictionary {
    /// One `key: value`: the key as the constant it names (`kSecAttrAccessible`) or the
    /// string's content (`@"password"`), the value as a token range.
    struct Entry {
        let key: String
        let keyIsString: Bool
        let value: Range<Int>
    }

    let entries: [Entry]
    /// The variable the dictionary was read from, if any.
    let variable: String?

    /// The constants and strings set as keys.
    var keys: Set<String> { Set(entries.map(\.key)) }

    /// The value set for `key`, if any.
    func value(for key: String) -> Range<Int>? { entries.last { $0.key == key }?.value }

    private static let emptyFactories: Set<String> = ["dictionary", "new", "init", "alloc", "dictionaryWithCapacity", "initWithCapacity"]

    /// The dictionary the expression `range` (a call argument or a receiver) builds.
    static func resolve(_ range: Range<Int>, in file: ObjectiveCFile) -> ObjectiveCDictionary? {
        let tokens = file.tokens
        let bare = ObjectiveCExpressions.strippingCasts(range, in: tokens)
        guard !bare.isEmpty else { return nil }
        if let literal = literalEntries(bare, in: tokens) { return ObjectiveCDictionary(entries: literal, variable: nil) }
        guard let name = ObjectiveCExpressions.identifier(bare, in: tokens),
            let body = file.bodyRange(containing: bare.lowerBound)
        else { return nil }
        var entries: [Entry] = []
        var declared = false
        var position = body.lowerBound
        while position < body.upperBound {
            defer { position += 1 }
            let token = tokens[position]
            guard token.kind == .identifier, token.text == name else { continue }
            let next = position + 1 < body.upperBound ? tokens[position + 1].text : ""
            let previous = position > body.lowerBound ? tokens[position - 1].text : ""
            if next == "=", position + 2 < body.upperBound, tokens[position + 2].text != "=", previous != "." {
                // `name = …;` (a declaration or an assignment)
                let end = statementEnd(after: position + 2, in: tokens, limit: body.upperBound)
                let value = (position + 2)..<end
                if let literal = literalEntries(ObjectiveCExpressions.strippingCasts(value, in: tokens), in: tokens) {
                    entries = literal
                } else if let built = factoryEntries(value, in: tokens) {
                    entries = built
                } else {
                    return nil
                }
                declared = true
            } else if next == "[", previous != ".", let close = ObjectiveCSyntax.matching(tokens, open: position + 1),
                close + 1 < body.upperBound, tokens[close + 1].text == "=", close + 2 < body.upperBound, tokens[close + 2].text != "="
            {
                // `name[key] = value;`
                let end = statementEnd(after: close + 2, in: tokens, limit: body.upperBound)
                if let key = keyName(ObjectiveCExpressions.strippingCasts((position + 2)..<close, in: tokens), in: tokens) {
                    entries.append(Entry(key: key.name, keyIsString: key.isString, value: (close + 2)..<end))
                }
            } else if previous == "[", position + 1 < body.upperBound, tokens[position + 1].kind == .identifier {
                // `[name setObject:value forKey:key]`, `[name addEntriesFromDictionary:…]`
                let selector = tokens[position + 1].text
                guard let close = ObjectiveCSyntax.matching(tokens, open: position - 1) else { continue }
                if selector == "setObject" || selector == "setValue" {
                    guard let forKey = (position..<close).first(where: { tokens[$0].text == "forKey" && tokens[$0 + 1].text == ":" }),
                        position + 3 <= forKey,
                        let key = keyName(ObjectiveCExpressions.strippingCasts((forKey + 2)..<close, in: tokens), in: tokens)
                    else { continue }
                    entries.append(Entry(key: key.name, keyIsString: key.isString, value: (position + 3)..<forKey))
                } else if selector.hasPrefix("addEntries") || selector.hasPrefix("setDictionary") {
                    return nil
                }
            }
        }
        return declared ? ObjectiveCDictionary(entries: entries, variable: name) : nil
    }

    /// The end (exclusive) of the statement whose expression starts at `start`.
    private static func statementEnd(after start: Int, in tokens: [ObjectiveCToken], limit: Int) -> Int {
        var depth = 0
        for position in start..<limit where tokens[position].kind == .punctuation {
            switch tokens[position].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                if depth == 0 { return position }
                depth -= 1
            case ";" where depth == 0: return position
            default: break
            }
        }
        return limit
    }

    /// The entries of an `@{ k: v, … }` literal at `range`, or of
    /// `[@{ … } mutableCopy]`; nil when `range` is not one.
    private static func literalEntries(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> [Entry]? {
        var start = range.lowerBound
        if tokens[start].text == "[", range.count > 2, tokens[start + 1].text == "@" { start += 1 }  // `[@{…} mutableCopy]`
        guard start + 1 < range.upperBound, tokens[start].text == "@", tokens[start + 1].text == "{",
            let close = ObjectiveCSyntax.matching(tokens, open: start + 1)
        else { return nil }
        var entries: [Entry] = []
        for element in ObjectiveCExpressions.split((start + 2)..<close, separator: ",", in: tokens) {
            let parts = ObjectiveCExpressions.split(element, separator: ":", in: tokens)
            guard parts.count >= 2, let key = keyName(ObjectiveCExpressions.strippingCasts(parts[0], in: tokens), in: tokens) else { continue }
            entries.append(Entry(key: key.name, keyIsString: key.isString, value: parts[1].lowerBound..<element.upperBound))
        }
        return entries
    }

    /// Entries of `[NSMutableDictionary dictionary]`, `[[NSMutableDictionary alloc] init]`
    /// (none) and `[NSDictionary dictionaryWithObjectsAndKeys: v, k, …, nil]`; nil for
    /// anything else.
    private static func factoryEntries(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> [Entry]? {
        let identifiers = tokens[range].filter { $0.kind == .identifier }.map(\.text)
        guard let first = identifiers.first, first.hasPrefix("NS") && first.contains("Dictionary") else { return nil }
        if let objectsAndKeys = range.first(where: { tokens[$0].text == "dictionaryWithObjectsAndKeys" || tokens[$0].text == "initWithObjectsAndKeys" }),
            objectsAndKeys + 2 < range.upperBound
        {
            let end = range.upperBound - (tokens[range.upperBound - 1].text == "]" ? 1 : 0)
            let items = ObjectiveCExpressions.split((objectsAndKeys + 2)..<end, separator: ",", in: tokens)
            var entries: [Entry] = []
            var index = 0
            while index + 1 < items.count {
                if let key = keyName(ObjectiveCExpressions.strippingCasts(items[index + 1], in: tokens), in: tokens) {
                    entries.append(Entry(key: key.name, keyIsString: key.isString, value: items[index]))
                }
                index += 2
            }
            return entries
        }
        guard identifiers.count <= 3, identifiers.dropFirst().allSatisfy(emptyFactories.contains) else { return nil }
        return []
    }

    /// A key: a constant (`kSecClass`) or a string's content.
    private static func keyName(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> (name: String, isString: Bool)? {
        guard range.count == 1 else { return nil }
        let token = tokens[range.lowerBound]
        switch token.kind {
        case .identifier: return (token.text, false)
        case .string: return (token.text, true)
        default: return nil
        }
    }
}
