// The search page's reader: looks a query up in the index the build wrote in search/,
// fetching only the parts it needs, and lists the entries found. No library, no build
// step. The index's terms are made by DiaryKit's SearchText; termsOf below must split
// and fold text the same way.
"use strict";

(function () {
  const page = document.getElementById("search");
  if (!page) return;
  const form = page.querySelector("form");
  const status = page.querySelector(".search-status");
  const list = page.querySelector(".search-results");
  const more = page.querySelector(".search-more");
  const words = JSON.parse(page.querySelector("#search-words").textContent);
  const root = page.dataset.root;
  // In a sealed site its reader (sealed.js) decrypts the index and keeps addresses after `#`.
  const sealed = window.sealedSite;
  const addressQuery = () => new URLSearchParams(sealed ? sealed.query() : location.search);
  const PARTS = Number(page.dataset.parts);
  const perPage = 10;

  // A term: one character of the scripts written without spaces (Chinese and
  // Japanese), or a run of letters, marks and digits of any other script. As
  // SearchText.isWrittenWithoutSpaces and isPartOfWord.
  const ideograph = "[\\u3040-\\u30FF\\u31F0-\\u31FF\\u3005\\u3007]|(?![\\u0000-\\u2E7F])\\p{Ideographic}";
  const termPattern = new RegExp(`(${ideograph})|(?:(?!${ideograph})[\\p{Alphabetic}\\p{Nd}\\p{Nl}\\p{No}\\p{M}])+`, "gu");
  // Latin, Greek and Cyrillic letters, whose accents fold away ("cafe" finds "café").
  const accented = /[A-Za-z\u00C0-\u024F\u1E00-\u1EFF\u0370-\u03FF\u1F00-\u1FFF\u0400-\u052F]/u;
  const mark = /\p{Mn}/u;

  // As SearchText.folded: NFKC, case folded, and those letters' accents taken off.
  function fold(text) {
    // ASCII, most of a diary's words, is its own NFKC and has no accent.
    if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase();
    const folded = text.normalize("NFKC").toLowerCase().replace(/ß/g, "ss").replace(/ς/g, "σ");
    if (/^[\x00-\x7f]*$/.test(folded)) return folded;
    let bare = "", afterAccented = false;
    for (const c of folded.normalize("NFD")) {
      if (mark.test(c)) {
        if (afterAccented) continue;
      } else {
        afterAccented = accented.test(c);
      }
      bare += c;
    }
    return bare.normalize("NFKC");
  }

  // [{term, start, end, ideograph}]: each term folded, with where it stands in `text`.
  function termsOf(text) {
    return Array.from(text.matchAll(termPattern), (match) => ({
      term: fold(match[0]), start: match.index, end: match.index + match[0].length, ideograph: match[1] !== undefined,
    }));
  }

  // What a person typed: words, "phrases", and -word or -"phrase" to leave entries out.
  // Each part is a list of terms; a run of CJK characters is a phrase of its characters.
  function parseQuery(text) {
    const parts = [];
    const pattern = /(-?)"([^"]*)"?|(-?)(\S+)/gu;
    for (const match of text.matchAll(pattern)) {
      const exclude = (match[1] || match[3]) === "-";
      const raw = match[2] !== undefined ? match[2] : match[4];
      const terms = termsOf(raw);
      if (terms.length === 0) continue;
      const phrase = match[2] !== undefined || terms.some((t) => t.ideograph);
      if (phrase) parts.push({ terms: terms.map((t) => t.term), phrase: true, exclude });
      else terms.forEach((t) => parts.push({ terms: [t.term], phrase: false, exclude }));
    }
    return parts;
  }

  // FNV-1a over the UTF-8 bytes of a term's first character: which part of the index
  // holds it and its longer forms (SearchIndex.part in Swift).
  function partOf(term) {
    const key = Array.from(term)[0];
    let hash = 0x811c9dc5;
    for (const byte of new TextEncoder().encode(key)) {
      hash ^= byte;
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return (hash % PARTS).toString(16).padStart(2, "0");
  }

  const fetched = new Map();
  function load(path) {
    if (!fetched.has(path)) {
      const loading = sealed ? sealed.json("search/" + path) : fetch(root + "search/" + path).then((response) => {
        if (!response.ok) throw new Error(path + ": " + response.status);
        return response.json();
      });
      fetched.set(path, loading.catch((error) => {
        // Asked for again by the next search, not failed for good.
        fetched.delete(path);
        throw error;
      }));
    }
    return fetched.get(path);
  }

  // The part of the index that holds a term and its longer forms.
  function termsPart(term) { return load("terms/" + partOf(term) + ".json"); }

  // A month's texts, by entry id.
  function monthTexts(month) { return load("text/" + month + ".json"); }

  // id → weight of the entries holding a term, or a word's longer forms too.
  async function postings(term, prefix) {
    const found = new Map();
    const part = await termsPart(term);
    for (const [indexed, list] of Object.entries(part)) {
      if (prefix ? !indexed.startsWith(term) : indexed !== term) continue;
      let id = 0;
      for (let i = 0; i < list.length; i += 2) {
        id += list[i];
        found.set(id, (found.get(id) || 0) + list[i + 1]);
      }
    }
    return found;
  }

  async function matching(parts) {
    let result = null;
    const scores = new Map();
    const excluded = new Set();
    // Every part the query needs is asked for at once, not one after another.
    await Promise.all(parts.flatMap((part) => part.terms.map(termsPart)));
    for (const part of parts) {
      let ids = null;
      for (const [k, term] of part.terms.entries()) {
        // As in the terminal: a phrase's last word, like a lone word, matches by its start.
        const found = await postings(term, k === part.terms.length - 1);
        if (!part.exclude) found.forEach((weight, id) => scores.set(id, (scores.get(id) || 0) + weight));
        ids = ids === null ? new Set(found.keys()) : new Set([...ids].filter((id) => found.has(id)));
      }
      if (part.exclude && !part.phrase) ids.forEach((id) => excluded.add(id));
      else if (!part.exclude) result = result === null ? ids : new Set([...result].filter((id) => ids.has(id)));
    }
    return { ids: result || new Set(), scores, excluded };
  }

  function monthOf(entry) { return entry[1].slice(0, 7); }

  async function textOf(entry) {
    const texts = await monthTexts(monthOf(entry));
    return texts[String(entry[0])] || "";
  }

  // Whether the phrase's terms stand together, in order, in one of the texts (a
  // title, a tag, the words), the last one by its start.
  function hasPhrase(texts, phrase) {
    const last = phrase.length - 1;
    return texts.some((text) => {
      const terms = termsOf(text).map((t) => t.term);
      for (let i = 0; i + phrase.length <= terms.length; i++) {
        if (phrase.every((term, k) => k === last ? terms[i + k].startsWith(term) : terms[i + k] === term)) return true;
      }
      return false;
    });
  }

  // A passage around the first term found, as DOM nodes with the terms marked.
  function passage(text, wanted) {
    const terms = termsOf(text);
    const hits = terms.filter((t) => wanted.some((w) => t.term.startsWith(w)));
    const nodes = [];
    if (hits.length === 0) {
      nodes.push(document.createTextNode(text.slice(0, 160) + (text.length > 160 ? "…" : "")));
      return nodes;
    }
    // About a line of text around the first hit, cut between words.
    let from = Math.max(0, hits[0].start - 60);
    const before = terms.find((t) => t.start >= from);
    if (from > 0 && before) from = Math.min(before.start, hits[0].start);
    let to = Math.min(text.length, hits[0].start + 140);
    const after = terms.find((t) => t.end >= to);
    if (after) to = after.end;
    let at = from;
    if (from > 0) nodes.push(document.createTextNode("…"));
    for (const hit of hits) {
      if (hit.start < at || hit.end > to) continue;
      nodes.push(document.createTextNode(text.slice(at, hit.start)));
      const mark = document.createElement("mark");
      mark.textContent = text.slice(hit.start, hit.end);
      nodes.push(mark);
      at = hit.end;
    }
    nodes.push(document.createTextNode(text.slice(at, to) + (to < text.length ? "…" : "")));
    return nodes;
  }

  const plural = new Intl.PluralRules(document.documentElement.lang);
  const numberFormat = new Intl.NumberFormat(document.documentElement.lang);
  const dateFormat = new Intl.DateTimeFormat(document.documentElement.lang, { year: "numeric", month: "long", day: "numeric", weekday: "short" });

  function resultItem(entry, text, wanted) {
    const [, date, mood, title, href] = entry;
    const item = document.createElement("li");
    item.className = "entry-summary";
    if (mood && words.moods[mood]) item.style.setProperty("--mood", words.moods[mood][2]);
    const link = document.createElement("a");
    link.href = sealed ? sealed.link(href) : root + href;
    const day = new Date(date + "T12:00:00");
    const time = document.createElement("time");
    time.dateTime = date;
    time.textContent = dateFormat.format(day);
    link.append(time);
    if (title) {
      const heading = document.createElement("span");
      heading.className = "entry-title";
      heading.append(...passage(title, wanted));
      link.append(" ", heading);
    }
    item.append(link);
    if (mood && words.moods[mood]) {
      const label = document.createElement("span");
      label.className = "search-mood";
      label.textContent = words.moods[mood][0] + " " + words.moods[mood][1];
      item.append(" ", label);
    }
    const excerpt = document.createElement("p");
    excerpt.className = "excerpt";
    excerpt.append(...passage(text, wanted));
    item.append(excerpt);
    return item;
  }

  // The results found so far, how many of them are drawn, the words to mark, and
  // which search is the latest: an older one still reading texts stops drawing.
  let shown = [], next = 0, wantedTerms = [], latest = 0;

  // The texts are fetched a page of results at a time: a month's texts are one file.
  // All are asked for at once, and each result is drawn, in order, as soon as its
  // month's texts are here, unless another search has started since.
  async function showMore() {
    const current = latest;
    const batch = shown.slice(next, next + perPage);
    next += batch.length;
    const texts = batch.map(textOf);
    for (const [i, entry] of batch.entries()) {
      const text = await texts[i];
      if (current !== latest) return;
      list.append(resultItem(entry, text, wantedTerms));
    }
    more.hidden = next >= shown.length;
  }

  function showCount() {
    status.textContent = shown.length === 0 ? words.no_results
      : words.results[plural.select(shown.length)].replace("{count}", numberFormat.format(shown.length));
  }

  async function search(parameters) {
    const current = ++latest;
    const query = parameters.get("q") || "";
    const mood = parameters.get("mood") || "";
    const tag = parameters.get("tag") || "";
    const from = parameters.get("from") || "";
    const to = parameters.get("to") || "";
    const order = parameters.get("order") === "best" ? "best" : "newest";
    list.replaceChildren();
    more.hidden = true;
    const parts = parseQuery(query);
    const included = parts.filter((p) => !p.exclude);
    if (included.length === 0 && !mood && !tag) {
      status.textContent = query.trim() ? words.nothing_to_find : "";
      return;
    }
    status.textContent = words.searching;
    const [index, found] = await Promise.all([load("entries.json"), matching(parts)]);
    if (current !== latest) return;
    // With no word to find, a mood or a tag lists every entry that has it.
    const scores = found.scores;
    let candidates = index.entries.filter((e) => (included.length === 0 || found.ids.has(e[0])) && !found.excluded.has(e[0]));
    const wantedTag = fold(tag);
    candidates = candidates.filter((e) => (!mood || e[2] === mood) && (!tag || e[5].some((t) => fold(t) === wantedTag)) &&
      (!from || monthOf(e) >= from) && (!to || monthOf(e) <= to));
    shown = [];
    next = 0;
    wantedTerms = included.flatMap((p) => p.terms);
    // Phrases (and CJK runs, and excluded phrases) are held against the text itself.
    const phrases = parts.filter((p) => p.phrase);
    if (phrases.length === 0) {
      shown = order === "best" ? [...candidates].sort(byScore(scores)) : candidates;
      showCount();
      await showMore();
      return;
    }
    // The candidates' months are read newest first, the next three asked for while one
    // is read (asked all at once, the page was busy reading the others' JSON): the first
    // results are drawn as soon as they are found, the count when every month is read.
    // The best first are known only at the end.
    const months = [...new Set(candidates.map(monthOf))];
    let reading = -1;
    for (const entry of candidates) {
      if (monthOf(entry) !== months[reading]) {
        reading++;
        for (const month of months.slice(reading, reading + 4)) monthTexts(month).catch(() => {});
      }
      const text = await textOf(entry);
      if (current !== latest) return;
      const fields = [entry[3] || "", ...entry[5], text];
      if (!phrases.every((p) => hasPhrase(fields, p.terms) !== p.exclude)) continue;
      shown.push(entry);
      if (order === "newest" && shown.length === perPage) await showMore();
    }
    if (current !== latest) return;
    if (order === "best") shown.sort(byScore(scores));
    showCount();
    if (next === 0) await showMore();
    else more.hidden = next >= shown.length;
  }

  function byScore(scores) {
    return (a, b) => (scores.get(b[0]) || 0) - (scores.get(a[0]) || 0) || b[0] - a[0];
  }

  // The address's words and filters in the form; the filters shown when one is set.
  function fill(parameters) {
    for (const field of form.elements) {
      if (field.name && parameters.has(field.name)) field.value = parameters.get(field.name);
    }
    if (["mood", "tag", "from", "to"].some((name) => parameters.get(name)) || parameters.get("order") === "best") {
      form.querySelector("details").open = true;
    }
  }

  more.addEventListener("click", showMore);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const parameters = new URLSearchParams(new FormData(form));
    // An address as short as it can be: no empty field, no default order.
    for (const [key, value] of [...parameters]) if (!value || key === "order" && value === "newest") parameters.delete(key);
    history.pushState(null, "", sealed ? sealed.link("search/?" + parameters.toString()) : "?" + parameters.toString());
    search(parameters).catch((error) => { status.textContent = words.failed + " " + error.message; });
  });
  window.addEventListener("popstate", () => {
    const parameters = addressQuery();
    fill(parameters);
    search(parameters).catch((error) => { status.textContent = words.failed + " " + error.message; });
  });
  // The list of entries every search needs, and the parts of the index that hold the
  // words typed so far, are fetched while the words are typed.
  load("entries.json").catch(() => {});
  form.elements.q.addEventListener("input", (event) => {
    for (const part of parseQuery(event.target.value)) {
      for (const term of part.terms) termsPart(term).catch(() => {});
    }
  });
  const parameters = addressQuery();
  fill(parameters);
  search(parameters).catch((error) => { status.textContent = words.failed + " " + error.message; });
})();
