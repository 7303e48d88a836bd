import SafariServices
import UIKit

/// Articles the help screen opens in Safari: the app never requests them itself.
enum HelpArticle: CaseIterable {
    case securityTips, privacy

    var url: String {
        switch self {
        case .securityTips: return "http://blog.cleanapp.com/2019/security-tips"
        case .privacy: return "http://blog.cleanapp.com/2019/privacy"
        }
    }
}

final class HelpViewController: UIViewController {
    private let tutorialUrl = "http://blog.cleanapp.com/tutorial"

    func show(_ article: HelpArticle) {
        guard let url = URL(string: article.url) else { return }
        present(SFSafariViewController(url: url), animated: true)
    }

    @IBAction func openTutorial(_ sender: Any) {
        UIApplication.shared.open(URL(string: tutorialUrl)!, options: [:], completionHandler: nil)
    }
}
