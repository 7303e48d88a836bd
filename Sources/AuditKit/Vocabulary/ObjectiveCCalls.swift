/// The arguments of a C function call in Objective-C tokens (`CCCrypt(a, b, c)`,
/// `NSLog(@"%@", token)`): shared by the rules that read C-call arguments.
package enum ObjectiveCCalls {
    /// For the identifier at `index` followed by `(`, the token ranges of each top-level
    /// argument; nil when it is not a call or the call is not closed.
    package static func arguments(ofCallAt index: Int, in tokens: [ObjectiveCToken]) -> [Range<Int>]? {
        guard index + 1 < tokens.count, tokens[index + 1].text == "(" else { return nil }
        var depth = 0
        var start = index + 2
        var result: [Range<Int>] = []
        var position = index + 1
        while position < tokens.count {
            let text = tokens[position].text
            if tokens[position].kind == .punctuation {
                if text == "(" || text == "[" || text == "{" {
                    depth += 1
                } else if text == ")" || text == "]" || text == "}" {
                    depth -= 1
                    if depth == 0 {
                        if position > start { result.append(start..<position) }
                        return result
                    }
                } else if text == "," && depth == 1 {
                    result.append(start..<position)
                    start = position + 1
                } else if text == ";" {
                    return nil
                }
            }
            position += 1
        }
        return nil
    }

    /// The literal an Objective-C name is initialised with in this file:
    /// `#define NAME @"…"`, `NSString *NAME = @"…"`, `char NAME[] = "…"`,
    /// `uint8_t NAME[] = {0x01, …}` (as its text). Nil when not found.
    package static func literal(of name: String, in tokens: [ObjectiveCToken]) -> (text: String, isZero: Bool)? {
        for index in tokens.indices where tokens[index].kind == .identifier && tokens[index].text == name {
            var next = index + 1
            if index >= 2, tokens[index - 1].text == "define", tokens[index - 2].text == "#" {
                if next < tokens.count, tokens[next].kind == .string, tokens[next].inDirective { return (tokens[next].text, false) }
                continue
            }
            // `NAME[16]` / `NAME[]`
            if next < tokens.count, tokens[next].text == "[" {
                while next < tokens.count, tokens[next].text != "]" { next += 1 }
                next += 1
            }
            guard next + 1 < tokens.count, tokens[next].text == "=" else { continue }
            let value = tokens[next + 1]
            if value.kind == .string { return (value.text, false) }
            if value.text == "{" {
                var numbers: [String] = []
                var position = next + 2
                while position < tokens.count, tokens[position].text != "}" {
                    if tokens[position].kind == .number { numbers.append(tokens[position].text) } else if tokens[position].text != "," { return nil }
                    position += 1
                }
                guard !numbers.isEmpty else { return nil }
                return (numbers.joined(separator: ","), numbers.allSatisfy { Int($0.replacingOccurrences(of: "0x", with: ""), radix: 16) == 0 })
            }
        }
        return nil
    }
}
