import Foundation

/// `diarygen init`: a new site folder with a diarygen.yml that shows every setting
/// at its default, commented out, and a .gitignore for what builds make. The
/// example entry beside them is `NewEntry`'s, with `exampleTitle` and `exampleBody`.
public enum NewSite {
    public struct Refused: Error, CustomStringConvertible {
        public let description: String
    }

    /// A note app's folder a new site reads as it is (`init --obsidian PATH`).
    public struct NoteFolder: Sendable {
        public let app: NoteApp
        public let url: URL

        public init(app: NoteApp, url: URL) {
            self.app = app
            self.url = url.standardizedFileURL
        }
    }

    /// Makes the folder (and the folders above it) if it is not there, and writes
    /// diarygen.yml and .gitignore into it. Refuses a folder that holds anything, so
    /// nothing a person made is ever overwritten. Over a note app's folder, content/ is a
    /// link to it and diarygen.yml says `notes: {from: APP}`: nothing in the vault is
    /// moved or written. Returns the files written.
    public static func create(_ site: SiteFolder, over notes: NoteFolder? = nil) throws(Refused) -> [URL] {
        if let notes { try check(notes, for: site) }
        let path = site.url.path
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw Refused(description: "\(path) is a file; diarygen init makes a new site in an empty or new folder") }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
            } catch {
                throw Refused(description: "cannot read \(path): \(error.localizedDescription)")
            }
            guard names.isEmpty else {
                let shown = names.prefix(3).joined(separator: ", ") + (names.count > 3 ? ", …" : "")
                throw Refused(description: "\(path) is not empty (it holds \(shown)); diarygen init makes a new site in an empty or new folder, "
                    + "so that nothing there is overwritten")
            }
        } else {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw Refused(description: "cannot make the folder \(path): \(error.localizedDescription)")
            }
        }
        let config = notes.map { "notes: {from: \($0.app.rawValue)}\n\n" } ?? ""
        let files = [(site.config, config + commentedConfig()), (site.url.appending(path: ".gitignore"), gitignore)]
        for (url, text) in files {
            do throws(WriteFailure) {
                // Made a moment ago or found empty: something there now was put there meanwhile, and stays.
                guard try FileWriting.createNew(Array(text.utf8), at: url.path) else {
                    throw WriteFailure(path: url.path, reason: "something else made this file meanwhile")
                }
            } catch {
                throw Refused(description: error.description)
            }
        }
        guard let notes else { return files.map(\.0) }
        do {
            try FileManager.default.createSymbolicLink(atPath: site.content.path, withDestinationPath: realPath(notes.url.path))
        } catch {
            throw Refused(description: "cannot make \(site.content.path) a link to \(notes.url.path): \(error.localizedDescription)")
        }
        return files.map(\.0) + [site.content]
    }

    /// A vault or graph a site can be made over: a folder, with a Logseq graph's journals,
    /// and not around the site folder (whose builds would land in it, and loop).
    private static func check(_ notes: NoteFolder, for site: SiteFolder) throws(Refused) {
        var isFolder: ObjCBool = false
        let path = notes.url.path
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw Refused(description: "\(path) is not a folder; give the folder of your \(notes.app == .obsidian ? "Obsidian vault" : "Logseq graph")")
        }
        if notes.app == .logseq, !FileManager.default.fileExists(atPath: path + "/journals") {
            throw Refused(description: "\(path) has no journals/ folder, where a Logseq graph keeps its days; give the graph's folder")
        }
        if isInside(realPath(site.url.path), realPath(path)) {
            throw Refused(description: "\(site.url.path) is inside \(path); make the site folder beside it, so the site is not built into your notes")
        }
    }

    public static let exampleTitle = "The first page"

    public static let exampleBody = """
        This is an example entry. The lines between the two `---` at the top say its date and
        mood, and may add a title and tags; below them, write your day in Markdown.

        Start the next entry with `diarygen new --mood good`, and watch the site as you write
        with `diarygen serve`.

        """

    /// What a build or preview makes in the site folder: made again from content/, so not for git.
    static let gitignore = """
        # What diarygen builds from content/: made again on every build.
        /site/
        /public/
        /sealed/
        /\(SiteFolder.cacheName)/

        """

    /// diarygen.yml as `init` writes it: every key of `SiteConfig.keys` with its
    /// default (or an example where there is none), commented out, so the file means
    /// exactly what no file would, and uncommenting a line changes only that setting.
    static func commentedConfig(timeZone: TimeZone = SiteConfig.machineTimeZone()) -> String {
        let defaults = SiteConfig()
        let moods = SiteConfig.defaultMoods.map { mood in
            let score = decimalText(mood.score, maxFractionDigits: 3)
            let padding = String(repeating: " ", count: max(0, 5 - mood.id.count))
            return "#   - {id: \(mood.id),\(padding) emoji: \(doubleQuoted(mood.emoji)), color: \(doubleQuoted(mood.color)), score: \(score)}"
        }
        let weekStart = SiteConfig.weekdayNames[defaults.weekStart - 1]
        let dateOrder = defaults.dateOrder ?? .dmy
        return """
            # diarygen.yml, this diary's settings. Every key is optional: each one below
            # is shown at its default (or with an example where there is none) and
            # commented out. Remove the "# " in front of a setting to change it.

            # The site's name, in every page's header and in the feed
            # (default: "My diary" in the site's language).
            # title: My diary

            # The site's address; feed.xml and sitemap.xml are made only with it
            # (default: none; `--base-url` gives it too).
            # base_url: https://example.org/diary/

            # Month and weekday names, the site's language (English and Korean ship:
            # en_US, ko_KR) and the first day of the week.
            # locale: \(defaults.localeIdentifier)

            # Where "today" is, for `diarygen new`, `recap` and the home page
            # (default: this machine's time zone).
            # timezone: \(timeZone.identifier)

            # The first column of the calendars (default: the locale's; \(weekStart) for \(defaults.localeIdentifier)).
            # week_starts_on: \(weekStart)

            # For file names with the year last, such as 05-01-2021.md: dmy reads 5 January,
            # mdy 1 May (default: the locale's; \(dateOrder.rawValue) for \(defaults.localeIdentifier)).
            # date_order: \(dateOrder.rawValue)

            # The moods, in the order charts and legends show them: an id, an emoji, a
            # colour (#rrggbb) and a score each, and if you want them a `label` (without
            # it, the label is taken from the site's language) and `aliases`, other words
            # or numbers your entries write the mood as: aliases: [rad, "10"].
            # moods:
            \(moods.joined(separator: "\n"))

            # An entry without a mood: `true` makes it an error, `false` lets it be
            # (default: unset, and `check` warns about it).
            # mood_required: true

            # How the site looks: default, paper (a warm journal with a serif face) or
            # night (high contrast, dark by design); a file templates/themes/NAME.css of
            # your own is a theme too.
            # theme: paper

            # emoji, or faces: moods drawn as faces in their colours, needing no emoji font.
            # mood_icons: faces

            # Numbers in your front-matter (sleep: 7.5) are set beside your moods on the
            # insights page; keys listed here are left out (default: none).
            # insights: {ignore: [weight]}

            # A calendar of reminders a phone can subscribe to (reminders.ics): every day
            # at `daily`, and on the 1st of each month at `recap`; `public: true`
            # publishes it with the public site too (default: no reminders).
            # reminders: {daily: "21:30", recap: "09:00", public: false}

            # Photos are shown as images made from them, at these widths (never wider
            # than the photo, never a side over 2560 px), with no location or camera
            # left in them; `originals: false` keeps the originals out of your own site
            # too (the public site never has them).
            # photos: {widths: [480, 960, 1600], quality: 80, originals: true}

            # content/ as a note app keeps it: `from: obsidian` (a vault: the notes whose
            # names hold a date are the entries) or `from: logseq` (a graph: its
            # journals/ are); `[[links]]`, `![[embeds]]` and `#tags` are read in any
            # diary, and `inline_tags: false` keeps `#tags` in the text out of the
            # entries' tags (default: none, and true).
            # notes: {from: obsidian, inline_tags: true}

            # Where `diarygen publish` mirrors the public site with rsync: a folder or
            # user@host:path (default: none; `--to` gives it too).
            # publish:
            #   target: me@example.org:www/diary

            """
    }
}
