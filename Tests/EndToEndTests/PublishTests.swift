// `diarygen build --public` and `diarygen publish` run as processes, and the public site
// served under a sub-path by nginx and crawled. The author's build of the same diary: BuildTests.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DiaryKit
import TestFixtures

func buildPublic(_ site: TestSite, arguments: [String] = []) throws -> URL {
    let result = try DiarygenCommand.run(["build", "--public", "--today", "2025-04-02"] + arguments, in: site.folder)
    #expect(result.status == 0, "\(result.stderr)")
    return site.folder.appending(path: "public")
}

@Suite struct VisibilityTests {
    @Test func nothingPrivateOrMoodOnlyReachesThePublicBuild() throws {
        let site = visibilityDiary()
        let output = try buildPublic(site)
        let files = try snapshot(output)
        #expect(!files.isEmpty)
        let forbidden = ["defaultmarker", "defaulttag", "defaultpicture", "defaultfilename",
                         "privatemarker", "privatetag", "privatepicture", "privatefilename", "unreferencedpicture"]
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            for marker in forbidden {
                #expect(!path.lowercased().contains(marker), "\(path) is named with \(marker)")
                #expect(!text.contains(marker), "\(path) contains \(marker)")
            }
        }
        // The public entry is there in full, with its picture.
        let day = String(decoding: try #require(files["2025/03/01/index.html"]), as: UTF8.self)
        #expect(day.contains("Openmarker body."))
        #expect(day.contains("opentag"))
        #expect(day.contains("srcset=\"../../../media/2025/03/openpicture."))
        // Shown through the images made from it; the original is never published.
        #expect(files.keys.contains { $0.hasPrefix("media/2025/03/openpicture.") && $0.hasSuffix(".webp") })
        #expect(files["media/2025/03/openpicture.png"] == nil)
        // The link to a mood-only entry leads nowhere rather than to a missing page.
        #expect(day.contains("<a href=\"#\">a mood-only day</a>"))
        // The mood-only day counts, without a page; the private day does not exist.
        #expect(files["2025/03/02/index.html"] == nil)
        #expect(files["2025/03/03/index.html"] == nil)
        #expect(files["2025/04/index.html"] == nil)
        let calendar = String(decoding: try #require(files["2025/03/index.html"]), as: UTF8.self)
        let moodOnly = try #require(slice(calendar, from: "<td data-date=\"2025-03-02\"", to: "</td>"))
        #expect(moodOnly.contains("data-mood=\"bad\""))
        #expect(!moodOnly.contains("href"))
        let privateDay = try #require(slice(calendar, from: "<td data-date=\"2025-03-03\"", to: "</td>"))
        #expect(!privateDay.contains("data-mood"))
        let json = String(decoding: try #require(files["2025/03/recap.json"]), as: UTF8.self)
        #expect(json.contains("\"entries\": 2,"))
        #expect(json.contains("\"moods\": {\"great\": 1, \"good\": 0, \"okay\": 0, \"bad\": 1, \"awful\": 0},"))
        #expect(json.contains("\"tags\": {\"opentag\": 1}"))
    }

    @Test func makingAnEntryPrivateRemovesItOnTheNextBuild() throws {
        let site = visibilityDiary()
        let output = try buildPublic(site)
        #expect(FileManager.default.fileExists(atPath: output.appending(path: "2025/03/01/index.html").path))
        site.write("content/2025/03/2025-03-01-openfilename.md", "---\nmood: great\nprivate: true\ntitle: \"Openmarker title\"\n---\nOpenmarker body. ![a picture](openpicture.png)\n")
        _ = try buildPublic(site)
        let files = try snapshot(output)
        #expect(files["2025/03/01/index.html"] == nil)
        #expect(files["media/2025/03/openpicture.png"] == nil)
        for (path, bytes) in files {
            #expect(!String(decoding: bytes, as: UTF8.self).lowercased().contains("openmarker"), "\(path) still shows the entry")
        }
        let calendar = String(decoding: try #require(files["2025/03/index.html"]), as: UTF8.self)
        #expect(!(try #require(slice(calendar, from: "<td data-date=\"2025-03-01\"", to: "</td>"))).contains("data-mood"))
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let first = visibilityDiary(), second = visibilityDiary()
        second.write("content/2025/03/2025-03-05.md", "---\nmood: okay\n---\n")
        try FileManager.default.removeItem(at: second.folder.appending(path: "content/2025/03/2025-03-05.md"))
        #expect(try snapshot(try buildPublic(first)) == snapshot(try buildPublic(second)))
        #expect(try DiarygenCommand.run(["build", "--public", "--today", "2025-04-02"], in: first.folder).stdout.contains("0 written"))
    }

    @Test func feedAndSitemapAreXMLWithAbsoluteAddresses() throws {
        let site = visibilityDiary()
        site.write("content/2025/01/2025-01-05.md", "---\nmood: good\npublic: true\n---\nJanuary.\n")
        let output = try buildPublic(site)
        for name in ["feed.xml", "sitemap.xml"] {
            let data = try #require(FileManager.default.contents(atPath: output.appending(path: name).path))
            let parser = XMLParser(data: data)
            #expect(parser.parse(), "\(name) is not well-formed XML: \(String(describing: parser.parserError))")
        }
        let feed = try #require(String(data: FileManager.default.contents(atPath: output.appending(path: "feed.xml").path)!, encoding: .utf8))
        let ids = feed.matches(of: /<entry>\n<title>([^<]*)<\/title>\n<link href="([^"]*)"\/>\n<id>([^<]*)<\/id>\n<updated>([^<]*)<\/updated>/)
        #expect(ids.map { String($0.1) } == ["Recap of March 2025", "Recap of January 2025"])
        #expect(ids.map { String($0.2) } == ["https://example.org/me/2025/03/recap/", "https://example.org/me/2025/01/recap/"])
        #expect(ids.map { String($0.4) } == ["2025-03-02T00:00:00Z", "2025-01-05T00:00:00Z"])
        #expect(feed.contains("<updated>2025-03-02T00:00:00Z</updated>\n<author>"))
        let sitemap = try #require(String(data: FileManager.default.contents(atPath: output.appending(path: "sitemap.xml").path)!, encoding: .utf8))
        let locations = sitemap.matches(of: /<loc>([^<]*)<\/loc>/).map { String($0.1) }
        #expect(locations.contains("https://example.org/me/"))
        #expect(locations.contains("https://example.org/me/2025/03/01/"))
        #expect(!locations.contains("https://example.org/me/2025/03/02/"))
        #expect(locations.allSatisfy { $0.hasPrefix("https://example.org/me/") })
        #expect(locations.count == Set(locations).count)
        let robots = try #require(String(data: FileManager.default.contents(atPath: output.appending(path: "robots.txt").path)!, encoding: .utf8))
        #expect(robots.contains("Sitemap: https://example.org/me/sitemap.xml"))
        let notFound = try #require(String(data: FileManager.default.contents(atPath: output.appending(path: "404.html").path)!, encoding: .utf8))
        #expect(notFound.contains("href=\"/me/style.css\""))
    }

    @Test func theBaseURLOptionWins() throws {
        let site = visibilityDiary()
        let output = try buildPublic(site, arguments: ["--base-url", "https://diary.example.net"])
        let sitemap = try String(contentsOf: output.appending(path: "sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://diary.example.net/</loc>"))
    }
}

@Suite(.serialized) struct PublishCommandTests {
    @Test func publishingToAFolderMirrorsThePublicBuildAndTheSecondTimeSendsNothing() throws {
        let site = visibilityDiary()
        let host = site.folder.appending(path: "host/www")
        let first = try DiarygenCommand.run(["publish", "--to", host.path], in: site.folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("uploaded: 2025/03/recap/index.html"))
        var published = try snapshot(host)
        var built = try snapshot(site.folder.appending(path: "public"))
        built[SiteWriter.manifestName] = nil
        #expect(published.removeValue(forKey: Publisher.markerName) != nil)
        #expect(published == built)
        // A page that is gone from the site goes from the host too.
        site.write("host/www/stale.html", "old")
        let second = try DiarygenCommand.run(["publish", "--to", host.path], in: site.folder)
        #expect(second.status == 0)
        #expect(second.stdout.hasSuffix("0 files uploaded, 1 deleted, on \(host.path).\n"), "\(second.stdout)")
        #expect(second.stdout.contains("deleted: stale.html"))
        // A change travels alone; a dry run changes nothing.
        site.write("content/2025/03/2025-03-20.md", "---\nmood: okay\n---\n")
        let dry = try DiarygenCommand.run(["publish", "--to", host.path, "--dry-run"], in: site.folder)
        #expect(dry.stdout.contains("would upload: 2025/03/index.html"))
        published = try snapshot(host)
        built = try snapshot(site.folder.appending(path: "public"))
        #expect(published["2025/03/index.html"] != built["2025/03/index.html"])
    }

    @Test func publishingWithoutATargetOrRsyncIsRefused() throws {
        let site = visibilityDiary()
        let noTarget = try DiarygenCommand.run(["publish"], in: site.folder, environment: ["NO_COLOR": "1"])
        #expect(noTarget.status == 1)
        #expect(noTarget.stderr.contains("where to?"))
        let noRsync = try DiarygenCommand.run(["publish", "--to", "/tmp/x"], in: site.folder, environment: ["PATH": "/nonexistent", "NO_COLOR": "1"])
        #expect(noRsync.status == 1)
        #expect(noRsync.stderr.contains("rsync is not installed"))
        #expect(noRsync.stderr.contains("apt-get install rsync"))
    }
}

@Suite(.serialized) struct SubPathHostingTests {
    static let nginx: String? = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func thePublicSiteUnderASubPathHasNoBrokenLink() throws {
        let nginx = try #require(SubPathHostingTests.nginx, "nginx is not installed: scripts/test installs it")
        let site = visibilityDiary()
        for day in 4...9 { site.write("content/2025/03/2025-03-0\(day).md", "---\nmood: good\npublic: true\n---\n[first](2025-03-01-openfilename.md)\n") }
        let output = try buildPublic(site)
        let port = try freePort()
        let work = site.folder.appending(path: "nginx")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let config = """
        daemon off;
        master_process off;
        pid \(work.path)/nginx.pid;
        error_log \(work.path)/error.log;
        events {}
        http {
          include /etc/nginx/mime.types;
          access_log off;
          client_body_temp_path \(work.path)/body;
          proxy_temp_path \(work.path)/proxy;
          fastcgi_temp_path \(work.path)/fastcgi;
          uwsgi_temp_path \(work.path)/uwsgi;
          scgi_temp_path \(work.path)/scgi;
          server {
            listen 127.0.0.1:\(port);
            location /me/ { alias \(output.path)/; index index.html; error_page 404 /me/404.html; }
          }
        }
        """
        try config.write(to: work.appending(path: "nginx.conf"), atomically: true, encoding: .utf8)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: nginx)
        server.arguments = ["-p", work.path, "-c", work.appending(path: "nginx.conf").path]
        server.standardError = FileHandle.nullDevice
        try server.run()
        // nginx without a master process does not always stop on SIGTERM.
        defer { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() }
        var ready = false
        for _ in 0..<100 where !ready {
            ready = (try? rawGET(port: port, path: "/me/"))?.status == 200
            if !ready { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(ready, "nginx did not start")

        // Crawl every page reachable from /me/.
        var queue = ["/me/"], seen: Set<String> = ["/me/"], broken: [String] = []
        while let path = queue.popLast() {
            let response = try rawGET(port: port, path: path)
            guard response.status == 200 else {
                broken.append("\(path) → \(response.status)")
                continue
            }
            guard path.hasSuffix("/") || path.hasSuffix(".html") else { continue }
            let base = URL(string: "http://127.0.0.1:\(port)\(path)")!
            for match in response.body.matches(of: /(?:href|src)="([^"#]*)(?:#[^"]*)?"/) {
                let link = String(match.1)
                guard !link.isEmpty, let url = URL(string: link, relativeTo: base)?.absoluteURL, url.host == "127.0.0.1" else { continue }
                let target = url.path(percentEncoded: true)
                #expect(target.hasPrefix("/me/"), "\(path) links outside the sub-path: \(link)")
                if seen.insert(target).inserted { queue.append(target) }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken)")
        #expect(seen.count > 12)
        #expect(seen.contains("/me/2025/03/recap/moods.svg"))
        // The 404 page's own links work from any depth.
        let missing = try rawGET(port: port, path: "/me/2025/03/nothing/here/")
        #expect(missing.status == 404)
        #expect(missing.body.contains("href=\"/me/style.css\""))
    }
}

func freePort() throws -> Int {
    let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socketFD) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}
