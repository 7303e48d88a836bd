import AuditKit

/// The kit's source range, not SwiftSyntax's: rule files import both modules, and every
/// finding is placed with this one.
typealias SourceRange = AuditKit.SourceRange
