// Note apps' folders as people keep them, written for the tests (nobody's real notes):
// an Obsidian vault and a Logseq graph, each with the syntax and oddities those apps
// write, and a diarygen.yml that says which app's folder content/ is.
import Foundation

/// An Obsidian vault: daily notes in Daily/ (front-matter, a Dataview field, none at all),
/// other notes, a template, attachments, and every piece of Obsidian's own syntax.
public func obsidianVault() -> TestSite {
    let site = TestSite()
    site.write("diarygen.yml", "title: Vault\nnotes: {from: obsidian}\n")
    site.write("content/.obsidian/daily-notes.json", #"{"folder": "Daily", "format": "YYYY-MM-DD"}"#)
    site.write("content/Daily/2025-01-04.md", """
        ---
        mood: good
        ---
        Went to the market with mum. #errands

        ## Morning

        Bought `#notatag` and [a link #nottag](https://example.org/#frag) at 10:00#2.
        """)
    site.write("content/Daily/2025-01-05.md", """
        mood:: bad
        Met [[Mina]] at the [[2025-01-04|market]] #errands #family/mum, as in [[2025-01-04#Morning]].
        ![[Mina]] and ![[walk.jpg|300]] and ![[gone.png]]

        %%secretcomment words
        over two lines%% visible ==highlighted words== end. #1 is a number.

        > [!warning] Careful now
        > The callout's text.

        > [!tip]- 
        > No title written.

        ```
        [[not a link]] #notatag %%not a comment%%
        ```
        """)
    site.write("content/Daily/2025-01-06.md", "---\nmood: okay\n---\nAll of this shows. %%hiddenrest never closed\n\nNor this.\n")
    site.write("content/Daily/2025-01-07.md", "---\nmood: great\n---\nA link [[never closed on its line\n")
    site.write("content/People/Mina.md", "# Mina\n\nA friend. #people\n")
    // Dated, but outside the daily notes' folder that .obsidian/daily-notes.json names.
    site.write("content/Meetings/2025-01-04 Standup.md", "---\nmood: bad\n---\nNot a daily note.\n")
    site.write("content/Templates/Daily.md", "---\nmood: \n---\n{{date:YYYY-MM-DD}}\n")
    site.write("content/attachments/walk.jpg", fixturePhoto("sideways-gps.jpg"))
    return site
}

/// A Logseq graph: journals with page properties (as the first bullet too), an outline
/// with tasks, block properties, page links and tags; pages/, Logseq's own folder with
/// a backup copy of a journal, and assets/.
public func logseqGraph() -> TestSite {
    let site = TestSite()
    site.write("diarygen.yml", "title: Graph\nnotes: {from: logseq}\n")
    let day = """
        mood:: bad
        tags:: work, [[tired out]]

        - Long day at [[Work]] with #[[team lunch]] #focus
        \t- TODO call the bank
        \t- DONE send the report
        \t- DOING write the plan
        \t- CANCELED gym
        \t- a block with a property
        \t  effort:: high
        - ![the whiteboard](../assets/board_1736000000000_0.jpg)
        - the day before: [[Jan 4th, 2025]]
        """
    site.write("content/journals/2025_01_05.md", day)
    site.write("content/logseq/bak/journals/2025_01_05/2025-01-06T10_00_00.000Z.Desktop.md", day)
    site.write("content/logseq/config.edn", "{:meta/version 1}\n")
    site.write("content/journals/2025_01_04.md", "- mood:: good\n- A quiet day.\n")
    site.write("content/journals/2024_02_29.md", "mood:: great\n\n- A leap day. #rare\n")
    site.write("content/pages/Work.md", "- a page about work, not a day\n")
    site.write("content/pages/contents.md", "- [[Work]]\n")
    site.write("content/assets/board_1736000000000_0.jpg", fixturePhoto("sideways-gps.jpg"))
    return site
}
