import AuditKit

/// Objective-C: a keychain read through a wrapper that reports failures in an `NSError **`
/// (`[keychainStorage dataForService:key:error:&error]`, or a method of this file that
/// ends in such a read or in SecItemCopyMatching), followed by `if (error …) { … }` whose
/// block resets, deletes or wipes: any error, errSecInteractionNotAllowed on a locked
/// device included, is handled like "no item" and the data is thrown away.
extension KeychainErrorsCollapsed {
    private static let readVerbs = ["data", "string", "object", "load", "trytoload", "get", "read", "fetch", "password", "value"]
    private static let destructivePrefixes = ["reset", "delete", "wipe", "erase", "destroy", "removeall", "clearall", "logout", "signout"]
    /// Calls that stop instead of going on to the reset.
    private static let stoppingWords = ["raise", "exception", "abort", "fatal", "exit", "crash", "terminate"]

    func errorsTreatedAsAbsent(in file: ObjectiveCFile) -> [Match] {
        let tokens = file.tokens
        guard tokens.contains(where: { $0.kind == .identifier && $0.text.lowercased().contains("keychain") }) else { return [] }
        // Messages: each `[` with its closing `]` and its first selector piece.
        // Top-level `{ … }` blocks (method and function bodies), found once.
        let bodies = file.bodyRanges
        func bodyRange(containing index: Int) -> Range<Int>? {
            var low = 0, high = bodies.count
            while low < high {
                let middle = (low + high) / 2
                if bodies[middle].upperBound <= index { low = middle + 1 } else { high = middle }
            }
            return low < bodies.count && bodies[low].contains(index) ? bodies[low] : nil
        }
        var messages: [(open: Int, close: Int, selector: Int)] = []
        for (index, token) in tokens.enumerated() where token.kind == .punctuation && token.text == "[" {
            guard let close = ObjectiveCSyntax.matching(tokens, open: index), let selector = firstSelectorPiece(open: index, close: close, in: tokens) else {
                continue
            }
            messages.append((index, close, selector))
        }
        // Methods of this file that read the keychain, directly or through one another.
        var readers: Set<String> = []
        var readingBodies: Set<Range<Int>> = []
        for message in messages where isKeychainRead(message.open, message.close, message.selector, in: tokens) {
            if let body = bodyRange(containing: message.open) { readingBodies.insert(body) }
        }
        for index in file.identifiers(named: "SecItemCopyMatching") {
            if let body = bodyRange(containing: index) { readingBodies.insert(body) }
        }
        for _ in 0..<3 {
            for body in readingBodies { if let name = methodName(opening: body.lowerBound, in: tokens) { readers.insert(name) } }
            for message in messages where readers.contains(tokens[message.selector].text) {
                if let body = bodyRange(containing: message.open) { readingBodies.insert(body) }
            }
        }
        var matches: [Match] = []
        for message in messages {
            let isRead = readers.contains(tokens[message.selector].text) || isKeychainRead(message.open, message.close, message.selector, in: tokens)
            guard isRead, let body = bodyRange(containing: message.open),
                let errorName = outError(message.open, message.close, in: tokens),
                let check = errorCheck(of: errorName, after: message.close, in: tokens, body: body)
            else { continue }
            matches.append(
                Match(
                    file.range(of: tokens[check.position]),
                    "Any error reading the keychain through \(tokens[message.selector].text), errSecInteractionNotAllowed on a locked device included, leads to \(check.handler): handled like \"no item\""
                ))
        }
        return matches
    }

    /// The first `piece:` at the top level of the message `[receiver piece:…]`.
    private func firstSelectorPiece(open: Int, close: Int, in tokens: [ObjectiveCToken]) -> Int? {
        var depth = 0
        var position = open + 1
        while position < close {
            let text = tokens[position].text
            if tokens[position].kind == .punctuation {
                if text == "(" || text == "[" || text == "{" { depth += 1 } else if text == ")" || text == "]" || text == "}" { depth -= 1 }
            } else if depth == 0, position > open + 1, tokens[position].kind == .identifier, position + 1 < close, tokens[position + 1].text == ":" {
                return position
            }
            position += 1
        }
        return nil
    }

    /// `[… keychain… dataForService:… error:…]`: a keychain-named receiver or selector, a
    /// reading first piece, and an error out-parameter.
    private func isKeychainRead(_ open: Int, _ close: Int, _ selector: Int, in tokens: [ObjectiveCToken]) -> Bool {
        let piece = tokens[selector].text.lowercased()
        guard Self.readVerbs.contains(where: { piece.hasPrefix($0) }) else { return false }
        let mentionsKeychain = (open + 1...selector).contains { tokens[$0].kind == .identifier && tokens[$0].text.lowercased().contains("keychain") }
        let hasErrorPiece = (selector..<close).contains {
            tokens[$0].kind == .identifier && tokens[$0].text.lowercased().hasPrefix("error") && $0 + 1 < close && tokens[$0 + 1].text == ":"
        }
        return mentionsKeychain && hasErrorPiece
    }

    /// `error` for a message passing `&error`.
    private func outError(_ open: Int, _ close: Int, in tokens: [ObjectiveCToken]) -> String? {
        for position in open..<close where tokens[position].text == "&" && position + 1 < close && tokens[position + 1].kind == .identifier {
            if position > open, tokens[position - 1].text == ":" { return tokens[position + 1].text }
        }
        return nil
    }

    /// The first `if (…)` after the read that tests `name` (not `!name`, not `name.code`):
    /// the position of `name` in it and the destructive call its block makes.
    private func errorCheck(of name: String, after read: Int, in tokens: [ObjectiveCToken], body: Range<Int>) -> (position: Int, handler: String)? {
        var position = read + 1
        while position < body.upperBound {
            defer { position += 1 }
            guard tokens[position].text == "if", position + 1 < body.upperBound, tokens[position + 1].text == "(",
                let conditionEnd = ObjectiveCSyntax.matching(tokens, open: position + 1)
            else { continue }
            guard let tested = (position + 2..<conditionEnd).first(where: { tokens[$0].kind == .identifier && tokens[$0].text == name }) else { continue }
            let before = tokens[tested - 1].text, after = tokens[tested + 1].text
            guard before != "!", before != "*", after != ".", after != "-", after != "=" else { return nil }
            guard conditionEnd + 1 < body.upperBound, tokens[conditionEnd + 1].text == "{",
                let blockEnd = ObjectiveCSyntax.matching(tokens, open: conditionEnd + 1)
            else { return nil }
            let block = conditionEnd + 1..<blockEnd
            // A block that looks at the code or names not-found tells the errors apart.
            if block.contains(where: { tokens[$0].text == "code" || tokens[$0].text.contains("NotFound") || tokens[$0].text == "25300" }) { return nil }
            guard
                let handler = block.first(where: { index in
                    let text = tokens[index].text.lowercased()
                    return tokens[index].kind == .identifier && Self.destructivePrefixes.contains { text.hasPrefix($0) }
                        && index + 1 < blockEnd && [":", "]", "("].contains(tokens[index + 1].text)
                })
            else { return nil }
            // Raising, aborting or exiting before the reset on some path (the locked-device
            // case, typically): the error is not simply taken for absence.
            if (block.lowerBound..<handler).contains(where: { index in
                let text = tokens[index].text.lowercased()
                return tokens[index].kind == .identifier && Self.stoppingWords.contains { text.contains($0) }
            }) {
                return nil
            }
            return (tested, tokens[handler].text)
        }
        return nil
    }

    /// The first selector piece of the method whose body opens at `open`.
    private func methodName(opening open: Int, in tokens: [ObjectiveCToken]) -> String? {
        var position = open - 1
        while position >= 0 {
            let text = tokens[position].text
            if text == ";" || text == "}" || text == "{" { return nil }
            if text == "-" || text == "+", position + 1 < open, tokens[position + 1].text == "(",
                let close = ObjectiveCSyntax.matching(tokens, open: position + 1), close + 1 < open, tokens[close + 1].kind == .identifier
            {
                return tokens[close + 1].text
            }
            position -= 1
        }
        return nil
    }
}
