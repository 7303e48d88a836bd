import UIKit

/// Marketing pages the app only shows in Safari; its own API calls use https.
final class PromoLinksViewController: UIViewController {
    @IBOutlet private var bannerLabel: UILabel!

    func showSummerPromo() {
        let summerPromo = "http://promo.cleanapp.io/summer"
        UIApplication.shared.open(URL(string: summerPromo)!)
    }

    func showBanner() {
        let bannerAddress = "http://promo.cleanapp.io/banner"
        bannerLabel.text = bannerAddress
    }

    func refreshOffers() {
        let offers = "https://api.cleanapp.io/v1/offers"
        guard let url = URL(string: offers) else { return }
        URLSession.shared.dataTask(with: url).resume()
    }
}
