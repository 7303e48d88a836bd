import DeviceBinding
import DeviceTrustCrypto
import Foundation
import MicroHTTP
import MicroHTTPTestSupport
import PrometheusTestSupport
import ServerCredentials
import Testing
import TrustStore
import TrustStoreSQLite
@testable import TrustServer

/// A server on a free port whose log is recorded (JSON or text), over a SQLite store, with
/// a service that enrolls iOS devices only (so an Android enrollment is an attestation refusal).
final class ObservedServer: @unchecked Sendable {
    let directory: TemporaryDirectory
    let store: SQLiteTrustStore
    let log = LogRecorder()
    let service: DeviceTrustService
    let server: DeviceTrustServer
    let port: UInt16
    let adminKey: String

    init(json: Bool) throws {
        directory = try TemporaryDirectory()
        store = try SQLiteTrustStore(databaseURL: "sqlite:\(directory.path("trust.sqlite"))")
        let (key, text) = AdminAPIKey.generate()
        adminKey = text
        let recorder = log
        let serviceLog = json ? ServiceLog.json { line in recorder.serviceLog(line) } : recorder.serviceLog
        service = try DeviceTrustService(
            store: store, pinHasher: PINHasher(pepper: SymmetricKey(size: .bits256)),
            signingKeys: TokenSigningKeys(fixed: AccessTokenSigner(signingKey: P256.Signing.PrivateKey())), log: serviceLog,
            attestation: AttestationConfiguration(platforms: [.ios]))
        server = DeviceTrustServer(service: service, adminKey: key, log: serviceLog)
        port = try server.start(port: 0, threads: 2)
    }

    deinit {
        server.stop()
        store.close()
    }

    func send(_ method: String, _ target: String, _ body: (some Encodable)? = String?.none, admin: Bool = false) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient.send(port: port, method, target, json: body.map { try WireCoding.encode($0) }, bearer: admin ? adminKey : nil)
    }

    func metrics() throws -> PrometheusExposition {
        let answer = try send("GET", "/metrics")
        #expect(answer.status == 200)
        return try PrometheusExposition(parsing: answer.bodyText)
    }
}

/// What `/metrics`, `X-Request-Id` and `--log-format json` tell an operator.
@Suite("Observability: metrics, request ids, JSON logs")
struct ObservabilityTests {
    static let families: [String: String] = [
        "devicetrust_http_request_duration_seconds": "histogram",
        "devicetrust_storage_operation_duration_seconds": "histogram",
        "devicetrust_verification_duration_seconds": "histogram",
        "devicetrust_approvals_total": "counter",
        "devicetrust_refusals_total": "counter",
        "devicetrust_revocations_total": "counter",
        "devicetrust_build_info": "gauge",
    ]

    @Test("A fresh server's /metrics parses strictly and has all seven families, with zero-valued series where the labels are known")
    func familiesFromTheStart() throws {
        let running = try ObservedServer(json: false)
        let exposition = try running.metrics()
        for (name, type) in Self.families {
            let family = try #require(exposition.families[name], "\(name) is missing")
            #expect(family.type == type, "\(name)")
            #expect(family.help?.isEmpty == false, "\(name) has a HELP line")
        }
        let buildInfo = try #require(exposition.families["devicetrust_build_info"]?.samples.first)
        #expect(buildInfo.labels == ["version": DeviceTrustVersion.current])
        #expect(buildInfo.value == 1)
        #expect(exposition.families["devicetrust_revocations_total"]?.samples.map(\.value) == [0])
        let approvals = exposition.families["devicetrust_approvals_total"]?.samples ?? []
        #expect(Set(approvals.compactMap { $0.labels["purpose"] }) == Set(Purpose.allCases.map(\.rawValue)))
        #expect(approvals.allSatisfy { $0.value == 0 })
        let refusals = exposition.families["devicetrust_refusals_total"]?.samples ?? []
        #expect(Set(refusals.compactMap { $0.labels["code"] }) == Set(ProblemCode.allCases.map(\.rawValue)))
        let kinds = exposition.families["devicetrust_verification_duration_seconds"]?.samples.compactMap { $0.labels["kind"] } ?? []
        #expect(Set(kinds) == Set(VerificationKind.allCases.map(\.rawValue)))
        let operations = exposition.families["devicetrust_storage_operation_duration_seconds"]?.samples.compactMap { $0.labels["operation"] } ?? []
        #expect(Set(operations) == Set(StoreOperation.allCases.map(\.rawValue)))
    }

    @Test("After real traffic: request durations by route template and status (never an id), storage and verification times, approvals, refusals, revocations")
    func metricsAfterTraffic() throws {
        let running = try ObservedServer(json: false)
        let flow = try ObservedFlow(running)
        _ = try running.send("GET", "/v1/accounts/\(flow.deviceId)/devices", admin: true)
        _ = try running.send("GET", "/nothing/\(flow.deviceId)")
        let exposition = try running.metrics()
        let requests = try #require(exposition.families["devicetrust_http_request_duration_seconds"])
        let routes = Set(requests.samples.compactMap { $0.labels["route"] })
        let templates = Set(running.server.router.registeredRoutes.map(\.description)).union([DeviceTrustRoutes.unmatchedRoute])
        #expect(routes.isSubset(of: templates), "route labels are templates: \(routes.subtracting(templates))")
        #expect(routes.contains("POST /v1/challenges/{challengeId}/response"))
        #expect(routes.contains(DeviceTrustRoutes.unmatchedRoute))
        let responseCount = requests.samples.first {
            $0.name.hasSuffix("_count") && $0.labels == ["route": "POST /v1/challenges/{challengeId}/response", "status": "200"]
        }
        #expect((responseCount?.value ?? 0) >= 2)
        let allLabelValues = exposition.families.values.flatMap(\.samples).flatMap(\.labels.values)
        for id in [flow.deviceId, flow.enrollmentId] + flow.challengeIds {
            #expect(!allLabelValues.contains { $0.contains(id) }, "no label carries an identifier")
        }
        func count(_ family: String, _ labels: [String: String]) -> Double? {
            exposition.families[family]?.samples.first { $0.name == family + "_count" && $0.labels == labels }?.value
        }
        #expect((count("devicetrust_verification_duration_seconds", ["kind": "device_signature"]) ?? 0) >= 4, "two proofs and the responses")
        #expect((count("devicetrust_verification_duration_seconds", ["kind": "access_token"]) ?? 0) == 1)
        #expect((count("devicetrust_storage_operation_duration_seconds", ["operation": "enrollDevice"]) ?? 0) == 1)
        #expect((count("devicetrust_storage_operation_duration_seconds", ["operation": "redeemToken"]) ?? 0) == 1)
        func value(_ family: String, _ labels: [String: String] = [:]) -> Double? {
            exposition.families[family]?.samples.first { $0.labels == labels }?.value
        }
        #expect(value("devicetrust_approvals_total", ["purpose": "unlock"]) == 1)
        #expect(value("devicetrust_approvals_total", ["purpose": "rebind_biometric"]) == 1)
        #expect(value("devicetrust_refusals_total", ["code": "pin_invalid"]) == 1)
        #expect(value("devicetrust_refusals_total", ["code": "unauthorized"]) == 1)
        #expect(value("devicetrust_refusals_total", ["code": "attestation_invalid"]) == 1)
        #expect(value("devicetrust_revocations_total") == 1)
        // The names earlier versions documented count the same.
        #expect(value("devicetrust_responses_accepted_total", ["purpose": "unlock"]) == 1)
        #expect(value("devicetrust_responses_accepted_total", ["purpose": "rebind_biometric"]) == 1)
        #expect(value("devicetrust_devices_revoked_total") == 1)
    }

    @Test("X-Request-Id: a sane incoming one is echoed, anything else is replaced by a new 16-hex-digit id; every response has one")
    func requestIDs() throws {
        let running = try ObservedServer(json: false)
        let generated = try running.send("GET", "/healthz").header("X-Request-Id")
        #expect(generated?.count == 16)
        #expect(generated?.allSatisfy(\.isHexDigit) == true)
        #expect(try running.send("GET", "/healthz").header("X-Request-Id") != generated, "a new id per request")
        #expect(try running.send("GET", "/nothing").header("X-Request-Id")?.count == 16, "404s get one too")
        #expect(RequestID.accepting("lb-4f2a:9.1_x") == "lb-4f2a:9.1_x")
        for insane in ["", "has space", "quote\"d", "new\nline", "tab\t", "é", String(repeating: "a", count: 129), "{\"a\":1}"] {
            let replaced = RequestID.accepting(insane)
            #expect(replaced != insane && replaced.count == 16, "\(insane.debugDescription)")
        }
        #expect(RequestID.accepting(String(repeating: "a", count: 128)).count == 128)
    }

    @Test("An incoming X-Request-Id over HTTP is echoed and logged with the request")
    func incomingRequestIDOverHTTP() throws {
        let running = try ObservedServer(json: true)
        let answer = try LoopbackHTTPClient.request(port: running.port, target: "/healthz", headers: [("X-Request-Id", "edge-42")])
        #expect(answer.header("X-Request-Id") == "edge-42")
        let lines = try running.log.lines.map(Self.object)
        #expect(lines.contains { $0["event"] as? String == "request" && $0["requestId"] as? String == "edge-42" && $0["route"] as? String == "GET /healthz" })
    }

    static func object(_ line: String) throws -> [String: Any] {
        #expect(line.hasSuffix("\n") && line.dropLast().allSatisfy { $0 != "\n" }, "one object per line")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
    }

    @Test("--log-format json: one JSON object per line for every request and every security event, with the request's id and route, never a secret")
    func jsonLog() throws {
        let running = try ObservedServer(json: true)
        let flow = try ObservedFlow(running)
        let raw = running.log.lines
        let lines = try raw.map(Self.object)
        for line in lines {
            #expect(line["timestamp"] is String && line["level"] is String && line["event"] is String, "\(line)")
            let timestamp = line["timestamp"] as? String ?? ""
            #expect(timestamp.count == 24 && timestamp.hasSuffix("Z"), "\(timestamp)")
        }
        let requests = lines.filter { $0["event"] as? String == "request" }
        #expect(requests.count == flow.requestCount)
        for request in requests {
            #expect(request["requestId"] is String && request["route"] is String && request["status"] is Int && request["latencyMs"] is Double, "\(request)")
        }
        let approval = try #require(requests.first { $0["requestId"] as? String == flow.approvalRequestID })
        #expect(approval["route"] as? String == "POST /v1/challenges/{challengeId}/response")
        #expect(approval["status"] as? Int == 200)

        func events(_ name: String) -> [[String: Any]] { lines.filter { $0["event"] as? String == name } }
        #expect(events("enrolled").first?["deviceId"] as? String == flow.deviceId)
        let approved = events("approved")
        #expect(approved.count == 2)
        #expect(approved.first?["requestId"] as? String == flow.approvalRequestID, "security events carry the request id")
        #expect(approved.first?["route"] as? String == "POST /v1/challenges/{challengeId}/response")
        #expect(Set(events("refused").compactMap { $0["code"] as? String }) == ["unauthorized", "attestation_invalid", "pin_invalid", "not_found"])
        #expect(events("pin_failure").first?["count"] as? Int == 1)
        #expect(events("pin_failure").first?["deviceId"] as? String == flow.deviceId)
        #expect(events("revoked").first?["reason"] as? String == "admin")
        #expect(events("key_replaced").first?["kind"] as? String == "biometric")
        #expect(events("attestation_refused").count == 1)
        #expect(events("refused").allSatisfy { ($0["level"] as? String) == "warning" })

        let text = raw.joined()
        for secret in flow.secrets {
            #expect(!text.contains(secret), "the log never holds \(secret.prefix(12))…")
        }
    }

    @Test("The text log (the default) writes no line per request")
    func textLogHasNoRequestLines() throws {
        let running = try ObservedServer(json: false)
        for _ in 0..<5 { _ = try running.send("GET", "/healthz") }
        #expect(running.log.lines.isEmpty)
    }

    @Test("A histogram counts each observation once, cumulatively by bucket, +Inf equal to _count, with its sum")
    func histogramRendering() throws {
        let metrics = ServiceMetrics()
        metrics.describeHistogram("t_seconds", "Test.", buckets: [0.001, 0.1])
        let key = ServiceMetrics.Key("t_seconds", labels: [("route", "GET /x"), ("status", "200")])
        for seconds in [0.0005, 0.05, 0.07, 30] { metrics.observe(key, seconds: seconds) }
        let family = try #require(try PrometheusExposition(parsing: metrics.prometheusText()).families["t_seconds"])
        func sample(_ name: String, le: String? = nil) -> Double? {
            family.samples.first { $0.name == name && $0.labels["le"] == le }?.value
        }
        #expect(sample("t_seconds_bucket", le: "0.001") == 1)
        #expect(sample("t_seconds_bucket", le: "0.1") == 3)
        #expect(sample("t_seconds_bucket", le: "+Inf") == 4)
        #expect(sample("t_seconds_count") == 4)
        #expect(abs((sample("t_seconds_sum") ?? 0) - 30.1205) < 1e-9)
        #expect(metrics.observationCount(key) == 4)
    }

    @Test("JSON log timestamps have milliseconds; latencies are milliseconds with three decimals")
    func formats() {
        #expect(ServiceLog.timestamp(Date(timeIntervalSince1970: 1_800_000_000.042)) == "2027-01-15T08:00:00.042Z")
        #expect(ServiceLog.timestamp(Date(timeIntervalSince1970: 1_800_000_000)) == "2027-01-15T08:00:00.000Z")
        #expect(ServiceLog.milliseconds(1_234_567) == "1.234")
        #expect(ServiceLog.milliseconds(5_000) == "0.005")
        #expect(ServiceLog.milliseconds(12_000_000_000) == "12000.000")
    }

    @Test(
        "The Prometheus parser refuses what Prometheus would",
        arguments: [
            "no_newline 1",
            "1bad 1\n",
            "untyped_sample 1\n",
            "# TYPE a counter\na{l=\"x\"} 1\na{l=\"x\"} 2\n",
            "# TYPE a counter\na{l=x} 1\n",
            "# TYPE a counter\na{l=\"\\t\"} 1\n",
            "# TYPE a counter\na one\n",
            "# TYPE a counter\n# TYPE a gauge\na 1\n",
            "# TYPE a counter\n# TYPE b counter\na 1\nb 1\na{x=\"1\"} 1\n",
            "# TYPE h histogram\nh_bucket{le=\"1\"} 2\nh_bucket{le=\"+Inf\"} 1\nh_sum 1\nh_count 1\n",
            "# TYPE h histogram\nh_bucket{le=\"1\"} 1\nh_sum 1\nh_count 1\n",
            "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 2\nh_sum 1\nh_count 1\n",
            "# TYPE h histogram\nh_bucket{le=\"+Inf\"} 1\nh_count 1\n",
            "# TYPE h histogram\nh_bucket 1\nh_sum 1\nh_count 1\n",
        ])
    func parserRefuses(_ text: String) {
        #expect(throws: PrometheusExposition.ParseError.self) { try PrometheusExposition(parsing: text) }
    }

    @Test("The Prometheus parser reads escapes, timestamps, special values and histograms")
    func parserAccepts() throws {
        let text = """
            # HELP a A \\\\ counter\\nwith two lines.
            # TYPE a counter
            a{path="C:\\\\x",q="say \\"hi\\"\\n"} 1.5e3 1700000000000
            # TYPE g gauge
            g NaN
            # TYPE h histogram
            h_bucket{le="0.5"} 1
            h_bucket{le="+Inf"} 3
            h_sum 2.25
            h_count 3

            """
        let parsed = try PrometheusExposition(parsing: text)
        #expect(parsed.families["a"]?.help == "A \\ counter\nwith two lines.")
        #expect(parsed.families["a"]?.samples.first?.labels == ["path": "C:\\x", "q": "say \"hi\"\n"])
        #expect(parsed.families["a"]?.samples.first?.value == 1500)
        #expect(parsed.families["g"]?.samples.first?.value.isNaN == true)
        #expect(parsed.families["h"]?.samples.count == 4)
    }
}

/// One walk through the API over HTTP that produces every security event: an enrollment, an
/// unauthorized call, an Android enrollment refused by `--platforms ios`, an approval, a
/// wrong PIN, a biometric key replacement, a redemption, an unknown account and an admin
/// revocation. It keeps every secret it sent or received, to look for them in the log.
struct ObservedFlow {
    static let pin = try! PIN("739184")
    static let wrongPIN = try! PIN("582061")

    var deviceId = ""
    var enrollmentId = ""
    var challengeIds: [String] = []
    var approvalRequestID = ""
    var requestCount = 0
    var secrets: [String] = []

    init(_ running: ObservedServer) throws {
        let deviceKey = P256.Signing.PrivateKey()
        let biometricKey = P256.Signing.PrivateKey()
        secrets = ["739184", "582061", running.adminKey]
        func send(_ method: String, _ target: String, _ body: (some Encodable)? = String?.none, admin: Bool = false) throws -> LoopbackHTTPResponse {
            requestCount += 1
            return try running.send(method, target, body, admin: admin)
        }
        func completion(_ created: EnrollmentCreated, platform: Platform) throws -> EnrollmentCompletion {
            let payload = try Base64URL.decode(created.signingPayload)
            let deviceProof = try deviceKey.signature(for: payload)
            let biometricProof = try biometricKey.signature(for: payload)
            secrets += [created.signingPayload, SignatureEncoding.encode(deviceProof), SignatureEncoding.encode(biometricProof)]
            return EnrollmentCompletion(
                platform: platform, deviceName: "Anna's iPhone", deviceKey: KeyRegistration(key: deviceKey.publicKey, proof: deviceProof),
                biometricKey: KeyRegistration(key: biometricKey.publicKey, proof: biometricProof), pin: Self.pin)
        }

        let created = try send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-7"), admin: true).decoded(EnrollmentCreated.self)
        enrollmentId = created.enrollmentId
        let completed = try send("POST", "/v1/enrollments/\(created.enrollmentId)/complete", completion(created, platform: .ios))
        #expect(completed.status == 201)
        deviceId = try completed.decoded(EnrollmentCompleted.self).deviceId

        #expect(try send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-7")).status == 401)
        let android = try send("POST", "/v1/enrollments", EnrollmentRequest(accountId: "acct-8"), admin: true).decoded(EnrollmentCreated.self)
        #expect(try send("POST", "/v1/enrollments/\(android.enrollmentId)/complete", completion(android, platform: .android)).status == 403)

        func challenge(_ key: DeviceBinding.KeyKind, _ purpose: Purpose) throws -> ChallengeCreated {
            let created = try send("POST", "/v1/challenges", ChallengeRequest(deviceId: deviceId, key: key, purpose: purpose)).decoded(ChallengeCreated.self)
            challengeIds.append(created.challengeId)
            secrets.append(created.signingPayload)
            return created
        }
        func sign(_ created: ChallengeCreated, _ key: P256.Signing.PrivateKey) throws -> String {
            let signature = SignatureEncoding.encode(try key.signature(for: Base64URL.decode(created.signingPayload)))
            secrets.append(signature)
            return signature
        }

        let unlock = try challenge(.biometric, .unlock)
        let approved = try send("POST", "/v1/challenges/\(unlock.challengeId)/response", ChallengeResponse(signature: sign(unlock, biometricKey)))
        #expect(approved.status == 200)
        approvalRequestID = approved.header("X-Request-Id") ?? ""
        let token = try approved.decoded(TokenResponse.self).accessToken
        secrets.append(token)
        secrets += token.split(separator: ".").map(String.init)

        let wrong = try challenge(.device, .unlock)
        let refused = try send("POST", "/v1/challenges/\(wrong.challengeId)/response", ChallengeResponse(signature: sign(wrong, deviceKey), pin: Self.wrongPIN))
        #expect(refused.status == 403)

        let rebind = try challenge(.device, .rebindBiometric)
        let newBiometric = P256.Signing.PrivateKey()
        let proof = try newBiometric.signature(for: Base64URL.decode(rebind.signingPayload))
        secrets.append(SignatureEncoding.encode(proof))
        let rebound = try send(
            "POST", "/v1/challenges/\(rebind.challengeId)/response",
            ChallengeResponse(
                signature: sign(rebind, deviceKey), pin: Self.pin, newBiometricKey: KeyRegistration(key: newBiometric.publicKey, proof: proof)))
        #expect(rebound.status == 200)
        let reboundToken = try rebound.decoded(TokenResponse.self).accessToken
        secrets.append(reboundToken)

        #expect(try send("POST", "/v1/tokens/redeem", TokenRedemptionRequest(accessToken: token), admin: true).status == 200)
        #expect(try send("GET", "/v1/accounts/nobody/devices", admin: true).status == 404)
        #expect(try send("DELETE", "/v1/devices/\(deviceId)", admin: true).status == 204)
    }
}
