import DeviceTrustCrypto
import Foundation
import ServerCredentials

/// The token-signing keys a service uses: the signer for new tokens, and the keys the JWKS
/// publishes and verification accepts, by the ``SigningKeyRing`` schedule.
///
/// From a key folder (``SigningKeyDirectory``) the keys are read again at most every
/// ``reloadInterval`` (when a token is signed or the JWKS asked for after that), so a key
/// added by `devicetrust keys rotate` is published within seconds without a restart. A
/// folder that cannot be read any more keeps the keys read before (and is logged); it never
/// stops the service from signing.
public final class TokenSigningKeys: @unchecked Sendable {
    // @unchecked: `state` and `reloading` are touched only with `lock` held; the rest is immutable.
    /// How often the key folder is read again: 5 s.
    public static let reloadInterval: TimeInterval = 5

    private struct State {
        var ring: SigningKeyRing
        var keys: [String: P256.Signing.PrivateKey]
        var schedule: SigningKeyRing.Schedule
        var signer: AccessTokenSigner
        var published: [P256.Signing.PublicKey]
        var jwks: Data
        var readAt: Date
    }

    private let folder: URL?
    private let publishDelay: TimeInterval
    private let log: ServiceLog
    private let lock = NSLock()
    private var state: State
    private var reloading = false

    /// One fixed key that signs and is published forever (tests, the demo, one-off tools).
    public convenience init(fixed signer: AccessTokenSigner) {
        let member = SigningKeyRing.Member(keyID: signer.keyID, createdAt: .distantPast)
        // A ring of one member is never empty.
        self.init(folder: nil, ring: SigningKeyRing(members: [member])!, keys: [:], fixed: signer, publishDelay: 0, log: .discard, now: Date())
    }

    /// The keys of the folder `folder`, as ``SigningKeyDirectory/load(folder:)`` reads it,
    /// scheduled with `publishDelay`.
    /// - Throws: ``CredentialFileError`` when the folder cannot be read (see
    ///   ``SigningKeyDirectory/load(folder:)``).
    public convenience init(
        folder: URL, publishDelay: TimeInterval = SigningKeyRing.defaultPublishDelay, log: ServiceLog = .discard, now: Date = Date()
    )
        throws(CredentialFileError)
    {
        self.init(folder: folder, loaded: try SigningKeyDirectory.load(folder: folder), publishDelay: publishDelay, log: log, now: now)
    }

    /// The keys `loaded` from the folder `folder` (what ``SigningKeyDirectory`` returned
    /// when it created or read it, so it is not read twice at start), scheduled with
    /// `publishDelay`; the folder is read again as for ``init(folder:publishDelay:log:now:)``.
    /// `loaded` is never empty (``SigningKeyDirectory`` refuses an empty folder).
    public convenience init(
        folder: URL, loaded: [SigningKeyDirectory.StoredKey], publishDelay: TimeInterval = SigningKeyRing.defaultPublishDelay,
        log: ServiceLog = .discard, now: Date = Date()
    ) {
        let (ring, keys) = Self.ring(of: loaded, publishDelay: publishDelay)
        self.init(folder: folder, ring: ring, keys: keys, fixed: nil, publishDelay: publishDelay, log: log, now: now)
    }

    private init(
        folder: URL?, ring: SigningKeyRing, keys: [String: P256.Signing.PrivateKey], fixed: AccessTokenSigner?, publishDelay: TimeInterval,
        log: ServiceLog, now: Date
    ) {
        self.folder = folder
        self.publishDelay = publishDelay
        self.log = log
        let schedule = ring.schedule(at: now)
        let signer = fixed ?? AccessTokenSigner(signingKey: keys[schedule.signingKeyID]!)
        let published = fixed.map { [$0.publicKey] } ?? schedule.publishedKeyIDs.compactMap { keys[$0]?.publicKey }
        state = State(
            ring: ring, keys: keys, schedule: schedule, signer: signer, published: published, jwks: JSONWebKeySet.data(for: published), readAt: now)
    }

    /// The signer for a token issued at `now`.
    public func signer(at now: Date) -> AccessTokenSigner { current(at: now).signer }

    /// The public keys published at `now`: those a token issued here may be signed with.
    public func publishedKeys(at now: Date) -> [P256.Signing.PublicKey] { current(at: now).published }

    /// The JWKS published at `now`, for `/.well-known/jwks.json`.
    public func jwks(at now: Date) -> Data { current(at: now).jwks }

    /// The schedule in force at `now`.
    public func schedule(at now: Date) -> SigningKeyRing.Schedule { current(at: now).schedule }

    private func current(at now: Date) -> State {
        let (snapshot, mustReload) = lock.withLock { () -> (State, Bool) in
            let due = folder != nil && !reloading && now.timeIntervalSince(state.readAt) >= Self.reloadInterval
            if due { reloading = true }
            if !due, let changesAt = state.schedule.changesAt, now >= changesAt {
                state = rescheduled(state, ring: state.ring, keys: state.keys, at: now)
            }
            return (state, due)
        }
        guard mustReload, let folder else { return snapshot }
        let stored: [SigningKeyDirectory.StoredKey]?
        do { stored = try SigningKeyDirectory.load(folder: folder) } catch {
            log("token signing keys: cannot read \(folder.path) again, still using the \(snapshot.keys.count) key(s) read before: \(error)")
            stored = nil
        }
        return lock.withLock {
            reloading = false
            if let stored {
                let (ring, keys) = Self.ring(of: stored, publishDelay: publishDelay)
                state = rescheduled(state, ring: ring, keys: keys, at: now)
            }
            state.readAt = now
            return state
        }
    }

    /// `previous` with `ring` and `keys` scheduled at `now`; logs what changed.
    private func rescheduled(_ previous: State, ring: SigningKeyRing, keys: [String: P256.Signing.PrivateKey], at now: Date) -> State {
        let schedule = ring.schedule(at: now)
        var next = previous
        next.ring = ring
        next.keys = keys
        next.schedule = schedule
        if schedule.signingKeyID != previous.schedule.signingKeyID, let key = keys[schedule.signingKeyID] {
            next.signer = AccessTokenSigner(signingKey: key)
            log("token signing key \(schedule.signingKeyID) now signs new tokens")
        }
        if schedule.publishedKeyIDs != previous.schedule.publishedKeyIDs {
            next.published = schedule.publishedKeyIDs.compactMap { keys[$0]?.publicKey }
            next.jwks = JSONWebKeySet.data(for: next.published)
            log("token signing keys published: \(schedule.publishedKeyIDs.joined(separator: ", "))")
        }
        return next
    }

    private static func ring(of stored: [SigningKeyDirectory.StoredKey], publishDelay: TimeInterval) -> (SigningKeyRing, [String: P256.Signing.PrivateKey]) {
        var keys: [String: P256.Signing.PrivateKey] = [:]
        for key in stored { keys[key.keyID] = key.privateKey }
        // `SigningKeyDirectory.load` never returns an empty folder.
        return (SigningKeyRing(members: stored.map(\.member), publishDelay: publishDelay)!, keys)
    }
}
