import SwiftSyntax
import AuditKit

extension PlatformSecureEntryMissing {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                final class LoginViewController: UIViewController {
                    private let usernameField = UITextField()
                    private let ↓passwordField = UITextField()
                    private lazy var ↓pinTextField: UITextField = {
                        let field = UITextField()
                        field.keyboardType = .numberPad
                        return field
                    }()
                }
                """),
            // Another field's secure entry does not cover this one.
            .swift(
                """
                final class PINSetupViewController: UIViewController {
                    private let ↓pinField = UITextField()
                    private let confirmPINField = UITextField()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        pinField.keyboardType = .numberPad
                        confirmPINField.isSecureTextEntry = true
                    }
                }
                """),
            .swift(
                """
                struct CardForm: View {
                    @State private var cvv = ""
                    @State private var code = ""
                    var body: some View {
                        ↓TextField("CVV", text: $cvv)
                        ↓TextField("Enter your PIN", text: $code)
                    }
                }
                """),
            .swift(
                """
                final class LoginViewController: UIViewController {
                    private let passwordField = UITextField()
                    private let confirmPasswordField = UITextField()
                    private lazy var pinTextField: UITextField = {
                        let field = UITextField()
                        field.isSecureTextEntry = true
                        return field
                    }()
                    @IBOutlet private weak var passcodeField: UITextField!
                    private let passwordHintField = UITextField()
                    private let spinner = UIActivityIndicatorView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        passwordField.isSecureTextEntry = true
                        [confirmPasswordField].forEach { $0.isSecureTextEntry = true }
                    }
                }
                final class ServerLoginStep: SetupStep {
                    var passwordField: UITextField?
                    override func viewDidLoad() {
                        passwordField = buildTextField(placeholder: "Password", value: "", secureTextEntry: true)
                    }
                }
                """),
            .swift(
                """
                // A "show password" toggle: the TextField reveals what the SecureField edits.
                struct LoginForm: View {
                    @State private var password = ""
                    @State private var revealed = false
                    @State private var username = ""
                    var body: some View {
                        TextField("Username", text: $username)
                        if revealed { TextField("Password", text: $password) } else { SecureField("Password", text: $password) }
                        TextField("Forgot your password? Enter your e-mail", text: $username)
                    }
                }
                """),
            .objectiveC(
                """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    self.↓passwordField = [[UITextField alloc] initWithFrame:CGRectZero];
                    UITextField *↓cvvField = [UITextField new];
                    self.usernameField = [[UITextField alloc] initWithFrame:CGRectZero];
                }
                """),
            .objectiveC(
                """
                - (void)viewDidLoad {
                    [super viewDidLoad];
                    _passwordField = [[UITextField alloc] initWithFrame:CGRectZero];
                    self.passwordField.secureTextEntry = YES;
                    UITextField *pinField = [UITextField new];
                    [pinField setSecureTextEntry:YES];
                }
                """),
        ]
    }
}
