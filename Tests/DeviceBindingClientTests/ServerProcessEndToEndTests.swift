import DeviceBinding
import DeviceBindingClient
import DeviceEmulator
import DeviceTrustDemo
import Foundation
import MicroHTTPTestSupport
import SecureStorage
import ServerCredentials
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The client with emulated Secure Enclave keys against the built `devicetrust serve`,
/// running as a separate process on loopback with its own data directory.
@Suite("Client end to end against the devicetrust process")
struct ServerProcessEndToEndTests {
    let transfer: JSONValue = ["type": "transfer", "amount": 25, "currency": "EUR", "to": "DE89 3704 0044 0532 0130 00"]

    @Test("enroll → approve (token verifies with the process's JWKS); a replayed response and a device-key answer to a biometric challenge are refused")
    func enrollApproveReplayWrongKey() async throws {
        let folder = try ScratchFolder()
        let server = try ServerProcess.start(
            dataDirectory: folder.url.appendingPathComponent("data"), logFile: folder.url.appendingPathComponent("serve-1.log"))
        defer { server.stop() }

        let phone = try DemoPhone(bundleID: "com.example.bank")
        let client = DeviceTrustClient(baseURL: server.baseURL)
        let enrolled = try await server.enroll(phone, with: client, account: "acct-42")
        #expect(enrolled.accountId == "acct-42")
        #expect(enrolled.keys == [.device, .biometric])

        let token = try await client.approve(action: transfer, deviceId: enrolled.deviceId)
        #expect(token.tokenType == "Bearer")
        #expect(token.expiresIn <= 300)
        let claims = try server.verifyToken(token.accessToken)
        #expect(claims.subject == "acct-42")
        #expect(claims.deviceID == enrolled.deviceId)
        #expect(claims.key == "biometric")
        #expect(claims.purpose == "action")
        #expect(claims.actionSHA256 == (try transfer.canonicalSHA256Hex()))

        // The same signed response twice: the first is a token, the replay is challenge_consumed.
        let approval = try server.createChallenge(ChallengeRequest(deviceId: enrolled.deviceId, key: .biometric, purpose: .action, action: transfer))
        let response = try await ServerProcess.signedResponse(to: approval, with: phone.biometricKey)
        let first = try server.respond(to: approval, response)
        #expect(first.status == 200)
        let replayedToken = try WireCoding.decode(TokenResponse.self, from: first.body)
        #expect(try server.verifyToken(replayedToken.accessToken).actionSHA256 == (try transfer.canonicalSHA256Hex()))
        let replay = try server.respond(to: approval, response)
        #expect(replay.status == 409)
        #expect(ServerProcess.problemCode(replay) == .challengeConsumed)

        // A biometric challenge signed by the device key: refused, and the challenge is used up.
        let unlock = try server.createChallenge(ChallengeRequest(deviceId: enrolled.deviceId, key: .biometric, purpose: .unlock))
        let wrongKey = try server.respond(to: unlock, try await ServerProcess.signedResponse(to: unlock, with: phone.deviceKey))
        #expect(wrongKey.status == 403)
        #expect(ServerProcess.problemCode(wrongKey) == .signatureInvalid)
        let late = try server.respond(to: unlock, try await ServerProcess.signedResponse(to: unlock, with: phone.biometricKey))
        #expect(late.status == 409)
        #expect(ServerProcess.problemCode(late) == .challengeConsumed)
    }

    @Test("new fingerprint → approve fails → unlockWithPIN → rebindBiometricKey → approve works")
    func newFingerprintThenRebind() async throws {
        let folder = try ScratchFolder()
        let server = try ServerProcess.start(
            dataDirectory: folder.url.appendingPathComponent("data"), logFile: folder.url.appendingPathComponent("serve-1.log"))
        defer { server.stop() }

        let phone = try DemoPhone(bundleID: "com.example.bank")
        let client = DeviceTrustClient(baseURL: server.baseURL)
        let enrolled = try await server.enroll(phone, with: client, account: "acct-7")
        _ = try await client.approve(action: transfer, deviceId: enrolled.deviceId)

        phone.device.changeBiometricEnrollment()
        await #expect(throws: KeychainError.authenticationFailed) {
            try await client.approve(action: transfer, deviceId: enrolled.deviceId)
        }

        let unlocked = try await client.unlockWithPIN(deviceId: enrolled.deviceId, pin: DemoPhone.pin)
        let unlockClaims = try server.verifyToken(unlocked.accessToken)
        #expect(unlockClaims.key == "device")
        #expect(unlockClaims.purpose == "unlock")

        let rebound = try await client.rebindBiometricKey(deviceId: enrolled.deviceId, pin: DemoPhone.pin, newBiometricKey: try phone.newBiometricKey())
        #expect(try server.verifyToken(rebound.accessToken).purpose == "rebind_biometric")

        let approved = try await client.approve(action: transfer, deviceId: enrolled.deviceId)
        let claims = try server.verifyToken(approved.accessToken)
        #expect(claims.key == "biometric")
        #expect(claims.actionSHA256 == (try transfer.canonicalSHA256Hex()))

        // The old biometric key is no longer enrolled.
        let stale = DeviceTrustClient(baseURL: server.baseURL, biometricKey: SoftwareDeviceKey())
        await expectProblem(.signatureInvalid) { try await stale.unlock(deviceId: enrolled.deviceId) }
    }

    @Test("five wrong PINs revoke; 50 concurrent responses to one challenge → one 200; both survive a restart")
    func revocationConcurrencyAndRestart() async throws {
        let folder = try ScratchFolder()
        let dataDirectory = folder.url.appendingPathComponent("data")
        var server = try ServerProcess.start(dataDirectory: dataDirectory, logFile: folder.url.appendingPathComponent("serve-1.log"))
        defer { server.stop() }

        // Five wrong PINs: attempts remaining 4, 3, 2, 1, then device_revoked.
        let lost = try DemoPhone(bundleID: "com.example.bank")
        let lostClient = DeviceTrustClient(baseURL: server.baseURL)
        let lostDevice = try await server.enroll(lost, with: lostClient, account: "acct-lost")
        for remaining in [4, 3, 2, 1] {
            await expectProblem(.pinInvalid, attemptsRemaining: remaining) {
                try await lostClient.unlockWithPIN(deviceId: lostDevice.deviceId, pin: DemoPhone.wrongPIN)
            }
        }
        await expectProblem(.deviceRevoked) { try await lostClient.unlockWithPIN(deviceId: lostDevice.deviceId, pin: DemoPhone.wrongPIN) }
        await expectProblem(.deviceRevoked) { try await lostClient.unlockWithPIN(deviceId: lostDevice.deviceId, pin: DemoPhone.pin) }

        // One challenge, one signature, 50 connections at once: exactly one 200, 49 × 409.
        let phone = try DemoPhone(bundleID: "com.example.bank")
        let client = DeviceTrustClient(baseURL: server.baseURL)
        let enrolled = try await server.enroll(phone, with: client, account: "acct-42")
        let challenge = try server.createChallenge(ChallengeRequest(deviceId: enrolled.deviceId, key: .biometric, purpose: .action, action: transfer))
        let response = try await ServerProcess.signedResponse(to: challenge, with: phone.biometricKey)
        let answers = await server.respondConcurrently(to: challenge, response, times: 50)
        #expect(answers.count == 50)
        let successes = answers.filter { $0.status == 200 }
        #expect(successes.count == 1)
        #expect(answers.filter { $0.status == 409 && $0.code == .challengeConsumed }.count == 49)
        #expect(answers.allSatisfy { $0.status == 200 || $0.status == 409 }, "statuses: \(answers.map(\.status))")
        let winner = try #require(successes.first?.token)
        #expect(try server.verifyToken(winner.accessToken).deviceID == enrolled.deviceId)
        let jwksBefore = try server.jwks()

        // Restart on the same data directory.
        let status = server.stop()
        #expect(status == 0, "SIGTERM stops the server cleanly")
        server = try ServerProcess.start(dataDirectory: dataDirectory, logFile: folder.url.appendingPathComponent("serve-2.log"))

        // The revoked device stays revoked.
        let lostAfter = DeviceTrustClient(baseURL: server.baseURL, deviceKey: lost.deviceKey, biometricKey: lost.biometricKey)
        await expectProblem(.deviceRevoked) { try await lostAfter.unlockWithPIN(deviceId: lostDevice.deviceId, pin: DemoPhone.pin) }
        await expectProblem(.deviceRevoked) { try await lostAfter.approve(action: transfer, deviceId: lostDevice.deviceId) }
        let devices = try server.devices(account: "acct-lost")
        #expect(devices.devices.map(\.deviceId) == [lostDevice.deviceId])
        #expect(devices.devices.first?.revoked == true)

        // The consumed challenge stays consumed.
        let again = try server.respond(to: challenge, response)
        #expect(again.status == 409)
        #expect(ServerProcess.problemCode(again) == .challengeConsumed)

        // The signing key survived too: the old token still verifies, and the device still approves.
        #expect(try server.jwks() == jwksBefore)
        #expect(try server.verifyToken(winner.accessToken).subject == "acct-42")
        let relaunched = DeviceTrustClient(baseURL: server.baseURL, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey)
        let approved = try await relaunched.approve(action: transfer, deviceId: enrolled.deviceId)
        #expect(try server.verifyToken(approved.accessToken).actionSHA256 == (try transfer.canonicalSHA256Hex()))
    }
}

// MARK: - The server process

/// The built `devicetrust` binary: next to the test bundle (Linux: the `.xctest` file's
/// folder; Apple platforms: the `.xctest` bundle's folder), found as `ExecutableTests` does.
private let devicetrustExecutable: URL? = {
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let bundle = Bundle.main.bundleURL
    let folders = [runner, runner.deletingLastPathComponent(), bundle, bundle.deletingLastPathComponent()]
    for folder in folders {
        let candidate = folder.appendingPathComponent("devicetrust")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}()

/// A folder under the temporary directory, removed when the value goes away.
private final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("ServerProcessEndToEndTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Why the server process could not be started.
private struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
}

/// One answer among the concurrent ones.
private struct ConcurrentAnswer: Sendable {
    let status: Int
    let code: ProblemCode?
    let token: TokenResponse?
}

/// `devicetrust serve --port <free port> --data-dir <dir>` as a child process; ``stop()``
/// sends SIGTERM and waits. A watchdog SIGKILLs a child that hangs.
private final class ServerProcess {
    let process: Process
    let port: UInt16
    let baseURL: URL
    let adminKey: String
    private let stopped = Locked(false)

    private init(process: Process, port: UInt16, adminKey: String) {
        self.process = process
        self.port = port
        self.adminKey = adminKey
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
    }

    deinit { stop() }

    /// Starts the server on a free loopback port, retrying with another port when the chosen
    /// one was taken meanwhile; returns once it announced its admin key file.
    static func start(dataDirectory: URL, logFile: URL, attempts: Int = 5) throws -> ServerProcess {
        guard let executable = devicetrustExecutable else {
            throw ServerProcessError(description: "no built devicetrust binary next to the test bundle; run `swift build --build-tests` first")
        }
        var failures: [String] = []
        for _ in 0..<attempts {
            let port = try freeLoopbackPort()
            switch try launch(executable, port: port, dataDirectory: dataDirectory, logFile: logFile) {
            case .running(let server): return server
            case .exited(let reason): failures.append("port \(port): \(reason)")
            }
        }
        throw ServerProcessError(description: "devicetrust serve did not start: " + failures.joined(separator: "; "))
    }

    private enum Launch {
        case running(ServerProcess)
        case exited(String)
    }

    private static func launch(_ executable: URL, port: UInt16, dataDirectory: URL, logFile: URL) throws -> Launch {
        guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
            throw ServerProcessError(description: "cannot create \(logFile.path)")
        }
        let log = try FileHandle(forWritingTo: logFile)
        defer { try? log.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--port", String(port), "--data-dir", dataDirectory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = log
        try process.run()

        // A child that never announces itself is killed, which ends the read below.
        let pid = process.processIdentifier
        let announced = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + 30) {
            if !announced.withLock({ $0 }) { kill(pid, SIGKILL) }
        }
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        let line = String(decoding: received, as: UTF8.self)
        let prefix = "admin key file: "
        guard line.hasPrefix(prefix), line.hasSuffix("\n") else {
            announced.withLock { $0 = true }
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let errors = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
            return .exited("exit \(process.terminationStatus), stdout \(line.debugDescription), stderr \(errors.debugDescription)")
        }
        announced.withLock { $0 = true }
        let keyFile = String(line.dropFirst(prefix.count).dropLast())
        let server: ServerProcess
        do {
            let key = try String(contentsOfFile: keyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            server = ServerProcess(process: process, port: port, adminKey: key)
        } catch {
            process.terminate()
            process.waitUntilExit()
            throw error
        }
        #expect(keyFile == dataDirectory.appendingPathComponent("admin-api-key").path)
        #expect(!line.contains(server.adminKey), "the admin key itself is never printed")
        return .running(server)
    }

    /// Sends SIGTERM and waits for the exit (SIGKILL after 20 s); returns the exit status.
    /// Stopping twice does nothing more.
    @discardableResult
    func stop() -> Int32 {
        let first = stopped.withLock { wasStopped in
            defer { wasStopped = true }
            return !wasStopped
        }
        if first && process.isRunning {
            let pid = process.processIdentifier
            let exited = Locked(false)
            DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
                if !exited.withLock({ $0 }) { kill(pid, SIGKILL) }
            }
            process.terminate()
            process.waitUntilExit()
            exited.withLock { $0 = true }
        } else if process.isRunning {
            process.waitUntilExit()
        }
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    // MARK: HTTP, blocking, over MicroHTTP's loopback client

    func post(_ target: String, _ body: some Encodable, bearer: String? = nil) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient.send(port: port, "POST", target, json: WireCoding.encode(body), bearer: bearer)
    }

    /// What the integrator's backend does: `POST /v1/enrollments` with the admin key, then the
    /// phone enrolls both keys and the PIN through `client`.
    func enroll(_ phone: DemoPhone, with client: DeviceTrustClient, account: String) async throws -> EnrollmentCompleted {
        let answer = try post("/v1/enrollments", EnrollmentRequest(accountId: account), bearer: adminKey)
        guard answer.status == 201 else { throw ServerProcessError(description: "POST /v1/enrollments: HTTP \(answer.status) \(answer.bodyText)") }
        let created = try WireCoding.decode(EnrollmentCreated.self, from: answer.body)
        return try await client.enroll(
            enrollmentId: created.enrollmentId, signingPayload: created.signingPayload, deviceName: "Anna's iPhone",
            platform: .ios, deviceKey: phone.deviceKey, biometricKey: phone.biometricKey, pin: DemoPhone.pin)
    }

    func createChallenge(_ request: ChallengeRequest) throws -> ChallengeCreated {
        let answer = try post("/v1/challenges", request)
        guard answer.status == 201 else { throw ServerProcessError(description: "POST /v1/challenges: HTTP \(answer.status) \(answer.bodyText)") }
        return try WireCoding.decode(ChallengeCreated.self, from: answer.body)
    }

    func respond(to challenge: ChallengeCreated, _ response: Data) throws -> LoopbackHTTPResponse {
        try LoopbackHTTPClient.send(port: port, "POST", "/v1/challenges/\(challenge.challengeId)/response", json: response)
    }

    /// The response body: `key`'s signature over the challenge's payload bytes.
    static func signedResponse(to challenge: ChallengeCreated, with key: any DeviceKey) async throws -> Data {
        let payload = try Base64URL.decode(challenge.signingPayload)
        let signature = SignatureEncoding.encode(try await key.signature(for: payload))
        return try WireCoding.encode(ChallengeResponse(signature: signature))
    }

    static func problemCode(_ answer: LoopbackHTTPResponse) -> ProblemCode? {
        (try? WireCoding.decode(Problem.self, from: answer.body))?.code
    }

    /// Posts `response` `times` times at once, each on its own thread and connection,
    /// released together.
    func respondConcurrently(to challenge: ChallengeCreated, _ response: Data, times: Int) async -> [ConcurrentAnswer] {
        let port = port
        let target = "/v1/challenges/\(challenge.challengeId)/response"
        let answers = Locked<[ConcurrentAnswer]>([])
        let ready = DispatchGroup()
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<times {
            ready.enter()
            done.enter()
            Thread.detachNewThread {
                let client = LoopbackHTTPClient(port: port)
                try? client.open()  // connect before the gate opens; request() connects if this failed
                ready.leave()
                gate.wait()
                let answer: ConcurrentAnswer
                do {
                    let reply = try client.request(
                        method: "POST", target: target, headers: [("Content-Type", "application/json")], body: response)
                    answer = ConcurrentAnswer(
                        status: reply.status, code: Self.problemCode(reply),
                        token: reply.status == 200 ? try? WireCoding.decode(TokenResponse.self, from: reply.body) : nil)
                } catch {
                    answer = ConcurrentAnswer(status: -1, code: nil, token: nil)
                }
                client.close()
                answers.withLock { $0.append(answer) }
                done.leave()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            ready.notify(queue: .global()) {
                for _ in 0..<times { gate.signal() }
                done.notify(queue: .global()) { continuation.resume() }
            }
        }
        return answers.withLock { $0 }
    }

    func jwks() throws -> Data {
        let answer = try LoopbackHTTPClient.send(port: port, "GET", "/.well-known/jwks.json")
        guard answer.status == 200 else { throw ServerProcessError(description: "GET /.well-known/jwks.json: HTTP \(answer.status)") }
        return answer.body
    }

    /// Verifies `token` as an integrator's backend would: with this process's JWKS.
    func verifyToken(_ token: String) throws -> AccessTokenClaims {
        try AccessTokenVerifier(jwks: try jwks(), issuer: "devicetrust", audience: "devicetrust").verify(token)
    }

    func devices(account: String) throws -> DeviceList {
        let answer = try LoopbackHTTPClient.send(port: port, "GET", "/v1/accounts/\(account)/devices", bearer: adminKey)
        guard answer.status == 200 else { throw ServerProcessError(description: "GET devices: HTTP \(answer.status)") }
        return try WireCoding.decode(DeviceList.self, from: answer.body)
    }
}

/// A port nobody listens on right now: bind 127.0.0.1:0, read the port, close.
private func freeLoopbackPort() throws -> UInt16 {
    #if canImport(Glibc)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { throw ServerProcessError(description: "socket() failed: errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw ServerProcessError(description: "bind() failed: errno \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    guard named == 0 else { throw ServerProcessError(description: "getsockname() failed: errno \(errno)") }
    return UInt16(bigEndian: address.sin_port)
}
