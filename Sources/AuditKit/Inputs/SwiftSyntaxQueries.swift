import SwiftSyntax

// Small questions rules ask of Swift syntax, answered in one place.

extension FunctionCallExprSyntax {
    /// The called name's last component: `SecItemAdd`, `set` for
    /// `UserDefaults.standard.set(…)`, `init` for `Foo.init(…)`.
    public var calleeName: String {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return calledExpression.trimmedDescription
    }

    /// The callee as written, without trivia: `UserDefaults.standard.set`.
    public var calleeText: String { calledExpression.trimmedDescription }

    /// The argument labelled `label` (nil label: the first unlabelled one).
    public func argument(_ label: String?) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }
}

extension ExprSyntax {
    /// The name an expression ends with: `token` for `token`, `session.token`, `token?`
    /// or `token!`; nil for anything else (calls, literals).
    public var lastName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let optional = self.as(OptionalChainingExprSyntax.self) { return optional.expression.lastName }
        if let forced = self.as(ForceUnwrapExprSyntax.self) { return forced.expression.lastName }
        return nil
    }
}

extension StringLiteralExprSyntax {
    /// The literal's text when it has no interpolation; nil otherwise.
    public var literalValue: String? {
        var value = ""
        for segment in segments {
            guard let text = segment.as(StringSegmentSyntax.self) else { return nil }
            value += text.content.text
        }
        return value
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing function, initializer, accessor or closure body.
    public var enclosingBody: Syntax? {
        var current = parent
        while let node = current {
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self)
                || node.is(AccessorDeclSyntax.self) || node.is(ClosureExprSyntax.self) {
                return node
            }
            current = node.parent
        }
        return nil
    }

    /// Every descendant of type `T`, in source order.
    public func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        let finder = DescendantFinder<T>(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }
}

private final class DescendantFinder<T: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [T] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(T.self) { found.append(match) }
        return .visitChildren
    }
}
