import Testing
import TrustStore

@Suite("Store URLs")
struct StoreURLTests {
    @Test("sqlite:PATH names a file")
    func sqlite() throws {
        let url = try StoreURL(parsing: "sqlite:./data/devicetrust.sqlite")
        #expect(url.engine == .sqlite)
        #expect(url.sqlitePath == "./data/devicetrust.sqlite")
        #expect(url.connectionURI == nil)
        #expect(url.redacted == "sqlite:./data/devicetrust.sqlite")
    }

    @Test(
        "postgres:// and postgresql:// pass through to libpq unchanged",
        arguments: [
            "postgres://dt@127.0.0.1:5432/devicetrust",
            "postgresql://dt:s3cret@db.internal/devicetrust?sslmode=verify-full&connect_timeout=2",
            "postgres:///devicetrust?host=/var/run/postgresql",
        ])
    func postgres(_ text: String) throws {
        let url = try StoreURL(parsing: text)
        #expect(url.engine == .postgres)
        #expect(url.connectionURI == text)
        #expect(url.sqlitePath == nil)
    }

    @Test(
        "the password never shows, in the user part or a parameter",
        arguments: [
            ("postgres://dt:s3cret@db:5432/app", "postgres://dt:***@db:5432/app"),
            ("postgresql://dt:p%40ss@db/app?sslmode=require", "postgresql://dt:***@db/app?sslmode=require"),
            ("postgres://dt@db/app?sslmode=require&password=s3cret", "postgres://dt@db/app?sslmode=require&password=***"),
            ("postgres://dt@db/app", "postgres://dt@db/app"),
        ])
    func redaction(_ text: String, _ expected: String) throws {
        let url = try StoreURL(parsing: text)
        #expect(url.redacted == expected)
        #expect("\(url)" == expected)
        #expect(!String(reflecting: url).contains("s3cret"))
        var dumped = ""
        dump(url, to: &dumped)
        #expect(!dumped.contains("s3cret"))
        #expect(!dumped.contains("p%40ss"))
    }

    @Test(
        "other schemes, empty parts, control characters and huge URLs are refused without echoing a password",
        arguments: [
            "", "sqlite:", "postgres://", "mysql://u:s3cret@h/db", "file:///tmp/x", "postgres://u:s3cret@h/db\n",
            "postgres://h/" + String(repeating: "a", count: 5000),
        ])
    func refusals(_ text: String) {
        do {
            _ = try StoreURL(parsing: text)
            Issue.record("accepted \(text.prefix(40))")
        } catch {
            #expect(error.code == .invalidArgument)
            #expect(!error.description.contains("s3cret"))
            #expect(error.reason.contains("sqlite:") || error.reason.contains("bytes"))
        }
    }
}
