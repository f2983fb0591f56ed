// What the end-to-end tests share besides Tests/TestFixtures: the diarygen executable run as
// a person would (DiarygenCommand), a raw HTTP GET for servers they start, and the
// repository's scripts run to their end.
import Foundation
import Testing

/// Runs the real `diarygen` executable, as a person would.
struct DiarygenCommand {
    /// The binary SwiftPM built beside the test bundle.
    static let binary: URL = {
        var folder = Bundle.main.bundleURL
        if folder.pathExtension == "xctest" { folder.deleteLastPathComponent() }
        let candidate = folder.appending(path: "diarygen")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        // The package's own build folder, for runners that put the bundle elsewhere.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: ".build/debug/diarygen")
    }()

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static func run(_ arguments: [String], binary: URL = binary, in folder: URL, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// Starts the binary with its output thrown away, for tests that stop it part of the way.
    static func start(_ arguments: [String], in folder: URL) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// A plain HTTP/1.1 GET over a socket, so the path reaches the server exactly as written.
/// `hostHeader` is what the request says it is addressed to.
func rawGET(port: Int, path: String, host: String = "127.0.0.1", hostHeader: String = "127.0.0.1") throws -> (status: Int, body: String) {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socketFD) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr(host)
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { throw CocoaError(.fileReadUnknown) }
    // Never hang a test on a server that stops answering.
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socketFD, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let request = "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n\r\n"
    _ = request.withCString { write(socketFD, $0, strlen($0)) }
    var response = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(socketFD, &buffer, buffer.count)
        if count <= 0 { break }
        response.append(contentsOf: buffer[0..<count])
    }
    let text = String(decoding: response, as: UTF8.self)
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    return (status, body)
}

/// The repository's folder, for tests that run its scripts or read its documents.
let repository = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs a program other than diarygen (one of the repository's scripts, dpkg-deb, ldd)
/// to its end; its standard output and error together. `environment` nil keeps this one's.
@discardableResult
func runProgram(_ executable: String, _ arguments: [String], in folder: URL = repository,
                environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(filePath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = folder
    if let environment { process.environment = environment }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

/// Runs one of the repository's Chromium scripts (scripts/check-search, scripts/check-sealed),
/// which print a JSON object a line; requires it to succeed, and decodes each line.
func chromiumLines<Line: Decodable>(_ script: String, _ arguments: [String], as: Line.Type) throws -> [Line] {
    let process = Process()
    process.executableURL = repository.appending(path: "scripts/" + script)
    process.arguments = arguments
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "scripts/\(script) failed (\(process.terminationStatus)): \(messages)")
    return try data.split(separator: UInt8(ascii: "\n")).map { try JSONDecoder().decode(Line.self, from: Data($0)) }
}
