// The sealed site's reader. It asks for the passphrase, derives the keys as diarygen
// did (PBKDF2-HMAC-SHA256 with the salt in seal.json, then HKDF-SHA256 for each use),
// and shows the diary's pages by fetching their files under their opaque names and
// decrypting them (AES-256-GCM). A page's address is kept after `#` (`#/2025/01/05/`),
// which browsers never send to the host. No library, no build step: WebCrypto only.
"use strict";
(() => {
  const subtle = window.crypto && window.crypto.subtle;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  // Addresses inside the diary are resolved against this stand-in origin.
  const origin = "https://sealed.invalid";
  const form = document.getElementById("unlock");
  const words = { ...document.getElementById("sealed").dataset };
  const unlockPage = document.documentElement.cloneNode(true);

  class Altered extends Error {}
  class Unreachable extends Error {}

  let keys = null;
  let record = null;
  let shownPath = null;
  // Counts the pages asked for: one asked for later wins over one still being decrypted.
  let asked = 0;
  // A decrypted stylesheet or image is decrypted once, then reused from its blob: address.
  const blobs = new Map();

  const fromBase64 = (text) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  const hex = (buffer) => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const sameBytes = (a, b) => a.length === b.length && a.every((byte, index) => byte === b[index]);

  const types = {
    css: "text/css", html: "text/html", js: "text/javascript", json: "application/json", xml: "application/xml",
    txt: "text/plain", ics: "text/calendar", jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png",
    webp: "image/webp", gif: "image/gif", avif: "image/avif", heic: "image/heic", svg: "image/svg+xml",
  };
  const typeOf = (path) => types[path.slice(path.lastIndexOf(".") + 1).toLowerCase()] || "application/octet-stream";

  async function deriveKeys(passphrase) {
    const typed = await subtle.importKey("raw", encoder.encode(passphrase.normalize("NFC")), "PBKDF2", false, ["deriveBits"]);
    const master = await subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt: fromBase64(record.salt), iterations: record.iterations }, typed, 256);
    const material = await subtle.importKey("raw", master, "HKDF", false, ["deriveBits", "deriveKey"]);
    const part = (name) => ({ name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("diarygen sealed " + name) });
    const check = new Uint8Array(await subtle.deriveBits(part("check"), material, 128));
    if (!sameBytes(check, fromBase64(record.check))) return null;
    return {
      content: await subtle.deriveKey(part("content"), material, { name: "AES-GCM", length: 256 }, false, ["decrypt"]),
      names: await subtle.deriveKey(part("names"), material, { name: "HMAC", hash: "SHA-256", length: 256 }, false, ["sign"]),
    };
  }

  // "Remember on this device": the keys (never the passphrase), non-extractable, in
  // IndexedDB under the site's salt, so two sealed diaries on one host keep theirs apart.
  function keyStore(mode, act) {
    return new Promise((resolve, reject) => {
      const opening = indexedDB.open("diarygen-sealed", 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore("keys");
      opening.onerror = () => reject(opening.error);
      opening.onsuccess = () => {
        const database = opening.result;
        const transaction = database.transaction("keys", mode);
        const request = act(transaction.objectStore("keys"));
        transaction.oncomplete = () => { database.close(); resolve(request.result); };
        transaction.onerror = () => { database.close(); reject(transaction.error); };
      };
    });
  }

  // A file of the site by its path (`2025/01/05/index.html`): its bytes, or null when the
  // site has no such file. Throws Altered when the file is not as diarygen sealed it.
  async function read(path) {
    const name = hex(await subtle.sign("HMAC", keys.names, encoder.encode(path))).slice(0, 32);
    let response;
    try {
      response = await fetch("s/" + name.slice(0, 2) + "/" + name.slice(2));
    } catch {
      throw new Unreachable();
    }
    if (response.status === 404) return null;
    if (!response.ok) throw new Unreachable();
    const sealed = new Uint8Array(await response.arrayBuffer());
    let plain;
    try {
      plain = new Uint8Array(await subtle.decrypt(
        { name: "AES-GCM", iv: sealed.subarray(0, 12), additionalData: encoder.encode(path) }, keys.content, sealed.subarray(12)));
    } catch {
      throw new Altered();
    }
    // The padding: 0x80, then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    if (end < 0 || plain[end] !== 0x80) throw new Altered();
    return plain.subarray(0, end);
  }

  function blobAddress(path) {
    if (!blobs.has(path)) {
      blobs.set(path, read(path).then((bytes) => bytes === null ? "" : URL.createObjectURL(new Blob([bytes], { type: typeOf(path) }))));
    }
    return blobs.get(path);
  }

  const filePath = (url) => decodeURIComponent(url.pathname).slice(1);
  const isPage = (url) => url.pathname.endsWith("/") || url.pathname.endsWith(".html");

  // Of a <picture>'s WebP sizes, the smallest as wide as the page shows it.
  function chosenSize(srcset) {
    const wanted = Math.min(window.innerWidth, 800) * (window.devicePixelRatio || 1);
    const sizes = srcset.split(",").map((candidate) => {
      const [address, width] = candidate.trim().split(/\s+/);
      return { address, width: parseInt(width, 10) || 0 };
    }).sort((a, b) => a.width - b.width);
    return (sizes.find((size) => size.width >= wanted) || sizes[sizes.length - 1]).address;
  }

  // The page as the browser will show it: its links kept inside `#`, its stylesheet and
  // photos decrypted into blob: addresses, anything it would fetch from the host dropped.
  async function dress(page, base) {
    const inside = (reference) => {
      const url = new URL(reference, base);
      return url.origin === origin ? url : null;
    };
    const waits = [];
    for (const picture of page.querySelectorAll("picture")) {
      const source = picture.querySelector("source[srcset]");
      const image = picture.querySelector("img");
      if (source && image) image.setAttribute("src", chosenSize(source.getAttribute("srcset")));
      picture.querySelectorAll("source").forEach((element) => element.remove());
    }
    for (const image of page.querySelectorAll("img[src]")) {
      const url = inside(image.getAttribute("src"));
      if (!url) continue;
      image.removeAttribute("srcset");
      image.removeAttribute("loading");
      waits.push(blobAddress(filePath(url)).then((address) => image.setAttribute("src", address)));
    }
    for (const link of page.querySelectorAll("link[href]")) {
      const url = inside(link.getAttribute("href"));
      if (url && (link.relList.contains("stylesheet") || link.relList.contains("icon"))) {
        waits.push(blobAddress(filePath(url)).then((address) => link.setAttribute("href", address)));
      } else if (url) {
        link.remove();
      }
    }
    for (const anchor of page.querySelectorAll("a[href]")) {
      const url = inside(anchor.getAttribute("href"));
      if (!url) {
        anchor.setAttribute("rel", "noopener noreferrer");
        continue;
      }
      anchor.setAttribute("href", "#" + url.pathname + url.search + url.hash);
      if (!isPage(url)) anchor.dataset.sealedFile = filePath(url);
    }
    // A page's own script (the search page's) runs once the page is shown, decrypted;
    // its data (JSON) stays.
    const scripts = [];
    for (const script of page.querySelectorAll("script")) {
      const url = script.hasAttribute("src") ? inside(script.getAttribute("src")) : null;
      if (url) scripts.push(read(filePath(url)));
      if (url || script.type !== "application/json") script.remove();
    }
    await Promise.all(waits);
    return Promise.all(scripts);
  }

  function addLock() {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = words.lock;
    button.style.cssText = "font: inherit; color: var(--accent, inherit); background: none; border: 0; padding: 0; text-decoration: underline; cursor: pointer";
    button.addEventListener("click", lock);
    const line = document.createElement("p");
    line.append(button);
    (document.querySelector(".site-footer") || document.body).append(line);
  }

  function scrollTo(hash) {
    const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView(); else window.scrollTo(0, 0);
  }

  // The diary's address the part after `#` names, as a URL of the stand-in origin.
  const currentAddress = () => new URL(location.hash.slice(1).replace(/^(?!\/)/, "/"), origin);

  // Shows the page the address after `#` names.
  async function show() {
    const address = currentAddress();
    // A change of the query alone (the search page's) is its script's to follow (popstate).
    if (address.pathname === shownPath) {
      scrollTo(address.hash);
      return;
    }
    const path = filePath(address) + (address.pathname.endsWith("/") ? "index.html" : "");
    if (!path.endsWith(".html")) {
      await open(path);
      return;
    }
    const ticket = ++asked;
    const bytes = await read(path) || await read("404.html");
    if (bytes === null) throw new Unreachable();
    const page = new DOMParser().parseFromString(decoder.decode(bytes), "text/html");
    const scripts = await dress(page, new URL(address.pathname, origin));
    if (ticket !== asked) return;
    document.replaceChild(document.adoptNode(page.documentElement), document.documentElement);
    shownPath = address.pathname;
    // Which page is shown, for a script that drives the reader (scripts/check-sealed).
    document.documentElement.dataset.sealedPage = shownPath;
    addLock();
    for (const code of scripts) {
      const script = document.createElement("script");
      script.textContent = decoder.decode(code || new Uint8Array(0));
      document.body.append(script);
    }
    scrollTo(address.hash);
  }

  // A file that is not a page (a photo's full size, reminders.ics, a feed): opened or saved.
  async function open(path) {
    const bytes = await read(path);
    if (bytes === null) return;
    const type = typeOf(path);
    const address = URL.createObjectURL(new Blob([bytes], { type }));
    const anchor = document.createElement("a");
    anchor.href = address;
    if (type.startsWith("image/")) anchor.target = "_blank"; else anchor.download = path.slice(path.lastIndexOf("/") + 1);
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(address), 60000);
  }

  async function lock() {
    keys = null;
    await keyStore("readwrite", (store) => store.delete(record.salt)).catch(() => {});
    location.reload();
  }

  // The page that asked for the passphrase again, with only `text` on it: after a file
  // was found altered, nothing of the diary stays on screen.
  function stop(error) {
    const text = error instanceof Altered ? words.altered : error instanceof Unreachable ? words.unreachable : String(error);
    if (!document.getElementById("sealed")) {
      document.replaceChild(unlockPage.cloneNode(true), document.documentElement);
      shownPath = null;
    }
    // The form again only for a passphrase still to be typed.
    document.getElementById("unlock").hidden = error instanceof Altered || !subtle || keys !== null;
    document.getElementById("message").textContent = text;
  }

  function opened() {
    // A passphrase typed while the remembered keys were being looked up.
    if (window.sealedSite) return show();
    // What a page's script asks of the reader (search.js).
    window.sealedSite = {
      json: (path) => read(path).then((bytes) => {
        if (bytes === null) throw new Error(path + ": 404");
        return JSON.parse(decoder.decode(bytes));
      }),
      query: () => currentAddress().search,
      link: (path) => "#/" + path,
    };
    window.addEventListener("hashchange", () => show().catch(stop));
    // A form the page's script did not take would send its fields to the host.
    document.addEventListener("submit", (event) => event.preventDefault());
    document.addEventListener("click", (event) => {
      const anchor = event.target.closest && event.target.closest("a[data-sealed-file]");
      if (!anchor) return;
      event.preventDefault();
      open(anchor.dataset.sealedFile).catch(stop);
    });
    return show();
  }

  // seal.json, asked for at once; a passphrase typed before it arrives waits for it.
  const sealRecord = subtle && fetch("seal.json", { cache: "no-cache" }).catch(() => null).then((response) => {
    if (!response || !response.ok) throw new Unreachable();
    return response.json();
  });

  async function start() {
    if (!subtle) return stop(words.unsupported);
    record = await sealRecord;
    keys = await keyStore("readonly", (store) => store.get(record.salt)).catch(() => null) || null;
    if (keys) return opened();
    // No key remembered: the passphrase is needed (for a script that drives the reader).
    document.documentElement.dataset.sealedAsks = "";
  }

  async function unlock() {
    const message = document.getElementById("message");
    const button = form.querySelector("button");
    const passphrase = document.getElementById("passphrase");
    button.disabled = true;
    message.textContent = words.opening;
    try {
      record = await sealRecord;
      keys = await deriveKeys(passphrase.value);
    } finally {
      button.disabled = false;
    }
    if (!keys) {
      message.textContent = words.wrong;
      passphrase.select();
      return;
    }
    if (document.getElementById("remember").checked) {
      await keyStore("readwrite", (store) => store.put(keys, record.salt)).catch(() => {});
    }
    await opened();
  }

  // Taken at once, before seal.json arrives: a form sent on would reload the page.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (subtle) unlock().catch(stop);
  });
  start().catch(stop);
})();
