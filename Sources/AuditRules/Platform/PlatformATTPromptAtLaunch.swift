import SwiftSyntax
import AuditKit

/// The App Tracking Transparency prompt requested while the app launches: before the app
/// is active the request returns without a dialog, and asking before any context
/// violates Apple's guidance.
struct PlatformATTPromptAtLaunch: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-att-prompt-at-launch",
        title: "Tracking permission requested at launch",
        severity: .low,
        category: .platform,
        masvs: "MASVS-PRIVACY-3",
        rationale:
            "ATTrackingManager.requestTrackingAuthorization called from application(_:didFinishLaunchingWithOptions:), scene(_:willConnectTo:options:), the App's init or its first view's onAppear runs before the app is active: the system returns .notDetermined or .denied without showing the dialog, and when it does show, the user is asked with no context for why. App Review rejects prompts that appear before the app is usable or that are not explained.",
        fix:
            "Ask when the scene is active and the user reaches the feature that needs tracking (after onboarding, optionally after your own explanation screen), and handle denial by falling back to SKAdNetwork/AdAttributionKit. Keep NSUserTrackingUsageDescription specific."
    )

    let skipsTestCode = true

    let triggers = ["requestTrackingAuthorization"]

    // MARK: Swift

    func checkSwift(_ file: SwiftFile, project _: ProjectFacts) -> [Match] {
        let rootViews = firstSceneRootViews(in: file)
        // Local helpers called from a launch context.
        var launchCalled: Set<String> = []
        for call in file.index.calls {
            if launchContext(of: call, rootViews: rootViews) != nil { launchCalled.insert(call.calleeName) }
        }
        var matches: [Match] = []
        for call in file.index.calls where call.calleeName == "requestTrackingAuthorization" {
            var context = launchContext(of: call, rootViews: rootViews)
            if context == nil, let helper = call.enclosingFunctionDecl, launchCalled.contains(helper.name.text) {
                context = "\(helper.name.text)(), called at launch"
            }
            guard let context else { continue }
            matches.append(Match(file.range(of: call), "requestTrackingAuthorization runs in \(context), before the app is active and without context"))
        }
        return matches
    }

    /// The launch context a node runs in, if any.
    private func launchContext(of node: some SyntaxProtocol, rootViews: Set<String>) -> String? {
        var current = node.parent
        while let ancestor = current {
            if let function = ancestor.as(FunctionDeclSyntax.self) {
                let labels = function.signature.parameterClause.parameters.map { $0.firstName.text }
                if function.name.text == "application", labels.contains("didFinishLaunchingWithOptions") || labels.contains("willFinishLaunchingWithOptions") {
                    return "application(_:didFinishLaunchingWithOptions:)"
                }
                if function.name.text == "scene", labels.contains("willConnectTo") { return "scene(_:willConnectTo:options:)" }
                return nil
            }
            if let initializer = ancestor.as(InitializerDeclSyntax.self) {
                if let type = initializer.ancestor(StructDeclSyntax.self), isMainApp(type) { return "the App's init" }
                return nil
            }
            if let call = ancestor.as(FunctionCallExprSyntax.self), ["onAppear", "task"].contains(call.calleeName) {
                if let type = call.ancestor(StructDeclSyntax.self), isMainApp(type) || rootViews.contains(type.name.text) {
                    return "the first scene's \(call.calleeName)"
                }
            }
            current = ancestor.parent
        }
        return nil
    }

    private func isMainApp(_ type: StructDeclSyntax) -> Bool {
        let inherits = type.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription == "App" } ?? false
        let main = type.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "main" }
        return inherits && main
    }

    /// The views the App's first `WindowGroup` shows, when the App is in this file.
    private func firstSceneRootViews(in file: SwiftFile) -> Set<String> {
        var names: Set<String> = []
        for call in file.index.calls where call.calleeName == "WindowGroup" {
            guard let type = call.ancestor(StructDeclSyntax.self), isMainApp(type),
                let closure = call.trailingClosure, let first = closure.statements.first
            else { continue }
            var expression = first.item.as(ExprSyntax.self)
            // `RootView().environment(…)`: walk down to the innermost call's callee.
            while let call = expression?.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    expression = base
                } else {
                    names.insert(call.calleeName)
                    break
                }
            }
            break
        }
        return names
    }

    // MARK: Objective-C

    func checkObjectiveC(_ file: ObjectiveCFile, project _: ProjectFacts) -> [Match] {
        let tokens = file.tokens
        var matches: [Match] = []
        for index in file.identifiers(named: "requestTrackingAuthorizationWithCompletionHandler") {
            guard let body = file.bodyRange(containing: index) else { continue }
            // The method signature before the body.
            var start = body.lowerBound
            while start > 0, !["-", "+", "}", ";"].contains(tokens[start - 1].text) { start -= 1 }
            let signature = tokens[start..<body.lowerBound].map(\.text)
            guard
                signature.contains("didFinishLaunchingWithOptions") || signature.contains("willFinishLaunchingWithOptions")
                    || (signature.contains("scene") && signature.contains("willConnectToSession"))
            else { continue }
            matches.append(Match(file.range(of: tokens[index]), "requestTrackingAuthorization runs at launch, before the app is active and without context"))
        }
        return matches
    }
}
