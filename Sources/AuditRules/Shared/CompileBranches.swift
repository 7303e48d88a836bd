import SwiftSyntax
import AuditKit

/// Compile-time branches (`#if … #elseif … #else … #endif`): two nodes in different clauses
/// of the same `#if` are never compiled together, so what one does (evaluating a trust,
/// checking a status) says nothing about the other. Shared by rules that ask "does this
/// function also do X?" about code around a finding.
enum CompileBranches {
    /// Whether `first` and `second` sit in different clauses of one `#if` block.
    static func exclusive(_ first: some SyntaxProtocol, _ second: some SyntaxProtocol) -> Bool {
        // The clause `first` is in, for each `#if` block around it (innermost first).
        var clauses: [(block: SyntaxIdentifier, clause: SyntaxIdentifier)] = []
        var current = first.parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), let block = clause.parent?.parent, block.is(IfConfigDeclSyntax.self) {
                clauses.append((block.id, clause.id))
            }
            current = node.parent
        }
        guard !clauses.isEmpty else { return false }
        current = second.parent
        while let node = current {
            if let clause = node.as(IfConfigClauseSyntax.self), let block = clause.parent?.parent,
                let shared = clauses.first(where: { $0.block == block.id })
            {
                return shared.clause != clause.id
            }
            current = node.parent
        }
        return false
    }
}
