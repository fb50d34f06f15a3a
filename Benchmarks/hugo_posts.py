#!/usr/bin/env python3
"""Writes the Hugo site equivalent to a feedsite site made by `generate_site.py N DIR --posts P`: one
content file per account (name, handle, compose options, in site.yml's order), every snapshot as a Hugo
data file (data/snapshots/HANDLE.json, the same bytes feedsite reads) and layouts that render the same
HTML as feedsite's default templates: the account pages with their posts, the index with each
account's newest post, the river's first page (the newest 50 posts of all accounts), the 404 page and
the starter's about page. Hugo 0.111 cannot make pages from data, nor page a list that is not pages,
so the river's later pages are not rendered (19 of 10,023 pages at 10,000 accounts); `posts.py` says
how close the rest is, byte-wise. Only the generator differs: Hugo names itself in the generator meta
tag and the footer.

The snapshots are copied once; the content, configuration and layouts are written every time (what
changed).

usage: hugo_posts.py SITE HUGO_SITE
"""
import json
import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate_site  # noqa: E402

# The two Content Security Policies feedsite writes: with and without X's timeline let in. Hugo reads them
# from the site's parameters and escapes them into the page, as feedsite does.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; object-src 'none'; "
       "base-uri 'none'; form-action 'none'")
CSP_TIMELINE = ("default-src 'none'; script-src 'self' https://platform.twitter.com; style-src 'self'; img-src 'self'; "
                "frame-src https://platform.twitter.com https://syndication.twitter.com; object-src 'none'; "
                "base-uri 'none'; form-action 'none'")
SITE_TITLE = "&#x2068;{{ site.Title }}&#x2069;"


def page_top(title, root, timeline=False):
    """The start of a page as feedsite's layout writes it, up to `<main>`: `title` is the page's title
    (a template), `root` leads to the site's root (`../` from an account page, `./` from the index);
    `timeline`: an account page with X's timeline (its theme, the policy that lets X in, og:type profile)."""
    theme = ' data-theme="auto"' if timeline else ""
    csp = "site.Params.csp_timeline" if timeline else "site.Params.csp"
    widgets = '<meta name="twitter:widgets:csp" content="on">\n' if timeline else ""
    kind = "profile" if timeline else "website"
    return f"""<!DOCTYPE html>
<html lang="en"{theme}>
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{{{{ {csp} }}}}">
{widgets}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
{{{{ with site.Params.description }}}}<meta name="description" content="&#x2068;{{{{ . }}}}&#x2069;">
{{{{ end }}}}<meta property="og:title" content="{title}">
<meta property="og:description" content="&#x2068;{{{{ site.Params.description }}}}&#x2069;">
<meta property="og:type" content="{kind}">
<meta property="og:site_name" content="{SITE_TITLE}">
<meta name="twitter:card" content="summary">
<link rel="icon" href="{root}assets/favicon.svg" type="image/svg+xml">
<meta name="generator" content="Hugo {{{{ hugo.Version }}}}">
<link rel="stylesheet" href="{root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <a class="site-title" href="{root}index.html"><bdi>{{{{ site.Title }}}}</bdi></a>
</header>
<main id="main">
"""


def timeline_end(noscript):
    """The end of an account page's timeline section and of its article: the fallback shown when X
    does not load, and the `<noscript>` note."""
    return """    <div class="timeline-fallback" role="alert" hidden>
      <p>@{{ .Params.handle }}'s posts could not be shown here. X may be blocked or offline, or may only show timelines to signed-in readers.</p>
      <p><a class="button" href="https://twitter.com/{{ .Params.handle }}" target="_blank" rel="noopener noreferrer">See @{{ .Params.handle }} on X</a> <button class="button secondary" type="button" data-feedsite-retry>Try again</button></p>
    </div>
    <noscript><p class="noscript">""" + noscript + """ <a href="https://twitter.com/{{ .Params.handle }}">See @{{ .Params.handle }}'s posts on X</a>.</p></noscript>
  </section>
</article>
"""


def page_bottom(note, root="", script=True):
    """The end of a page, from `</main>` (after the blank line feedsite's layout leaves): `note` follows
    "Built with Hugo VERSION." in the footer; `script`: with feedsite.js (account pages only)."""
    script = f'<script src="{root}assets/feedsite.js" defer></script>\n' if script else ""
    return f"""
</main>
<footer class="site-footer">
  <p>Built with Hugo {{{{ hugo.Version }}}}. {note}</p>
</footer>
{script}
</body>
</html>
"""


def encoded(value):
    """A template that percent-encodes `value` as feedsite's compose URL does (RFC 3986: every byte but
    A-Z a-z 0-9 - . _ ~ as %XX). urlquery does that but writes a space `+`; a `+` it writes `%2B`, so
    each `+` it leaves is a space. safeURL keeps html/template from encoding the `%`s again."""
    return f'{{{{ replace (urlquery {value}) "+" "%20" | safeURL }}}}'


def post(name, indent, level):
    """The post as feedsite's templates write it, `indent` spaces in, its title an `h{level}`; `.prefix`
    is the anchor's prefix, `.account` (on the river) the account line's."""
    pad = " " * indent
    return f"""{{{{ define "{name}" }}}}{{{{ $p := .post }}}}{pad}<li>
{pad}  <article class="post" id="{{{{ .prefix }}}}post-{{{{ replace (replace (replace (replace (replace (replace (replace $p.id "_" "_5F") ":" "_3A") "/" "_2F") "." "_2E") "?" "_3F") "=" "_3D") "&" "_26" }}}}">
{{{{ with .account }}}}{pad}    <p class="post-account"><a href="../{{{{ .handle }}}}/index.html"><bdi class="name">{{{{ .name }}}}</bdi> <span class="handle">@{{{{ .handle }}}}</span></a></p>
{{{{ end }}}}{{{{ with $p.title }}}}{pad}    <h{level} class="post-title" dir="auto">{{{{ . }}}}</h{level}>
{{{{ end }}}}{{{{ with $p.html }}}}{pad}    <div class="post-content" dir="auto">{{{{ . | safeHTML }}}}</div>
{{{{ else }}}}{pad}    <p class="post-content" dir="auto">{{{{ $p.text }}}}</p>
{{{{ end }}}}{{{{ range $p.media }}}}{pad}    <p class="post-media">Attachment: <a href="{{{{ .url }}}}" rel="noopener noreferrer">{{{{ with .alt }}}}{{{{ . }}}}{{{{ else }}}}a file{{{{ with .type }}}} ({{{{ . }}}}){{{{ end }}}}, no description{{{{ end }}}}</a></p>
{{{{ end }}}}{{{{ $t := time $p.published }}}}{pad}    <p class="post-meta"><a href="{{{{ $p.url }}}}" rel="noopener noreferrer"><time datetime="{{{{ $p.published }}}}">{{{{ $t.Format "2 Jan 2006, 15:04 UTC" }}}}</time></a></p>
{pad}  </article>
{pad}</li>
{{{{ end }}}}"""


SINGLE = page_top("&#x2068;{{ .Title }}&#x2069; (@{{ .Params.handle }}) · " + SITE_TITLE, "../", timeline=True) + """<article class="account">
  <header class="account-header">
    <p class="back"><a href="../index.html">← All accounts</a></p>
    <h1><bdi>{{ .Title }}</bdi> <span class="handle">@{{ .Params.handle }}</span></h1>
    <p class="actions">
      {{ $c := .Params.compose }}<a class="button compose" href="https://twitter.com/intent/tweet?text=""" + encoded("$c.text") + """{{ with $c.url }}&amp;url=""" + encoded(".") + """{{ end }}{{ with $c.hashtags }}&amp;hashtags={{ range $i, $tag := . }}{{ if $i }},{{ end }}""" + encoded("$tag") + """{{ end }}{{ end }}" target="_blank" rel="noopener noreferrer">Post to @{{ .Params.handle }}</a>
      <a class="button secondary" href="https://twitter.com/{{ .Params.handle }}" target="_blank" rel="noopener noreferrer">View on X</a>
    </p>
  </header>
{{ $s := index site.Data.snapshots .Params.handle }}  <section class="posts" aria-labelledby="posts-title">
    <h2 id="posts-title">Posts</h2>
    <p class="posts-as-of">Posts as of <time datetime="{{ $s.fetch.changed_at }}">{{ (time $s.fetch.changed_at).Format "2 Jan 2006, 15:04 UTC" }}</time>.</p>
    <ol class="post-list">
{{ range first 20 (sort $s.posts "published" "desc") }}{{ template "post-account" (dict "post" . "prefix" "") }}{{ end }}    </ol>
  </section>
  <h2 class="live-title">Live timeline from X</h2>
  <section class="timeline on-request" aria-label="Live timeline of @{{ .Params.handle }} from X" aria-busy="false" data-feedsite-timeline data-load="click" data-timeout-ms="10000">
    <a class="twitter-timeline" href="https://twitter.com/{{ .Params.handle }}" data-theme="auto" data-height="600" data-dnt="true">Posts by @{{ .Params.handle }}</a>
    <div class="timeline-overlay" role="status" hidden>
      <span class="spinner" aria-hidden="true"></span>
      <span>Loading @{{ .Params.handle }}'s posts…</span>
    </div>
    <div class="timeline-consent" hidden>
      <p>The live timeline comes from X (Twitter): showing it loads content from X, which may then collect data about your visit.</p>
      <p><button class="button" type="button" data-feedsite-consent>Show the live timeline from X</button></p>
    </div>
""" + timeline_end("The live timeline needs JavaScript.") + page_bottom(
    "Posts are copied from the account's feed; the live timeline is shown by X.", "../") + post("post-account", 6, 3)

INDEX = page_top(SITE_TITLE, "./") + """<h1><bdi>{{ site.Title }}</bdi></h1>
{{ with site.Params.description }}<p class="lead" dir="auto">{{ . }}</p>
{{ end }}<p class="river-link"><a href="./latest/index.html">Latest posts of every account</a></p>
<ul class="accounts">
{{ range where site.RegularPages "Section" "accounts" }}{{ $s := index site.Data.snapshots .Params.handle }}{{ $p := index (sort $s.posts "published" "desc") 0 }}  <li><a href="{{ .Params.handle }}/index.html"><bdi class="name">{{ .Title }}</bdi> <span class="handle">@{{ .Params.handle }}</span> <span class="network">on X</span>
      <span class="latest"><span class="latest-text" dir="auto">{{ $p.title | default (truncate 40 "" $p.text) }}</span> <time datetime="{{ $p.published }}">{{ (time $p.published).Format "2 Jan 2006, 15:04 UTC" }}</time></span></a></li>
{{ end }}</ul>
""" + page_bottom("", script=False)

# The river's first page: every account's shown posts merged, the newest river_posts kept, the first
# river_page_size of them shown, and the pager counting the pages.
RIVER = page_top("Latest posts · " + SITE_TITLE, "../") + """<section class="river" aria-labelledby="river-title">
  <p class="back"><a href="../index.html">← All accounts</a></p>
  <h1 id="river-title">Latest posts</h1>
  <p class="lead">Every account's posts, newest first.</p>
  <ol class="post-list">
{{ $all := slice }}{{ range where site.RegularPages "Section" "accounts" }}{{ $account := dict "handle" .Params.handle "name" .Title }}{{ range first 20 (sort (index site.Data.snapshots .Params.handle).posts "published" "desc") }}{{ $all = $all | append (dict "post" . "account" $account "published" .published) }}{{ end }}{{ end }}{{ $size := site.Params.river_page_size }}{{ range first $size (sort $all "published" "desc") }}{{ template "post-river" (dict "post" .post "account" .account "prefix" (printf "%s-" .account.handle)) }}{{ end }}  </ol>
  <nav class="pager" aria-label="Pages of posts">
    
{{ $count := len $all }}{{ if gt $count site.Params.river_posts }}{{ $count = site.Params.river_posts }}{{ end }}{{ $pages := div (add $count (sub $size 1)) $size }}    <span class="pager-count">Page 1 of {{ $pages }}</span>
    {{ if gt $pages 1 }}<a rel="next" href="2/index.html">Older posts →</a>{{ end }}
  </nav>
</section>
""" + page_bottom("", script=False) + post("post-river", 4, 2)

NOT_FOUND = page_top("Page not found · " + SITE_TITLE, "/") + """<h1>Page not found</h1>
<p class="lead">There is no page at this address. <a href="/index.html">See all accounts</a>.</p>
""" + page_bottom("", script=False)

ABOUT = page_top("About · " + SITE_TITLE, "../") + """<h1>About this site</h1>
{{ with site.Params.description }}<p class="lead" dir="auto">{{ . }}</p>
{{ end }}<p>Each account has a page with its latest posts and a button to write to it. The posts are copied from the accounts' feeds when the site is built.</p>
<p><a href="../index.html">See all accounts</a></p>
""" + page_bottom("", script=False)


def config(site):
    """hugo.toml: the site's title and description (from site.yml), feedsite's defaults that the pages
    show (the policies, the river's size and page size), and pages at feedsite's paths."""
    lines = (site / "site.yml").read_text(encoding="utf-8").splitlines()
    title = next(line[len("title: "):] for line in lines if line.startswith("title: "))
    description = next(line[len("description: "):] for line in lines if line.startswith("description: "))
    return (f'baseURL = "/"\ntitle = {json.dumps(title)}\ndisableKinds = ["RSS", "sitemap", "taxonomy", "term"]\n'
            '[permalinks]\naccounts = "/:slug/"\n[outputs]\nhome = ["HTML"]\npage = ["HTML"]\nsection = ["HTML"]\n'
            f'[params]\ndescription = {json.dumps(description)}\ncsp = {json.dumps(CSP)}\n'
            f'csp_timeline = {json.dumps(CSP_TIMELINE)}\nriver_posts = 1000\nriver_page_size = 50\n')


def content(site):
    """One content file per account, in site.yml's order (its weight): name, handle and the compose
    options as site.yml has them (text, url, hashtags); the river's section and the about page."""
    files, accounts, account = {}, [], None
    for line in (site / "site.yml").read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("- handle: "):
            account = {"handle": stripped[len("- handle: "):], "compose": []}
            accounts.append(account)
        elif account is not None and stripped.startswith("name: "):
            account["name"] = stripped[len("name: "):]
        elif account is not None and line.startswith("      ") and ": " in stripped:
            account["compose"].append(stripped)  # text: "…", hashtags: [a, b], url: …: YAML as it is
    for weight, account in enumerate(accounts, start=1):
        compose = "".join(f"  {option}\n" for option in account["compose"])
        files[f"content/accounts/{account['handle']}.md"] = (
            f"---\ntitle: {account['name']}\nslug: {account['handle']}\nhandle: {account['handle']}\nweight: {weight}\n"
            f"compose:\n{compose}---\n")
    files["content/latest/_index.md"] = "---\ntitle: Latest posts\n---\n"
    files["content/about.md"] = "---\ntitle: About\nlayout: about\n---\n"
    return files


def main():
    site, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    # The snapshots are copied once; the rest is written every time (only what changed), so that a
    # site made by an older version of this script renders what feedsite's templates render now.
    if not (folder / "data" / "snapshots").exists():
        shutil.copytree(site / "snapshots", folder / "data" / "snapshots")
    files = {"hugo.toml": config(site), "layouts/_default/single.html": SINGLE, "layouts/_default/list.html": "",
             "layouts/_default/about.html": ABOUT, "layouts/index.html": INDEX, "layouts/latest/list.html": RIVER,
             "layouts/404.html": NOT_FOUND, **content(site)}
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        generate_site.write_if_changed(folder / name, text)


if __name__ == "__main__":
    main()
