import Mustache

/// The trophies (`trophies/`): those earned, newest first, each with the day it was
/// earned on, and the next ones with how far the diary has come. Day pages and
/// recaps show the trophies of their day and month in the same words.
extension SitePages {
    func trophiesContext() -> TemplateFields {
        let root = SitePaths.root(of: SitePaths.page(SitePaths.trophies))
        let earned = trophies.earned.reversed().map { trophyContext($0, root: root) }
        return [
            "earned": earned.isEmpty ? .flag(false) : ["trophies": .list(earned)],
            "earnedCount": .text(words.counted("n_trophies", earned.count)),
            "next": .list(trophies.next.map(progressContext)),
            "hasNext": .flag(!trophies.next.isEmpty),
        ]
    }

    /// A trophy in a list: what it is, and the day it was earned on, linked when that
    /// day has a page in this build.
    func trophyContext(_ trophy: Trophy, root: String) -> TemplateValue {
        let (name, text) = trophyWords(trophy.kind)
        // The date sits inside the sentence where the language puts it.
        let sentence = words["trophy_earned_on"].components(separatedBy: "{date}")
        var context: TemplateFields = [
            "id": .text(trophy.kind.id),
            "icon": .text(trophy.kind.icon),
            "name": .text(name),
            "text": .text(text),
            "date": .text(trophy.day.description),
            "dateTitle": .text(names.title(of: trophy.day)),
            "earnedBefore": .text(sentence[0]),
            "earnedAfter": .text(sentence.dropFirst().joined()),
        ]
        if diary.day(trophy.day)?.hasPage == true { context["href"] = .text(root + SitePaths.day(trophy.day)) }
        return .object(context)
    }

    /// The trophies earned in `month` or on one day, as day pages and recaps list them.
    /// A day page names no date: it is the page's own.
    func trophyList(_ earned: [Trophy], root: String, onDay: Bool = false) -> TemplateValue {
        earned.isEmpty ? .flag(false) : ["trophies": .list(earned.map { trophyContext($0, root: root) }), "onDay": .flag(onDay)]
    }

    private func progressContext(_ progress: TrophyCase.Progress) -> TemplateValue {
        let (name, text) = trophyWords(progress.kind, earned: false)
        let counted = switch progress.kind {
        case .entries: "progress_entries"
        case .fullYear: "progress_months"
        case .streak, .fullMonth, .firstOfYear: "progress_days"
        }
        return [
            "id": .text(progress.kind.id),
            "icon": .text(progress.kind.icon),
            "name": .text(name),
            "text": .text(text),
            "done": .text(String(progress.done)),
            "goal": .text(String(progress.goal)),
            "progress": .text(words.counted(counted, progress.goal, ["done": String(progress.done)])),
        ]
    }

    /// A trophy's name and its one line, in the site's language.
    /// `earned` says how it was earned; otherwise the line says how to earn it.
    func trophyWords(_ kind: Trophy.Kind, earned: Bool = true) -> (name: String, text: String) {
        let (key, values): (String, [String: String]) = switch kind {
        case .streak(let days): ("trophy_streak_\(days)", [:])
        case .entries(let count): ("trophy_entries_\(count)", [:])
        case .fullMonth(let month): ("trophy_full_month", ["month": names.title(of: month)])
        case .fullYear(let year): ("trophy_full_year", ["year": String(year)])
        case .firstOfYear(let year): ("trophy_first_of_year", ["year": String(year)])
        }
        return (words.format(key, values), words.format(key + (earned ? "_text" : "_goal"), values))
    }
}

extension Trophy.Kind {
    /// Names it in pages' anchors and in page inputs: `streak-7`, `month-2026-10`.
    var id: String {
        switch self {
        case .streak(let days): "streak-\(days)"
        case .entries(let count): "entries-\(count)"
        case .fullMonth(let month): "month-\(month)"
        case .fullYear(let year): "year-\(year)"
        case .firstOfYear(let year): "first-\(year)"
        }
    }

    /// Shown beside its name; its words say what it is.
    var icon: String {
        switch self {
        case .streak: "🔥"
        case .entries: "📚"
        case .fullMonth: "🌕"
        case .fullYear: "🌳"
        case .firstOfYear: "🌱"
        }
    }
}
