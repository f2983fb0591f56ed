/// The reviews a build shows, from the entries whose words it shows: grouped by
/// kind and year for the shelf, counted for a month's recap.
public struct ReviewShelf: Sendable {
    /// A review with the entry it was written in.
    public struct Item: Sendable {
        public let review: Review
        public let entry: Entry
        /// Its cover as pages link it (see `Entry.reviewCovers`).
        public let cover: String?
        /// The day it counts on: when it was finished, else the entry's day.
        public var date: CivilDate { review.finished ?? entry.date }
    }

    public struct Shelf: Sendable {
        public let kind: Review.Kind
        /// Newest year first, each year's reviews newest first.
        public let years: [(year: Int, items: [Item])]
    }

    public let items: [Item]

    public init<S: Sequence>(entries: S) where S.Element == Entry {
        items = entries.filter(\.isPublished).flatMap { entry in
            entry.reviews.enumerated().map { index, review in
                Item(review: review, entry: entry, cover: index < entry.reviewCovers.count ? entry.reviewCovers[index] : nil)
            }
        }
    }

    /// One shelf per kind that has reviews, in the order kinds are listed.
    public var shelves: [Shelf] {
        Review.Kind.allCases.compactMap { kind in
            let ofKind = items.filter { $0.review.kind == kind }
            guard !ofKind.isEmpty else { return nil }
            let byYear = Dictionary(grouping: ofKind) { $0.date.year }
            return Shelf(kind: kind, years: byYear.keys.sorted(by: >).map { year in
                (year, byYear[year]!.sorted { $0.date != $1.date ? $0.date > $1.date : $0.review.title < $1.review.title })
            })
        }
    }

    /// How many of each kind, in the order kinds are listed, kinds without one left out.
    public var counts: [(kind: Review.Kind, count: Int)] {
        Review.Kind.allCases.compactMap { kind in
            let count = items.count { $0.review.kind == kind }
            return count > 0 ? (kind, count) : nil
        }
    }

    /// The mean of the ratings given; nil when none was.
    public var averageRating: Double? {
        let ratings = items.compactMap(\.review.rating)
        return ratings.isEmpty ? nil : ratings.reduce(0, +) / Double(ratings.count)
    }
}
