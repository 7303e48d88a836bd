import SwiftSyntax
import AuditKit

/// Values that received a secret in a field, per function: after `user["password"] = …`
/// or `user.password = …`, logging `user` (or `user.description`) in the same function
/// logs the password. Computed on first use, once per file.
final class SecretFieldStores {
    private let file: SwiftFile
    private var computed: [SyntaxIdentifier: [String: String]]?

    init(file: SwiftFile) {
        self.file = file
    }

    /// The secret field (`password`) that `name`, seen from `node`, was given in the
    /// function around `node`; nil when none was.
    func secret(heldBy name: String, at node: some SyntaxProtocol) -> String? {
        guard let scope = Self.scope(of: Syntax(node)) else { return nil }
        if computed == nil { computed = Self.stores(in: file) }
        return computed?[scope.id]?[name]
    }

    /// The function, initializer or accessor around `node` (through closures).
    private static func scope(of node: Syntax) -> Syntax? {
        node.nearestAncestor(SyntaxScopes.functions.union([.deinitializerDecl]), before: SyntaxScopes.declarationContainers)
    }

    private static func stores(in file: SwiftFile) -> [SyntaxIdentifier: [String: String]] {
        var result: [SyntaxIdentifier: [String: String]] = [:]
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self) else { continue }
            // Clearing a field stores nothing.
            let value = BindingValues.unwrap(elements[2])
            if value.is(NilLiteralExprSyntax.self) || value.as(StringLiteralExprSyntax.self)?.literalValue == "" { continue }
            let target = elements[0]
            var holder: String?
            var field: String?
            if let subscriptCall = target.as(SubscriptCallExprSyntax.self),
                let key = subscriptCall.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.literalValue
            {
                holder = subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                field = key
            } else if let member = target.as(MemberAccessExprSyntax.self) {
                holder = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
                field = member.declName.baseName.text
            }
            guard let holder, holder != "self", let field, SensitiveValues.isSecretName(field),
                let scope = scope(of: Syntax(sequence))
            else { continue }
            result[scope.id, default: [:]][holder] = field
        }
        return result
    }
}

/// The Objective-C twin of ``SecretFieldStores``: in one method body, `user[@"password"] = …`,
/// `user.password = …`, `[user setObject:… forKey:@"password"]` or `[user setPassword:…]`.
enum ObjectiveCSecretFieldStores {
    /// Names given a secret field in `body` (token indices), with the field.
    static func stores(in body: Range<Int>, of tokens: [ObjectiveCToken]) -> [String: String] {
        var result: [String: String] = [:]
        func isAssignment(at position: Int) -> Bool {
            position + 1 < tokens.count && tokens[position].text == "=" && tokens[position + 1].text != "="
                && !(position + 1 < tokens.count && (tokens[position + 1].text == "nil" || tokens[position + 1].text == "NULL"))
        }
        for position in body where tokens[position].kind == .identifier && tokens[position].text != "self" {
            let holder = tokens[position].text
            guard position + 1 < body.upperBound else { continue }
            let next = tokens[position + 1].text
            // `user[@"password"] = …`
            if next == "[", position + 4 < body.upperBound, tokens[position + 2].kind == .string, tokens[position + 3].text == "]",
                isAssignment(at: position + 4), SensitiveValues.isSecretName(tokens[position + 2].text)
            {
                result[holder] = tokens[position + 2].text
                continue
            }
            // `user.password = …` (not `self.user.password`).
            if next == ".", position + 3 < body.upperBound, tokens[position + 2].kind == .identifier, isAssignment(at: position + 3),
                position == 0 || tokens[position - 1].text != ".", SensitiveValues.isSecretName(tokens[position + 2].text)
            {
                result[holder] = tokens[position + 2].text
                continue
            }
            // `[user setObject:… forKey:@"password"]`, `[user setPassword:…]`
            guard position > 0, tokens[position - 1].text == "[", position + 2 < body.upperBound, tokens[position + 1].kind == .identifier,
                tokens[position + 2].text == ":"
            else { continue }
            let selector = tokens[position + 1].text
            if selector == "setObject" || selector == "setValue" {
                var depth = 0
                var scan = position + 2
                while scan + 2 < body.upperBound {
                    let text = tokens[scan].text
                    if text == "[" { depth += 1 } else if text == "]" { if depth == 0 { break }; depth -= 1 }
                    if depth == 0, text == "forKey", tokens[scan + 1].text == ":", tokens[scan + 2].kind == .string {
                        if SensitiveValues.isSecretName(tokens[scan + 2].text) { result[holder] = tokens[scan + 2].text }
                        break
                    }
                    scan += 1
                }
            } else if selector.hasPrefix("set"), selector.count > 3 {
                let field = String(selector.dropFirst(3))
                if field.first?.isUppercase == true, SensitiveValues.isSecretName(field) { result[holder] = field }
            }
        }
        return result
    }
}
