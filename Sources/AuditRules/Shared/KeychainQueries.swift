import SwiftSyntax
import AuditKit

/// What a Keychain query passed to `SecItemAdd` / `SecItemCopyMatching` /
/// `SecItemUpdate` sets: resolved from a dictionary literal at the call, or from the
/// variable it names (its initial literal plus `query[key] = value` assignments in the
/// same body). Shared by the keychain rules so they resolve queries the same way.
struct KeychainQuery {
    /// One `key: value` the query sets; the key as the `kSec…` constant it names.
    struct Entry {
        let key: String
        let value: ExprSyntax
    }

    let entries: [Entry]

    /// The constants set as keys.
    var keys: Set<String> { Set(entries.map(\.key)) }

    /// The value set for `key`, if any.
    func value(for key: String) -> ExprSyntax? { entries.last { $0.key == key }?.value }

    /// The query `expression` builds, or nil when it cannot be resolved in this file (a
    /// query built by a helper elsewhere, or merged from another dictionary): rules stay
    /// silent rather than guess. With `followingHelpers`, a query returned by a function
    /// or computed property of this file is followed one level (``helperEntries(_:in:)``).
    static func resolve(_ expression: ExprSyntax, in file: SwiftFile, followingHelpers: Bool = false) -> KeychainQuery? {
        let bare = unwrap(expression)
        if let literal = bare.as(DictionaryExprSyntax.self) { return KeychainQuery(entries: entries(of: literal)) }
        if followingHelpers, !bare.is(DeclReferenceExprSyntax.self) {
            return helperEntries(bare, in: file).map { KeychainQuery(entries: $0) }
        }
        guard let reference = bare.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = reference.baseName.text
        // The body the query lives in; a computed property's implicit getter counts as one.
        var scope = expression.enclosingBody
        if scope == nil {
            var current = expression.parent
            while let node = current, !node.is(AccessorBlockSyntax.self) { current = node.parent }
            scope = current
        }
        let isFileScope = scope == nil
        let searched = scope ?? Syntax(file.tree)
        var found: [Entry] = []
        var resolved = false
        var bindings: [PatternBindingSyntax] = []
        for declaration in searched.descendants(VariableDeclSyntax.self) {
            bindings += declaration.bindings.filter { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name }
        }
        // Same-named variables of several functions: which one is meant is unknown.
        if bindings.count > 1 && isFileScope { return nil }
        // Same-named variables of one body (`do { let query = … }` twice): the last one
        // declared before the use, in a block that holds the use.
        var region: Range<AbsolutePosition>?
        if bindings.count > 1 {
            guard
                let visible = bindings.last(where: { binding in
                    guard binding.position < expression.position, let block = binding.parent?.parent?.parent?.parent?.as(CodeBlockItemListSyntax.self) else {
                        return false
                    }
                    return block.position <= expression.position && expression.endPosition <= block.endPosition
                }), let block = visible.parent?.parent?.parent?.parent
            else { return nil }
            bindings = [visible]
            region = visible.position..<block.endPosition
        }
        for binding in bindings {
            guard let initializer = binding.initializer?.value,
                let initial = initialEntries(unwrap(initializer)) ?? (followingHelpers ? helperEntries(initializer, in: file) : nil)
            else { return nil }
            found += initial
            resolved = true
        }
        // `SecItemAdd(baseQuery as CFDictionary, nil)` with a computed `baseQuery`.
        if !resolved, followingHelpers, CryptoDataFlow.parameter(named: name, enclosing: bare) == nil, let computed = helperEntries(bare, in: file) {
            return KeychainQuery(entries: computed)
        }
        guard resolved else { return nil }
        for sequence in searched.descendants(SequenceExprSyntax.self) where region?.contains(sequence.position) ?? true {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                let subscriptCall = elements[0].as(SubscriptCallExprSyntax.self),
                subscriptCall.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
                let keyExpression = subscriptCall.arguments.first?.expression,
                let key = constantName(keyExpression)
            else { continue }
            found.append(Entry(key: key, value: elements[2]))
        }
        for call in searched.descendants(FunctionCallExprSyntax.self)
        where call.calleeText == name + "." + call.calleeName && region?.contains(call.position) ?? true {
            switch call.calleeName {
            case "merge", "merging", "addEntries", "setDictionary":
                // A merge or addEntries from elsewhere makes the content unknown.
                return nil
            case "setValue", "setObject", "updateValue":
                // `query.setValue(kSecAttrAccessibleAlways, forKey: kSecAttrAccessible as String)`
                if let keyExpression = call.argument("forKey"), let key = constantName(keyExpression),
                    let value = call.arguments.first?.expression
                {
                    found.append(Entry(key: key, value: value))
                }
            default:
                break
            }
        }
        return KeychainQuery(entries: found)
    }

    /// What a query variable starts with: a dictionary literal, an empty dictionary
    /// (`[String: Any]()`, `NSMutableDictionary()`) or `NSMutableDictionary(dictionary: [...])`;
    /// nil when built some other way.
    private static func initialEntries(_ initializer: ExprSyntax) -> [Entry]? {
        if let literal = initializer.as(DictionaryExprSyntax.self) { return entries(of: literal) }
        guard let call = initializer.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        let callee = call.calledExpression.trimmedDescription
        let isDictionaryType =
            call.calledExpression.is(DictionaryExprSyntax.self)
            || ["NSMutableDictionary", "NSDictionary", "CFMutableDictionary"].contains(callee) || callee.hasPrefix("Dictionary<")
        guard isDictionaryType else { return nil }
        if call.arguments.isEmpty { return [] }
        if call.arguments.count == 1, call.arguments.first?.label?.text == "dictionary",
            let argument = call.arguments.first?.expression, let literal = unwrap(argument).as(DictionaryExprSyntax.self)
        {
            return entries(of: literal)
        }
        return nil
    }

    private static func entries(of literal: DictionaryExprSyntax) -> [Entry] {
        guard case .elements(let elements) = literal.content else { return [] }
        return elements.compactMap { element in
            constantName(element.key).map { Entry(key: $0, value: element.value) }
        }
    }

    /// `kSecAttrAccessible`, `kSecAttrAccessible as String`, `String(kSecAttrAccessible)`
    /// → `kSecAttrAccessible`.
    static func constantName(_ expression: ExprSyntax) -> String? {
        let bare = unwrap(expression)
        if let reference = bare.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let call = bare.as(FunctionCallExprSyntax.self), call.calleeName == "String", let argument = call.arguments.first?.expression {
            return constantName(argument)
        }
        return nil
    }

    /// Strips `as CFDictionary`, `as String`, parentheses and `try`.
    static func unwrap(_ expression: ExprSyntax) -> ExprSyntax {
        if let cast = expression.as(AsExprSyntax.self) { return unwrap(cast.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return unwrap(only.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            if elements.count == 3, elements[1].is(UnresolvedAsExprSyntax.self) { return unwrap(elements[0]) }
        }
        if let attempt = expression.as(TryExprSyntax.self) { return unwrap(attempt.expression) }
        return expression
    }
}
