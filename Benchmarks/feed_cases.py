#!/usr/bin/env python3
"""Writes N feed-shaped documents, built at random (seeded) from the constructs XMLByteReader reads
(namespaces, attributes in both quotes with tabs, line ends and references, the five entities,
character references, CDATA, comments, instructions, CR LF and lone CR line ends, non-ASCII text),
a quarter of them with one construct it must leave to libxml2 put anywhere, for comparing two
builds' readers with Benchmarks/compare_readers.sh.

usage: Benchmarks/feed_cases.py OUT_FOLDER N"""
import random, sys, pathlib
out = pathlib.Path(sys.argv[1]); n = int(sys.argv[2]); out.mkdir(parents=True, exist_ok=True)
rng = random.Random(2222)
NS = [("", ""), ("dc", "http://purl.org/dc/elements/1.1/"), ("content", "http://purl.org/rss/1.0/modules/content/"),
      ("media", "http://search.yahoo.com/mrss/"), ("atom", "http://www.w3.org/2005/Atom"), ("x", "urn:x:y"),
      ("p", "https://example.com:8080/a/b?c=d#e"), ("q", "http://example.com/%7Ea")]
TEXT = ["a", " ", "\n", "\t", "\r\n", "\r", "é", "中", "😀", "&amp;", "&lt;", "&gt;", "&quot;", "&apos;", "&#233;", "&#xE9;",
        "&#x1F600;", "&#10;", "&#13;", "&#9;", "&#38;", "&amp;#38;", "&#0065;", "]", "]]", ">", "'", '"', "\u0085", "\u2028", "\ufeff",
        "<!-- c -->", "<!---->", "<?pi x?>", "<?pi?>", "<![CDATA[<p>x & y</p>]]>", "<![CDATA[]]>", "<![CDATA[a\r\nb\rc]]]]>",
        "https://x.example/?a=1&amp;b=2", "\x7f"]
BAD = ["&nbsp;", "&", "&#1;", "&#xD800;", "&#X41;", "]]>", "\x01", "\x0c", "<!DOCTYPE x>", "<?xml version='1.0'?>", "<?xml-foo?>",
       "<!-- a -- b -->", "<a:b/>", "<é/>", "\ufffe", "&#65", "<x></y>", "&e;", "<![CDATA[x", "<?a:b?>", "\x00"]
ATTRV = ["v", "a b", "a\tb", "a\nb", "a\r\nb", "a\rb", "&amp;", "&lt;&gt;", "&#10;", "&#13;", "&#9;", "&#38;", "&amp;#38;", "é", "😀",
         "'", '"', ">", "", "&quot;&apos;", "http://x/?a=1&amp;b=2"]
def text(depth):
    s = "".join(rng.choice(TEXT) for _ in range(rng.randint(0, 6)))
    return s
def attrs(prefixes, names=("a", "b", "href", "type", "url", "rel")):
    used = set(); out = ""
    for _ in range(rng.randint(0, 4)):
        p = rng.choice([""] * 3 + [pr for pr in prefixes if pr] + ["xml"])
        name = rng.choice(names if p != "xml" else ("lang", "base"))
        key = (p, name)
        if key in used: continue
        used.add(key)
        q = rng.choice(['"', "'"])
        v = "".join(rng.choice([x for x in ATTRV if q not in x]) for _ in range(rng.randint(0, 3)))
        out += rng.choice([" ", "\n", "\t", "\r\n", "  "]) + (p + ":" if p else "") + name + rng.choice(["=", " = ", "\n="]) + q + v + q
    return out
def element(depth, prefixes):
    decl = ""
    local = list(prefixes)
    if rng.random() < 0.15:
        p, uri = rng.choice(NS[1:])
        decl += f' xmlns:{p}="{uri}"'; local.append(p)
    if rng.random() < 0.05:
        decl += rng.choice([' xmlns=""', ' xmlns="http://www.w3.org/1999/xhtml"'])
    p = rng.choice([""] * 4 + [x for x in local if x])
    name = (p + ":" if p else "") + rng.choice(["item", "title", "link", "description", "guid", "pubDate", "encoded", "creator", "t-1.x_y", "div", "b"])
    a = attrs(local)
    if depth > 4 or rng.random() < 0.2:
        return f"<{name}{decl}{a}{rng.choice(['/>', ' />', chr(10) + '/>'])}"
    inner = text(depth)
    for _ in range(rng.randint(0, 4)):
        inner += element(depth + 1, local) + text(depth)
    return f"<{name}{decl}{a}>{inner}</{name}{rng.choice(['', ' ', chr(10)])}>"
for i in range(n):
    head = rng.choice(['<?xml version="1.0" encoding="UTF-8"?>\n', "<?xml version='1.0' encoding='utf-8' standalone='no'?>\r\n", "",
                       '<?xml version="1.0"?>', "\n  ", '<?xml-stylesheet href="s.xsl" type="text/xsl"?>\n<!-- x -->'])
    ns = " ".join(f'xmlns:{p}="{u}"' for p, u in NS[1:5] if rng.random() < 0.7)
    prefixes = [p for p, u in NS[1:5] if f"xmlns:{p}=" in ns]
    atom = rng.random() < 0.25
    items = "".join(element(2, prefixes) + text(1) for _ in range(rng.randint(0, 5)))
    if atom:
        doc = f'<feed xmlns="http://www.w3.org/2005/Atom" {ns}{attrs(prefixes)}><title>{text(1)}</title>' + items.replace("item", "entry") + "</feed>"
    else:
        doc = f'<rss version="2.0" {ns}{attrs(prefixes)}>{text(0)}<channel><title>{text(1)}T</title><link>https://x.example/</link>{items}</channel>{text(0)}</rss>'
    doc = head + doc + rng.choice(["", "\n", "<!-- end -->\n", "<?pi?>"])
    if rng.random() < 0.25:
        at = rng.randint(0, len(doc)); doc = doc[:at] + rng.choice(BAD) + doc[at:]
    (out / f"extra-{i:05d}").write_bytes(doc.encode("utf-8", "surrogatepass"))
print(n, "documents")
