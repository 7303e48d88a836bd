import SwiftSyntax
import AuditKit

/// Where a name used by a crypto call comes from, in the same file: the buffer a
/// `withUnsafeBytes { bytes in … }` closure parameter points into, the enclosing
/// function's parameter (and its default value), a `let` in an enclosing body, and
/// whether a zero-filled buffer is written (random bytes, a derived key, a copy) before
/// the call. Shared by the crypto rules.
enum CryptoDataFlow {
    private static let pointerAccessors: Set<String> = [
        "withUnsafeBytes", "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer",
    ]

    /// For a closure parameter of `buffer.withUnsafeBytes { p in … }` (named or `$0`),
    /// the expression `buffer`; nil when `reference` is not such a parameter.
    static func pointerSource(of reference: DeclReferenceExprSyntax) -> ExprSyntax? {
        let name = reference.baseName.text
        var current = reference.parent
        while let node = current {
            if let closure = node.as(ClosureExprSyntax.self) {
                let declared = parameterNames(of: closure)
                let shorthand = name.hasPrefix("$") && declared.isEmpty
                if declared.contains(name) || shorthand {
                    guard name == "$0" || declared.first == name else { return nil }
                    return accessorReceiver(of: closure)
                }
            }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    private static func parameterNames(of closure: ClosureExprSyntax) -> [String] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self) { return shorthand.map(\.name.text) }
        if let full = clause.as(ClosureParameterClauseSyntax.self) { return full.parameters.map { ($0.secondName ?? $0.firstName).text } }
        return []
    }

    /// `buffer` in `buffer.withUnsafeBytes { … }` / `buffer.withUnsafeBytes({ … })`.
    private static func accessorReceiver(of closure: ClosureExprSyntax) -> ExprSyntax? {
        var call = closure.parent?.as(FunctionCallExprSyntax.self)
        if call == nil, let argument = closure.parent?.as(LabeledExprSyntax.self) {
            call = argument.parent?.parent?.as(FunctionCallExprSyntax.self)
        }
        guard let call, pointerAccessors.contains(call.calleeName),
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base
        else { return nil }
        return base
    }

    /// The parameter of the function enclosing `node` that `name` refers to, with the
    /// function; nil when no enclosing function declares it (or a closure shadows it).
    static func parameter(named name: String, enclosing node: some SyntaxProtocol) -> (parameter: FunctionParameterSyntax, function: FunctionDeclSyntax)? {
        var current = node.parent
        while let step = current {
            if let closure = step.as(ClosureExprSyntax.self), parameterNames(of: closure).contains(name) { return nil }
            if let function = step.as(FunctionDeclSyntax.self) {
                guard let parameter = function.signature.parameterClause.parameters.first(where: { ($0.secondName ?? $0.firstName).text == name }) else {
                    return nil
                }
                return (parameter, function)
            }
            if step.is(InitializerDeclSyntax.self) { return nil }
            current = step.parent
        }
        return nil
    }

    /// The initializer of a local `let`/`var` named `name` declared in a body enclosing
    /// `node` (an outer function seen from a nested closure), before `node`.
    static func enclosingLocal(named name: String, from node: some SyntaxProtocol, in file: SwiftFile) -> ExprSyntax? {
        var bodies: [SyntaxIdentifier] = []
        var current = node.enclosingBody
        while let body = current {
            bodies.append(body.id)
            if body.is(FunctionDeclSyntax.self) || body.is(InitializerDeclSyntax.self) || body.is(AccessorDeclSyntax.self) { break }
            current = body.enclosingBody
        }
        guard bodies.count > 1 else { return nil }
        var best: (depth: Int, value: ExprSyntax)?
        for declaration in file.index.variables where declaration.position < node.position {
            guard let scope = declaration.enclosingBody, let depth = bodies.firstIndex(of: scope.id) else { continue }
            for binding in declaration.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let value = binding.initializer?.value else { continue }
                if best == nil || depth <= best!.depth { best = (depth, value) }
            }
        }
        return best?.value
    }

    /// C calls that fill a buffer, and the position of the buffer argument.
    private static let writers: [String: Int] = [
        "SecRandomCopyBytes": 2, "CCRandomGenerateBytes": 0, "arc4random_buf": 0, "CCKeyDerivationPBKDF": 7,
        "memcpy": 0, "memmove": 0, "CCKeyDerivationHMac": 10, "getBytes": 0, "copyBytes": 0,
    ]

    /// Whether the buffer `name` is written before `use` in the same function: passed as
    /// the output of SecRandomCopyBytes, CCRandomGenerateBytes, arc4random_buf,
    /// CCKeyDerivationPBKDF, memcpy, `getBytes`/`copyBytes`, or opened with
    /// `withUnsafeMutableBytes`.
    static func isWritten(_ name: String, before use: some SyntaxProtocol, in file: SwiftFile) -> Bool {
        guard let function = enclosingFunction(of: use) else { return false }
        let range = function.position..<use.position
        for call in file.index.calls where range.contains(call.position) {
            let callee = call.calleeName
            if pointerAccessors.contains(callee), callee.contains("Mutable"),
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base, rootName(of: base) == name
            {
                return true
            }
            guard let position = writers[callee] else { continue }
            let arguments = Array(call.arguments)
            let target = callee == "copyBytes" ? call.argument("to") : (position < arguments.count ? arguments[position].expression : nil)
            guard let target else { continue }
            if (callee == "memcpy" || callee == "memmove"), arguments.count > 1, arguments[1].expression.is(StringLiteralExprSyntax.self) { continue }
            if rootName(of: target) == name { return true }
        }
        return false
    }

    /// `key` in `key`, `&key`, `key.baseAddress`, `&key[0]`, `(key as NSData)`.
    static func rootName(of expression: ExprSyntax) -> String? {
        var current = BindingValues.unwrap(expression)
        while true {
            if let address = current.as(InOutExprSyntax.self) {
                current = address.expression
            } else if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                current = BindingValues.unwrap(base)
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let call = current.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let only = call.arguments.first?.expression {
                current = BindingValues.unwrap(only)
            } else if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first?.expression {
                current = BindingValues.unwrap(only)
            } else {
                break
            }
        }
        return current.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    static func enclosingFunction(of node: some SyntaxProtocol) -> Syntax? {
        node.nearestAncestor(SyntaxScopes.functions)
    }

    /// Objective-C: whether the buffer `name` is written before the token at `index` in
    /// the same method or function body (`CCKeyDerivationPBKDF(…, (uint8_t *)keyBytes,
    /// keySize)`, `SecRandomCopyBytes(kSecRandomDefault, sizeof(iv), iv)`,
    /// `[keyData getBytes:keyBytes length:…]`).
    static func isWritten(_ name: String, before index: Int, in file: ObjectiveCFile) -> Bool {
        let tokens = file.tokens
        guard let body = file.bodyRange(containing: index) else { return false }
        for position in body.lowerBound..<min(index, tokens.count) where tokens[position].kind == .identifier {
            let text = tokens[position].text
            if text == "getBytes", position + 1 < tokens.count, tokens[position + 1].text == ":" {
                let argument = tokens[(position + 2)..<min(position + 6, tokens.count)].prefix { $0.text != ":" && $0.text != "]" }
                if argument.contains(where: { $0.kind == .identifier && $0.text == name }) { return true }
                continue
            }
            guard let slot = writers[text], let arguments = ObjectiveCCalls.arguments(ofCallAt: position, in: tokens), slot < arguments.count else { continue }
            if text == "memcpy" || text == "memmove", arguments.count > 1, tokens[arguments[1]].contains(where: { $0.kind == .string }) { continue }
            let target = tokens[arguments[slot]].filter {
                $0.kind == .identifier && !["uint8_t", "char", "void", "unsigned", "UInt8", "mutableBytes"].contains($0.text)
            }
            if target.first?.text == name { return true }
        }
        return false
    }
}
