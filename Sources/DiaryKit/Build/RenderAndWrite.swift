import Foundation
import Mustache

extension SiteBuild {
    /// Files made, sealed and written a batch at a time: a diary of a hundred years
    /// makes half a gigabyte of pages, which no longer wait in memory for the last one.
    static let batchSize = 2048

    /// The index, render, seal and write phases: the search index made (a rebuild's few pages
    /// beside it), then its files rendered and written first, so that it is let go before the
    /// pages; then, taking turns batch after batch, the pages of `plan` whose inputs changed
    /// (unless made already), those left as the last build made them, the photos' files and
    /// (sealed) the reader's. What the site holds is settled before the first file is
    /// written. The time of each phase is told once, summed.
    static func renderAndWrite(_ options: Options, cache: BuildCache?, plan: PagePlan, media: [OutputFile], reading: Reading, config: SiteConfig,
                               today: CivilDate, previousPages: [String: BuildCache.PageRecord],
                               sealed: SealedSite?, located: (String) -> String) throws -> ([BuildCache.MadePage], SiteWriter.WrittenFiles) {
        let totals = PhaseTotals()
        defer { totals.tell(options.phaseTimer) }
        let index = plan.files.filter(\.kind.isSearchIndex)
        // Each page looked up once among those on disk: a rebuild makes a few of thousands.
        var (pagesToMake, unchangedPages) = ([PagePlan.File](), [PagePlan.File]())
        for file in plan.files where !file.kind.isSearchIndex {
            if file.isCurrent(previousPages) { unchangedPages.append(file) } else { pagesToMake.append(file) }
        }
        let makeIndex = { @Sendable in
            BuildPhase.index.run(timer: options.phaseTimer) {
                MadeSearchIndex(diary: reading.diary, plan: plan, previousPages: previousPages, cache: cache, audience: options.audience)
            }
        }
        // With every page as the last build made it, nothing is laid out: no template is
        // read, and no pages' maker made. A template that cannot be read stops the build
        // before anything is written.
        let templates = { @Sendable [pagesToMake] () throws -> TemplateLibrary? in
            guard !pagesToMake.isEmpty || sealed != nil else { return nil }
            return try BuildPhase.render.run(timer: totals.add) { try SitePages.templates(reading.theme, words: reading.translations) }
        }
        // Nil with no page to make.
        let pagesMaker = { @Sendable [pagesToMake] (templates: TemplateLibrary) throws -> SitePages.Maker? in
            guard !pagesToMake.isEmpty else { return nil }
            return try BuildPhase.render.run(timer: totals.add) {
                let names = cache?.dateNames(localeIdentifier: config.localeIdentifier, days: reading.diary.dateRange)
                    ?? DateNames(localeIdentifier: config.localeIdentifier, days: reading.diary.dateRange)
                return try SitePages(diary: reading.diary, config: config, theme: reading.theme, templates: templates, translations: reading.translations,
                                     names: names, today: today, plan: plan, bodyEnd: options.liveReloadScript)
                    .maker(files: pagesToMake, progress: options.progress)
            }
        }
        let render = { @Sendable (maker: SitePages.Maker, batch: ArraySlice<PagePlan.File>) throws -> [OutputFile] in
            try BuildPhase.render.run(timer: totals.add) { try maker.make(batch) }
        }
        // A rebuild's few pages are made beside the search index, each of them mostly on
        // one core; a full build's thousands are made after it, as both keep every core
        // busy, and its maker once the index is let go.
        var search: MadeSearchIndex?
        let library: TemplateLibrary?
        let madeBeside: [OutputFile]?
        if pagesToMake.count <= SiteBuild.batchSize {
            let (madeIndex, pages) = concurrently(makeIndex, { [pagesToMake] in
                Result { () throws -> (TemplateLibrary?, [OutputFile]?) in
                    guard let library = try templates() else { return (nil, nil) }
                    return (library, try pagesMaker(library).map { try render($0, pagesToMake[...]) })
                }
            })
            search = madeIndex
            (library, madeBeside) = try pages.get()
        } else {
            search = makeIndex()
            library = try templates()
            madeBeside = nil
        }
        let reader = try sealed.map { sealed in
            try BuildPhase.seal.run(timer: totals.add) {
                try SealedReader.files(record: sealed.key.record, theme: reading.theme, templates: library!, config: config)
            }
        } ?? []
        let paths = plan.files.map { located($0.path) } + media.map { located($0.path) } + reader.map(\.path)
        var current = unchangedPages.map { located($0.path) }
        current += index.lazy.filter { $0.isCurrent(previousPages) }.map { located($0.path) }
        current += media.lazy.filter { $0.contents == .current }.map { located($0.path) }
        let session = try BuildPhase.write.run(timer: totals.add) {
            try SiteWriter(output: options.output).start(paths: paths, current: current, takingOver: options.takeOver, progress: options.progress)
        }
        var made: [BuildCache.MadePage] = []
        func put(_ files: [OutputFile]) throws {
            made += files.compactMap(BuildCache.MadePage.init)
            let sealedFiles = try sealed.map { sealed in try BuildPhase.seal.run(timer: totals.add) { try sealed.seal(files) } } ?? files
            try BuildPhase.write.run(timer: totals.add) { try session.put(sealedFiles) }
        }
        do {
            try inBatches(index) { batch in
                try put(BuildPhase.render.run(timer: totals.add) {
                    batch.map { MadeSearchIndex.output($0, of: search, previousPages: previousPages) }
                })
            }
            // Let go before the pages are made.
            search = nil
            if let madeBeside {
                try put(madeBeside)
            } else if let library, let maker = try pagesMaker(library) {
                try inBatches(pagesToMake) { batch in try put(render(maker, batch)) }
            }
            // Pages left as the last build made them are only counted: nothing is written,
            // and their records stay as they are.
            made += unchangedPages.map(BuildCache.MadePage.init(keeping:))
            session.leave(unchangedPages.count)
            try inBatches(media) { batch in try put(Array(batch)) }
            try BuildPhase.write.run(timer: totals.add) { try session.put(reader) }
        } catch {
            session.abandon()
            throw error
        }
        let written = try BuildPhase.write.run(timer: totals.add) { try session.finish() }
        return (made, written)
    }
}

/// `items` a `SiteBuild.batchSize` at a time, in order.
private func inBatches<Item>(_ items: [Item], _ body: (ArraySlice<Item>) throws -> Void) rethrows {
    for start in stride(from: 0, to: items.count, by: SiteBuild.batchSize) {
        try body(items[start..<min(start + SiteBuild.batchSize, items.count)])
    }
}

/// The time of phases that take turns (render, seal, write), summed, to be told once each.
final class PhaseTotals: @unchecked Sendable {
    private let lock = NSLock()
    private var spent: [BuildPhase: Duration] = [:]

    var add: PhaseTimer {
        { phase, duration in self.lock.withLock { self.spent[phase, default: .zero] += duration } }
    }

    func tell(_ timer: PhaseTimer?) {
        guard let timer else { return }
        for phase in [BuildPhase.render, .seal, .write] { if let duration = lock.withLock({ spent[phase] }) { timer(phase, duration) } }
    }
}
