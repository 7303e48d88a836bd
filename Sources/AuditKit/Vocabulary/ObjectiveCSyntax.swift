/// Small structural questions about Objective-C tokens: matching brackets, the
/// statement after an `if (…)`, the condition that controls a statement. Shared by the
/// rules that read Objective-C control flow.
package enum ObjectiveCSyntax {
    private static let pairs: [String: String] = ["(": ")", "{": "}", "[": "]"]

    /// The index of the bracket closing the one at `open`; nil when unbalanced.
    package static func matching(_ tokens: [ObjectiveCToken], open: Int) -> Int? {
        guard open < tokens.count, let close = pairs[tokens[open].text] else { return nil }
        let opener = tokens[open].text
        var depth = 0
        for position in open..<tokens.count where tokens[position].kind == .punctuation {
            if tokens[position].text == opener {
                depth += 1
            } else if tokens[position].text == close {
                depth -= 1
                if depth == 0 { return position }
            }
        }
        return nil
    }

    /// The index of the bracket opening the one closing at `close`; nil when unbalanced.
    package static func opening(_ tokens: [ObjectiveCToken], close: Int) -> Int? {
        guard close < tokens.count, let opener = pairs.first(where: { $0.value == tokens[close].text })?.key else { return nil }
        let closer = tokens[close].text
        var depth = 0
        var position = close
        while position >= 0 {
            if tokens[position].kind == .punctuation {
                if tokens[position].text == closer { depth += 1 }
                if tokens[position].text == opener {
                    depth -= 1
                    if depth == 0 { return position }
                }
            }
            position -= 1
        }
        return nil
    }

    /// The statement starting at `start`: a `{ … }` block's inside, or tokens up to and
    /// including the next `;`, never past `limit`.
    package static func statement(_ tokens: [ObjectiveCToken], at start: Int, limit: Int) -> Range<Int> {
        guard start < limit else { return start..<start }
        if tokens[start].text == "{" {
            let end = matching(tokens, open: start).map { min($0, limit) } ?? limit
            return (start + 1)..<end
        }
        var position = start
        while position < limit && tokens[position].text != ";" { position += 1 }
        return start..<min(position + 1, limit)
    }

    /// The condition of the `if` whose then- or else-statement holds the token at
    /// `index` (inside braces or as the single statement), as a token range, and whether
    /// the token is in the `else`; nil when none.
    package static func controllingIf(_ tokens: [ObjectiveCToken], at index: Int) -> (condition: Range<Int>, isElse: Bool)? {
        // Single statement: `if (…) exit(0);`
        var start = index
        while start > 0, ![";", "{", "}", ")"].contains(tokens[start - 1].text), tokens[start - 1].text != "else" { start -= 1 }
        if start > 0, tokens[start - 1].text == ")", let open = opening(tokens, close: start - 1), open > 0, tokens[open - 1].text == "if" {
            return ((open + 1)..<(start - 1), false)
        }
        if start > 0, tokens[start - 1].text == "else" { return elseCondition(tokens, elseIndex: start - 1) }
        // Inside braces: find the enclosing `{`.
        var depth = 0
        var position = index - 1
        while position >= 0 {
            let text = tokens[position].text
            if tokens[position].kind == .punctuation && text == "}" { depth += 1 }
            if tokens[position].kind == .punctuation && text == "{" {
                if depth == 0 {
                    guard position > 0 else { return nil }
                    if tokens[position - 1].text == "else" { return elseCondition(tokens, elseIndex: position - 1) }
                    guard tokens[position - 1].text == ")", let open = opening(tokens, close: position - 1),
                        open > 0, tokens[open - 1].text == "if"
                    else { return nil }
                    return ((open + 1)..<(position - 1), false)
                }
                depth -= 1
            }
            position -= 1
        }
        return nil
    }

    /// The condition of the `if` an `else` at `elseIndex` belongs to.
    private static func elseCondition(_ tokens: [ObjectiveCToken], elseIndex: Int) -> (condition: Range<Int>, isElse: Bool)? {
        guard elseIndex > 0 else { return nil }
        var thenStart: Int
        if tokens[elseIndex - 1].text == "}" {
            guard let open = opening(tokens, close: elseIndex - 1) else { return nil }
            thenStart = open
        } else {
            thenStart = elseIndex - 1
            while thenStart > 0, ![";", "{", "}", ")"].contains(tokens[thenStart - 1].text) { thenStart -= 1 }
            // `if (…) stmt; else …`: step back over the single statement.
            if tokens[elseIndex - 1].text == ";" {
                var cursor = elseIndex - 2
                while cursor > 0, ![";", "{", "}", ")"].contains(tokens[cursor].text) { cursor -= 1 }
                thenStart = cursor + 1
            }
        }
        guard thenStart > 0, tokens[thenStart - 1].text == ")", let open = opening(tokens, close: thenStart - 1),
            open > 0, tokens[open - 1].text == "if"
        else { return nil }
        return ((open + 1)..<(thenStart - 1), true)
    }
}
