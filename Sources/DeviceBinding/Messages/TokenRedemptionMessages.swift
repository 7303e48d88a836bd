import Foundation

/// Body of `POST /v1/tokens/redeem` (admin): the access token a relying backend received
/// with an approved action, to redeem exactly once before executing it.
public struct TokenRedemptionRequest: Codable, Hashable, Sendable, StrictRequestBody {
    /// The compact JWS access token, as the client sent it.
    public var accessToken: String

    /// A request for `accessToken`.
    public init(accessToken: String) { self.accessToken = accessToken }

    enum CodingKeys: String, CodingKey, CaseIterable { case accessToken }

    /// `accessToken`.
    public static let requestMembers = RequestMembers(CodingKeys.self)
}
