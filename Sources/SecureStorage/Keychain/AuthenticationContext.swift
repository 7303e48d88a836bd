import Foundation
#if canImport(LocalAuthentication)
import LocalAuthentication
#endif

/// A reusable authentication session for reading access-controlled items: one prompt,
/// then several reads (Apple's `LAContext`, passed as `kSecUseAuthenticationContext`).
///
/// Pass the same context to several ``Keychain/load(for:prompt:context:)`` calls to
/// authenticate once. On Apple platforms it wraps an `LAContext`; on the emulator it is
/// recognised by its identity.
public final class AuthenticationContext: Sendable, Hashable {
    /// A unique identity, stable for the context's lifetime.
    public let id = UUID()

    #if canImport(LocalAuthentication)
    /// The `LAContext` handed to `SecItemCopyMatching`. LocalAuthentication documents
    /// `LAContext` as safe to use from any thread.
    nonisolated(unsafe) let laContext = LAContext()
    #endif

    /// A new context that has not authenticated yet.
    public init() {}

    /// Contexts are equal only to themselves.
    public static func == (lhs: AuthenticationContext, rhs: AuthenticationContext) -> Bool { lhs === rhs }
    /// Hashes the context's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
