import Testing
@testable import DiaryKit

/// The entries' records are kept in the order of their paths and found by it.
@Suite struct PathOrderedRecordsTests {
    @Test func recordsAreFoundByPathWithOrWithoutAHint() {
        var records = PathOrderedRecords<Int>()
        for (number, path) in ["2024/12/2024-12-31.md", "2025/01/2025-01-01.md", "2025/01/2025-01-02.md"].enumerated() {
            let appended = records.append(path, number)
            #expect(appended)
        }
        #expect(records["2025/01/2025-01-01.md"] == 1)
        #expect(records["2025/01/2025-01-03.md"] == nil)
        #expect(records.place(of: "2025/01/2025-01-02.md", hint: 2) == 2)
        // A wrong hint, or one past the end, is only where the looking starts.
        #expect(records.place(of: "2024/12/2024-12-31.md", hint: 2) == 0)
        #expect(records.place(of: "2025/01/2025-01-02.md", hint: 7) == 2)
        #expect(records.place(of: "2025/01/2025-01-03.md", hint: 2) == nil)
    }

    @Test func aPathBeforeTheLastIsNotAppended() {
        var records = PathOrderedRecords<Int>()
        let first = records.append("b.md", 1)
        let before = records.append("a.md", 2)
        let same = records.append("b.md", 3)
        #expect(first && !before && same)
        #expect(records.paths == ["b.md", "b.md"])
    }

    @Test func changesKeepThePathsInOrder() {
        var records = PathOrderedRecords<Int>()
        _ = records.append("b.md", 2)
        _ = records.append("d.md", 4)
        records.set(1, for: "a.md")
        records.set(3, for: "c.md")
        records.set(5, for: "e.md")
        records.set(40, for: "d.md")
        records.set(nil, for: "b.md")
        records.set(nil, for: "z.md")
        #expect(records.paths == ["a.md", "c.md", "d.md", "e.md"])
        #expect(records.paths.map { records[$0] } == [1, 3, 40, 5])
        #expect(records.count == 4)
    }
}
