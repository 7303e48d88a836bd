import Foundation
import ServerCredentials
import Testing

/// The rotation schedule, computed from creation times and the time alone.
@Suite("Signing-key rotation: the schedule of SigningKeyRing")
struct SigningKeyRotationTests {
    static let delay: TimeInterval = 600
    static let retention = SigningKeyRing.retention
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func ring(_ members: (String, TimeInterval)...) -> SigningKeyRing {
        SigningKeyRing(members: members.map { SigningKeyRing.Member(keyID: $0.0, createdAt: t0.addingTimeInterval($0.1)) }, publishDelay: delay)!
    }

    @Test("A ring needs a key; the retention is the longest token lifetime plus one hour")
    func emptyAndRetention() {
        #expect(SigningKeyRing(members: []) == nil)
        #expect(SigningKeyRing.retention == 300 + 3600)
        #expect(SigningKeyRing.defaultPublishDelay == 600)
    }

    @Test("One key signs from the start (even before its creation time) and is the only key published, forever")
    func oneKey() {
        let ring = Self.ring(("a", 0))
        for offset: TimeInterval in [-1000, 0, 1, 1e6] {
            let schedule = ring.schedule(at: Self.t0.addingTimeInterval(offset))
            #expect(schedule.signingKeyID == "a")
            #expect(schedule.publishedKeyIDs == ["a"])
            #expect(schedule.changesAt == nil)
        }
    }

    @Test("A new key is published at once, signs only after the publish delay, and the old key stays published for the retention, then drops")
    func rotation() {
        let ring = Self.ring(("old", 0), ("new", 10_000))
        let created = Self.t0.addingTimeInterval(10_000)
        let pending = ring.schedule(at: created)
        #expect(pending.signingKeyID == "old")
        #expect(pending.publishedKeyIDs == ["old", "new"])
        #expect(pending.changesAt == created.addingTimeInterval(Self.delay))
        #expect(ring.schedule(at: created.addingTimeInterval(Self.delay - 1)).signingKeyID == "old")

        let switched = ring.schedule(at: created.addingTimeInterval(Self.delay))
        #expect(switched.signingKeyID == "new")
        #expect(switched.publishedKeyIDs == ["old", "new"])
        #expect(switched.changesAt == created.addingTimeInterval(Self.delay + Self.retention))

        let lastMoment = ring.schedule(at: created.addingTimeInterval(Self.delay + Self.retention - 1))
        #expect(lastMoment.publishedKeyIDs == ["old", "new"])
        let dropped = ring.schedule(at: created.addingTimeInterval(Self.delay + Self.retention))
        #expect(dropped.signingKeyID == "new")
        #expect(dropped.publishedKeyIDs == ["new"])
        #expect(dropped.changesAt == nil)
    }

    @Test("Members are ordered by creation time whatever order they come in; equal times by kid")
    func ordering() {
        let shuffled = Self.ring(("c", 20_000), ("a", 0), ("b", 10_000))
        #expect(shuffled.members.map(\.keyID) == ["a", "b", "c"])
        let tied = Self.ring(("y", 0), ("x", 0))
        #expect(tied.members.map(\.keyID) == ["x", "y"])
        #expect(tied.schedule(at: Self.t0).signingKeyID == "x")
        #expect(tied.schedule(at: Self.t0.addingTimeInterval(Self.delay)).signingKeyID == "y")
    }

    @Test("Two rotations in a row: each key signs in turn, every key that signed within the retention stays published")
    func twoRotations() {
        let ring = Self.ring(("a", 0), ("b", 10_000), ("c", 10_100))
        let at = { (offset: TimeInterval) in ring.schedule(at: Self.t0.addingTimeInterval(offset)) }
        #expect(at(10_100).signingKeyID == "a")
        #expect(at(10_100).publishedKeyIDs == ["a", "b", "c"])
        #expect(at(10_000 + Self.delay).signingKeyID == "b")
        #expect(at(10_100 + Self.delay).signingKeyID == "c")
        // a retired when b started signing, b when c did.
        #expect(at(10_000 + Self.delay + Self.retention).publishedKeyIDs == ["b", "c"])
        #expect(at(10_100 + Self.delay + Self.retention).publishedKeyIDs == ["c"])
    }

    @Test("A key older than the publish delay signs at once (a copy of a folder rotated long ago)")
    func oldRotation() {
        let ring = Self.ring(("a", 0), ("b", 1))
        let schedule = ring.schedule(at: Self.t0.addingTimeInterval(1 + Self.delay + Self.retention + 5))
        #expect(schedule.signingKeyID == "b")
        #expect(schedule.publishedKeyIDs == ["b"])
    }

    @Test("A publish delay of 0 makes a new key sign at once; a negative one counts as 0")
    func zeroDelay() {
        let members = [SigningKeyRing.Member(keyID: "a", createdAt: Self.t0), SigningKeyRing.Member(keyID: "b", createdAt: Self.t0.addingTimeInterval(5))]
        #expect(SigningKeyRing(members: members, publishDelay: 0)!.schedule(at: Self.t0.addingTimeInterval(5)).signingKeyID == "b")
        #expect(SigningKeyRing(members: members, publishDelay: -10)!.publishDelay == 0)
    }

    @Test("The signing key is always published, at any instant of a rotation")
    func signingKeyAlwaysPublished() {
        let ring = Self.ring(("a", 0), ("b", 100), ("c", 5_000), ("d", 5_001))
        for offset in stride(from: -100.0, through: 20_000, by: 37) {
            let schedule = ring.schedule(at: Self.t0.addingTimeInterval(offset))
            #expect(schedule.publishedKeyIDs.contains(schedule.signingKeyID), "at \(offset) s")
        }
    }
}
