import Foundation

/// The schedule of token-signing keys, computed purely from each key's creation time and
/// the current time: which key signs, and which keys the JWKS publishes.
///
/// Keys are ordered by creation time (then by `kid`). With a publish delay *d*:
/// - a key becomes the signing key *d* seconds after its creation, so relying parties that
///   refresh the JWKS at least that often know it before they see a token it signed; the
///   oldest key signs from the start (nothing was published before it);
/// - a key is **pending** until then and already published;
/// - a key is **retired** when the next key becomes the signing key, and stays published
///   for ``retention`` (the longest token lifetime plus one hour), so tokens it signed
///   still verify; then it drops out of the JWKS.
///
/// Every node computes the same schedule from the same key files, whenever it reads them.
public struct SigningKeyRing: Sendable, Hashable {
    /// One key of the ring: its `kid` and when it was created.
    public struct Member: Sendable, Hashable {
        /// The key's `kid` (``JSONWebKeySet/keyID(for:)``).
        public let keyID: String
        /// When the key was created (`created-at:` in its file).
        public let createdAt: Date

        /// A member.
        public init(keyID: String, createdAt: Date) {
            self.keyID = keyID
            self.createdAt = createdAt
        }
    }

    /// What the ring says at one instant.
    public struct Schedule: Sendable, Hashable {
        /// The `kid` of the key that signs new tokens.
        public let signingKeyID: String
        /// The `kid`s the JWKS publishes (previous, current and pending keys), oldest first.
        public let publishedKeyIDs: [String]
        /// The next instant at which the schedule changes (a key starts signing or is
        /// dropped), or `nil` when nothing changes any more.
        public let changesAt: Date?
    }

    /// `devicetrust serve --key-publish-delay`'s default: 600 s.
    public static let defaultPublishDelay: TimeInterval = 600

    /// How long a retired key stays published: the longest token lifetime plus one hour.
    public static let retention: TimeInterval = AccessTokenSigner.maximumLifetime + 3600

    /// The keys, oldest first.
    public let members: [Member]
    /// Seconds a new key is published before it signs.
    public let publishDelay: TimeInterval

    /// A ring of `members` (in any order); `nil` when there is none.
    public init?(members: [Member], publishDelay: TimeInterval = Self.defaultPublishDelay) {
        guard !members.isEmpty else { return nil }
        self.members = members.sorted { ($0.createdAt, $0.keyID) < ($1.createdAt, $1.keyID) }
        self.publishDelay = max(0, publishDelay)
    }

    /// The schedule at `now`.
    public func schedule(at now: Date) -> Schedule {
        // When each key starts signing; the oldest key signs from the start.
        let activations = members.indices.map { index in
            index == 0 ? Date.distantPast : members[index].createdAt.addingTimeInterval(publishDelay)
        }
        let signing = activations.lastIndex { $0 <= now } ?? 0
        var published: [String] = []
        var changes: [Date] = []
        for index in members.indices {
            if index < signing {
                let dropsAt = activations[index + 1].addingTimeInterval(Self.retention)
                guard dropsAt > now else { continue }
                changes.append(dropsAt)
            } else if index > signing {
                changes.append(activations[index])
            }
            published.append(members[index].keyID)
        }
        return Schedule(signingKeyID: members[signing].keyID, publishedKeyIDs: published, changesAt: changes.min())
    }
}
