import AppTrackingTransparency
import SwiftUI

/// Asks for tracking only when the user turns on partner offers, after onboarding.
struct OffersConsentView: View {
    @State private var partnerOffers = false

    var body: some View {
        Toggle("Offers from partners", isOn: $partnerOffers)
            .onChange(of: partnerOffers) { _, enabled in
                guard enabled else { return }
                Task { _ = await ATTrackingManager.requestTrackingAuthorization() }
            }
    }
}
