#!/usr/bin/env python3
"""Writes inputs for comparing two builds' readers (Benchmarks/compare_readers.sh): the fuzz seeds of
Fuzz/corpus, html5lib's tokenizer inputs (../shared), two benchmark feeds when Benchmarks/parse.py made
them, and seeded random mutations of them with hostile pieces inserted, N files in all.

usage: Benchmarks/reader_cases.py REPOSITORY OUT_FOLDER N"""
import json, pathlib, random, sys, html
root = pathlib.Path(sys.argv[1]); out = pathlib.Path(sys.argv[2]); n = int(sys.argv[3])
out.mkdir(parents=True, exist_ok=True)
seeds = []
for folder in ["xmlfeed", "jsonfeed", "sanitizer", "html", "snapshot"]:
    for p in sorted((root / "Fuzz/corpus" / folder).iterdir()):
        seeds.append(p.read_bytes())
for p in sorted((root.resolve().parent / "shared/html5lib-tests/tokenizer").glob("*.test")):
    for test in json.loads(p.read_text()).get("tests", []):
        data = test["input"]
        if test.get("doubleEscaped"):
            data = data.encode("utf-8", "surrogatepass").decode("unicode_escape")
        seeds.append(data.encode("utf-8", "replace"))
bench = root / ".build/bench/parse"
for name in ["feeds-200/feed-0000.xml", "feeds-200/feed-0001.xml", "html-200/feed-0000.html"]:
    if (bench / name).exists(): seeds.append((bench / name).read_bytes())
pieces = ["<", ">", "&", "&amp;", "&lt;", "&gt;", "&quot;", "&#0;", "&#x0;", "&#55296;", "&#xD800;", "&#x110000;", "&#1;", "&#x85;", "&#128;",
    "&#x1F600;", "&nbsp;", "&nbsp", "&notit;", "&é;", "&#;", "&#x;", "&ab" + "c" * 40 + ";", "&" + "a" * 31 + ";", "&" + "é" * 31 + ";",
    "&#\u0345;", "&\u0301;", "<!--", "-->", "--!>", "<!-->", "<script>", "</script>", "</script >", "<style>", "</style>", "<![CDATA[", "]]>",
    "\x00", "\x01", "\x0b", "\x0c", "\r", "\r\n", "\t", "\x7f", "\u0085", "\u009f", "\ufdd0", "\ufffe", "\U0001fffe", "é", "\u0301", "\u200d",
    "ŝ", "\u212a", "<p>", "</p>", "<P\u0301>", "<br/>", "<li>", "<ul>", "</ul>", "<h1>", "</h1>", "<div>", "<td>", "<a href=\"javascript:x\">",
    "<a href='/x?a=1&b=2'>", "<a href=x>", "</a>", "<img alt=\"A&amp;B\" src=x>", "<svg><script>x</script></svg>", "<math>", "<title>", "<textarea>",
    "<plaintext>", "<xmp>", "<noscript>", "<iframe>", "\"", "'", "=", " ", "<?xml version=\"1.0\"?>", "<!DOCTYPE rss [<!ENTITY e \"x\">]>", "&e;",
    "<item>", "</item>", "<description>", "</description>", "<title>", "<link>", "</link>", "<guid>", "<content:encoded>", "\ufeff", "\ud7ff",
    "<é>", "<1>", "< p>", "<a title=\"a>b\">", "<!doctype html>", "<html>", "&&", "&#x41", "&amp;lt;p&amp;gt;", "&lt;script&gt;", "&lt;!--"]
rng = random.Random(22)
count = 0
def write(data):
    global count
    (out / f"case-{count:05d}").write_bytes(data); count += 1
for s in seeds: write(s)
feeds = [s for s in seeds if s.lstrip().startswith(b"<?xml") or s.lstrip().startswith(b"<rss") or s.lstrip().startswith(b"<feed")]
while count < n:
    if rng.random() < 0.5:
        # A feed that stays well-formed, mostly: pieces escaped, after a tag's `>`.
        base = bytearray(rng.choice(feeds))
        if len(base) > 8000:
            base = base[:base.index(b"</item>") + 7] + b"</channel></rss>\n"
        ends = [i + 1 for i in range(len(base)) if base[i] == 0x3E]
        for _ in range(rng.randint(1, 5)):
            piece = rng.choice(pieces)
            data = (html.escape(piece, quote=False) if rng.random() < 0.9 else piece).encode("utf-8", "surrogatepass")
            at = rng.choice(ends)
            base[at:at] = data
            ends = [e + len(data) if e > at else e for e in ends]
        write(bytes(base))
        continue
    base = bytearray(rng.choice(seeds))
    if len(base) > 8000:
        start = rng.randrange(0, len(base) - 4000); base = base[:200] + base[start:start + 4000]
    for _ in range(rng.randint(1, 12)):
        piece = rng.choice(pieces)
        if rng.random() < 0.3: piece = html.escape(piece, quote=rng.random() < 0.5)
        data = piece.encode("utf-8", "surrogatepass")
        at = rng.randint(0, len(base))
        op = rng.random()
        if op < 0.7: base[at:at] = data
        elif op < 0.85: base[at:at + rng.randint(1, 8)] = data
        else: del base[at:at + rng.randint(1, 16)]
    if rng.random() < 0.05:  # an invalid UTF-8 byte now and then
        at = rng.randint(0, len(base)); base[at:at] = bytes([rng.choice([0x80, 0xC3, 0xE2, 0xFF, 0x8F])])
    write(bytes(base))
print(count, "cases")
