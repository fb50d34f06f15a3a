#!/usr/bin/env python3
"""Writes a feedsite site of N accounts (site.yml + a copy of the default templates) into DIR.

Names and compose texts vary and include accents, emoji, '&', '#', '+' and '%', so the encoder and
the checker do real work. Deterministic: the same N gives the same bytes.
usage: generate_site.py N DIR [--touch K] [--posts P] [--touch-snapshot K]
  --touch K           changes account K's name, for the one-change rebuild
  --posts P           gives every account a feed and a snapshot of P posts (snapshots/HANDLE.json, as
                      `feedsite fetch` writes them): text with accents and links, a media item on every
                      third post (`media: link`, so no files are needed)
  --touch-snapshot K  with --posts: account K's snapshot gets one new post (a fetch that found one)
"""
import json
import pathlib
import shutil
import sys

FIRST = ["Ana", "Björn", "Chen", "Dara", "Élodie", "Farah", "Gus & Ivy", "Hana", "Inês", "Jon", "Kofi", "Lena",
         "Mateo", "Nadia", "Oskar", "Priya", "Quinn", "Rafa", "Søren", "Tomás", "Zoë", "Łukasz", "Ümit", "Yara"]
LAST = ["Pérez", "Lindqvist", "Wei", "Ó Briain", "Şafak", "Haddad", "Tran", "Kobayashi", "Carvalho", "Müller",
        "Rossi", "Petrova", "Nowak", "Raman", "Avery", "Souza", "Dvořák", "Ngata"]
TEXTS = ["Hello @{h} & friends #{i} 😀", "100% sure: {n} + you = ❤️", "Reading @{h}: café, naïve, résumé #news",
         "Q&A with {n} #{i} — ask anything?", "Plain text for @{h}"]


def yaml_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


WORDS = ["feeds", "café", "naïve", "parsers", "résumé", "static", "sites", "river", "Zoë's", "notes", "on", "the", "web",
         "&", "releases", "Ünïcode", "build", "fast", "<tags>", "links", "and", "more", "über", "déjà", "vu"]
BASE_MINUTES = 29_000_000  # 2025-02-19: posts go back from here, a few minutes apart across accounts


def rfc3339(minutes):
    import datetime
    moment = datetime.datetime(1970, 1, 1) + datetime.timedelta(minutes=minutes)
    return moment.strftime("%Y-%m-%dT%H:%M:00Z")


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;").replace("'", "&#39;")


def post(i, j, handle):
    """Post j (0 is the newest) of account i: title, text and sanitized HTML as fetch stores them."""
    words = [WORDS[(i * 7 + j * 3 + k) % len(WORDS)] for k in range(24 + (i + j) % 17)]
    first, second = " ".join(words[:12]), " ".join(words[12:])
    link = f"https://example.com/{handle}/notes/{j}?ref=feed&n={i}"
    text = f"{first} {link} {second}"
    html = (f"<p>{escape(first)} <a href=\"{escape(link)}\" rel=\"nofollow ugc noopener noreferrer\">{escape(link)}</a></p>"
            f"<p>{escape(second)} <em>#{i % 97}</em></p>")
    item = {"id": f"https://example.com/{handle}/status/{i}-{j}", "url": f"https://example.com/{handle}/status/{i}-{j}",
            "title": f"{' '.join(words[:6])}" if j % 4 == 0 else None, "text": text, "html": html,
            "published": rfc3339(BASE_MINUTES - j * 600 - (i * 7) % 600), "updated": None, "author": f"@{handle}", "media": []}
    if j % 3 == 0:
        item["media"] = [{"url": f"https://media.example.com/{handle}/{j}.jpg", "type": "image/jpeg", "alt": f"Photo {j} of {words[0]}"}]
    return item


def snapshot(i, handle, posts, touched=False):
    items = [post(i, j, handle) for j in range(posts)]
    if touched:
        new = post(i, 0, handle)
        new["id"] += "-new"
        new["url"] += "-new"
        new["text"] = "A new post: " + new["text"]
        new["html"] = "<p>A new post:</p>" + new["html"]
        new["published"] = rfc3339(BASE_MINUTES + 1)
        items = [new] + items[:-1]
    document = {"format": 1, "handle": handle,
                "fetch": {"source": f"https://feeds.example.com/{handle}.xml", "etag": None, "last_modified": None,
                          "fetched_at": rfc3339(BASE_MINUTES + 5), "changed_at": items[0]["published"], "error": None},
                "posts": items}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def site(count, touch=None, posts=0):
    lines = ["title: Benchmark site", "description: Generated accounts for the feedsite benchmark", "defaults:",
             "  dnt: true", "  height: 600", "accounts:"]
    for i in range(count):
        handle = f"user{i:06d}"
        name = f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]}"
        if touch is not None and i == touch:
            name += " (changed)"
        text = TEXTS[i % len(TEXTS)].format(h=handle, i=i, n=name)
        lines += [f"  - handle: {handle}", f"    name: {yaml_string(name)}"]
        if posts:
            lines += [f"    feed: https://feeds.example.com/{handle}.xml", f"    posts: {posts}"]
        lines += ["    compose:", f"      text: {yaml_string(text)}"]
        if i % 3 == 0:
            lines.append("      hashtags: [feeds, bench]")
        if i % 4 == 0:
            lines.append(f"      url: https://example.com/people/{handle}?ref=bench&x=1")
    return "\n".join(lines) + "\n"


def main():
    count = int(sys.argv[1])
    folder = pathlib.Path(sys.argv[2])
    touch = int(sys.argv[sys.argv.index("--touch") + 1]) if "--touch" in sys.argv else None
    posts = int(sys.argv[sys.argv.index("--posts") + 1]) if "--posts" in sys.argv else 0
    touched = int(sys.argv[sys.argv.index("--touch-snapshot") + 1]) if "--touch-snapshot" in sys.argv else None
    folder.mkdir(parents=True, exist_ok=True)
    templates = pathlib.Path(__file__).resolve().parent.parent / "templates"
    if not (folder / "templates").exists():
        shutil.copytree(templates, folder / "templates")
    write_if_changed(folder / "site.yml", site(count, touch, posts))
    if posts:
        (folder / "snapshots").mkdir(exist_ok=True)
        for i in range(count):
            handle = f"user{i:06d}"
            write_if_changed(folder / "snapshots" / f"{handle}.json", snapshot(i, handle, posts, touched == i))


def write_if_changed(path, text):
    """Writes `text` to `path` unless it holds it already: a regenerated site changes only what differs."""
    data = text.encode("utf-8")
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


if __name__ == "__main__":
    main()
