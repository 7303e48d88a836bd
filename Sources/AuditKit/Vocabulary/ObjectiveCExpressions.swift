/// Token-level questions about Objective-C expressions: a range split at top-level
/// separators, an expression once casts are stripped, an operand of `==`. Shared by the
/// keychain and storage rules so they read Objective-C the same way (brackets:
/// ``ObjectiveCSyntax``, C-call arguments: ``ObjectiveCCalls``).
package enum ObjectiveCExpressions {
    /// `range` split at the top-level `separator` tokens.
    package static func split(_ range: Range<Int>, separator: String, in tokens: [ObjectiveCToken]) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = range.lowerBound
        for position in range where tokens[position].kind == .punctuation {
            switch tokens[position].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            case separator where depth == 0:
                parts.append(start..<position)
                start = position + 1
            default: break
            }
        }
        if start < range.upperBound || !parts.isEmpty { parts.append(start..<range.upperBound) }
        return parts
    }

    /// `range` without leading casts and wrapping parentheses:
    /// `(__bridge CFDictionaryRef)query` → `query`, `(id)kSecClass` → `kSecClass`.
    package static func strippingCasts(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> Range<Int> {
        var current = range
        while current.count > 1, tokens[current.lowerBound].text == "(",
            let close = ObjectiveCSyntax.matching(tokens, open: current.lowerBound), close < current.upperBound
        {
            if close == current.upperBound - 1 {
                current = (current.lowerBound + 1)..<close  // `( expr )`
            } else {
                current = (close + 1)..<current.upperBound  // `(type) expr`
            }
        }
        return current
    }

    /// The single identifier `range` is (after casts), if it is one.
    package static func identifier(_ range: Range<Int>, in tokens: [ObjectiveCToken]) -> String? {
        let bare = strippingCasts(range, in: tokens)
        guard bare.count == 1, tokens[bare.lowerBound].kind == .identifier else { return nil }
        return tokens[bare.lowerBound].text
    }

    /// Whether the identifier at `index` is an operand of `==` or `!=`, or the argument of
    /// an `isEqualToString:` / `isEqual:` message.
    package static func isCompared(_ index: Int, in tokens: [ObjectiveCToken]) -> Bool {
        func isEqualityOperator(at position: Int) -> Bool {
            guard position >= 0, position + 1 < tokens.count else { return false }
            return (tokens[position].text == "=" || tokens[position].text == "!") && tokens[position + 1].text == "="
                && tokens[position].kind == .punctuation
        }
        // Look back over a `(__bridge id)` cast.
        var before = index - 1
        if before >= 0, tokens[before].text == ")" {
            var position = before
            while position >= 0, tokens[position].text != "(" { position -= 1 }
            before = position - 1
        }
        // `[level isEqualToString:NSFileProtectionNone]`, `[value isEqual:…]`
        if before >= 1, tokens[before].text == ":", ["isEqualToString", "isEqual"].contains(tokens[before - 1].text) { return true }
        return isEqualityOperator(at: before - 1) || isEqualityOperator(at: index + 1)
    }
}
