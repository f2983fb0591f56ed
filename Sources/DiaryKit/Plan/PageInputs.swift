/// What pages are made from, hashed: whenever one of these changes, every page
/// that shows it is made again, and no other.
extension Fingerprint {
    /// Every field of an entry: what any page showing it can be made from.
    mutating func add(entry: Entry) {
        add(entry.source.contentPath)
        add(metadata: entry.metadata)
        add(entry.body.htmlFingerprint.value)
        add(entry.body.words)
        add(entry.body.excerptFingerprint.value)
        add((entry.body.hasFootnotes ? 1 : 0) + (entry.body.hasTables ? 2 : 0) + (entry.isPublished ? 4 : 0))
        strings(entry.linkedAssets)
        entry.photos.forEach { add($0.key) }
    }

    mutating func add(metadata: EntryMetadata) {
        add(metadata.date.dayNumber)
        add(metadata.secondsIntoDay ?? -1)
        add(metadata.utcOffset ?? Int.min)
        optional(metadata.mood?.id)
        optional(metadata.title)
        strings(metadata.tags)
        add(metadata.visibility.rawValue)
        add(metadata.reviews.count)
        for review in metadata.reviews {
            add(review.kind.rawValue); add(review.title); optional(review.by)
            add(review.rating.map { Int($0 * 2) } ?? -1); add(review.finished?.dayNumber ?? Int.min); optional(review.cover)
        }
    }

    mutating func add(moods: MoodScale) {
        for mood in moods.moods {
            add(mood.id); add(mood.label); add(mood.emoji); add(mood.color); add(String(mood.score))
        }
    }

    /// Every setting of diarygen.yml but the moods, which `add(moods:)` takes as
    /// they are shown (a label left out there comes from the site's words).
    mutating func add(config: SiteConfig) {
        optional(config.title)
        optional(config.baseURL)
        add(config.localeIdentifier)
        add(config.timeZone.identifier)
        add(config.weekStart)
        optional(config.publishTarget)
        add(config.moodIcons.rawValue)
        strings(config.insightsIgnored)
    }

    /// Every file of the theme and every word of the site's language.
    mutating func add(theme: Theme, translations: Translations) {
        add(theme.name)
        for (path, text) in theme.files.sorted(by: { $0.key < $1.key }) { add(path); add(text) }
        for (key, text) in translations.strings.sorted(by: { $0.key < $1.key }) { add(key); add(text) }
        for (key, forms) in translations.plurals.sorted(by: { $0.key < $1.key }) {
            add(key)
            for category in PluralCategory.allCases { optional(forms[category]) }
        }
        add(translations.pluralRule.language)
    }
}
