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
    public var enclosingBody: Syntax? { nearestAncestor(SyntaxScopes.bodies) }

    /// The nearest ancestor (not the node itself) whose kind is in `kinds`; nil when there
    /// is none, or when an ancestor whose kind is in `boundaries` comes first. The one walk
    /// up the tree every "what encloses this?" question of the rules is.
    package func nearestAncestor(_ kinds: Set<SyntaxKind>, before boundaries: Set<SyntaxKind> = []) -> Syntax? {
        var current = parent
        while let node = current {
            if kinds.contains(node.kind) { return node }
            if boundaries.contains(node.kind) { return nil }
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

/// The node kinds rules ask ``SyntaxProtocol/nearestAncestor(_:before:)`` about.
package enum SyntaxScopes {
    /// Declarations with a body of statements: functions, initializers, accessors.
    package static let functions: Set<SyntaxKind> = [.functionDecl, .initializerDecl, .accessorDecl]
    /// ``functions`` and closures: where a statement's local names live.
    package static let bodies: Set<SyntaxKind> = functions.union([.closureExpr])
    /// Where a declaration's search stops: a type's member list and the file.
    package static let declarationContainers: Set<SyntaxKind> = [.memberBlock, .sourceFile]
}

private final class DescendantFinder<T: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [T] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(T.self) { found.append(match) }
        return .visitChildren
    }
}
