/// A book, film or show reviewed in an entry's front-matter (`review:`).
public struct Review: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case book, movie, show, other
    }

    public let kind: Kind
    public let title: String
    /// The author, director or maker.
    public let by: String?
    /// 0 to 5 in half steps.
    public let rating: Double?
    public let finished: CivilDate?
    /// A relative image, as written; the build copies it and points at the copy.
    public let cover: String?

    public init(kind: Kind, title: String, by: String? = nil, rating: Double? = nil, finished: CivilDate? = nil, cover: String? = nil) {
        self.kind = kind
        self.title = title
        self.by = by
        self.rating = rating
        self.finished = finished
        self.cover = cover
    }
}
