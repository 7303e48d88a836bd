import SwiftSyntax
import AuditKit

extension CryptoHardcodedKey {
    /// A home-made XOR cipher whose key is a string literal: `byte ^ key[i % key.count]`
    /// (or `^=`), the key bytes followed through locals, properties and parameter defaults
    /// to the literal, which is where the finding is reported (once per literal). A key
    /// with a crypto-key name is reported where it is declared.
    func xorKeys(in file: SwiftFile) -> [Match] {
        guard ByteSearch.contains(file.codeText, "^"), ByteSearch.contains(file.codeText, "%") else { return [] }
        var reported: Set<AbsolutePosition> = []
        var matches: [Match] = []
        for sequence in file.tree.descendants(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            for (position, element) in elements.enumerated() {
                guard let operation = element.as(BinaryOperatorExprSyntax.self), ["^", "^="].contains(operation.operator.text) else { continue }
                for operand in [position - 1, position + 1] where elements.indices.contains(operand) {
                    guard let keyed = elements[operand].as(SubscriptCallExprSyntax.self),
                        keyed.arguments.contains(where: { $0.expression.trimmedDescription.contains("%") }),
                        let constant = CryptoLiterals.constant(keyed.calledExpression, in: file), constant.text != nil,
                        let literal = constant.literal, !reported.contains(literal.position)
                    else { continue }
                    if let bound = constant.name, CryptoKeyNames.isCryptoKeyName(bound) { continue }
                    reported.insert(literal.position)
                    matches.append(Match(file.range(of: literal), "\(constant.name ?? "a string") is a hard-coded key of an XOR cipher"))
                }
            }
        }
        return matches
    }
}
