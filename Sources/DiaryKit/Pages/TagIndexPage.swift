import Foundation
import Mustache

/// The tags' index (`tags/`): every tag with its count and a bar of its moods.
extension SitePages {
    func tagIndexContext(_ stats: TagStats) -> TemplateFields {
        let root = "../"
        return [
            "tags": .list(stats.tags.map { tag in
                [
                    "name": .text(tag.name), "href": .text(root + SitePaths.href(SitePaths.tag(folder: tag.folder))),
                    "entries": .text(words.counted("n_entries", tag.entries.count)),
                    "moods": tagMoods(tag),
                ]
            }),
            "hasTags": .flag(!stats.tags.isEmpty),
        ]
    }

    /// A tag's moods as a bar and in words: each mood it has, with its count, then
    /// the entries without one.
    func tagMoods(_ tag: TagStats.Tag) -> TemplateValue {
        var bar: [TemplateValue] = [], text: [String] = []
        for (mood, count) in zip(diary.moods.moods, tag.moodCounts) where count > 0 {
            bar.append(["color": .text(mood.color), "icon": .text(moodIcon(mood)), "count": .text(String(count)), "label": .text(mood.label)])
            text.append("\(mood.label) \(count)")
        }
        if tag.withoutMood > 0 {
            bar.append(["color": "var(--card)", "icon": "•", "count": .text(String(tag.withoutMood)), "label": .text(words["without_mood"])])
            text.append("\(words["without_mood"]) \(tag.withoutMood)")
        }
        return ["bar": .list(bar), "text": .text(text.joined(separator: ", "))]
    }
}
