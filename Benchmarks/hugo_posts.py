#!/usr/bin/env python3
"""Writes the Hugo site equivalent to a feedsite site made by `generate_site.py N DIR --posts P`: one
content file per account (name, handle, compose text), every snapshot as a Hugo data file
(data/snapshots/HANDLE.json, the same bytes feedsite reads) and layouts that render the same HTML
as feedsite's default templates: the account pages with their posts, the index with each account's
newest post, and the river's first page (the newest 50 posts of all accounts). Hugo 0.111 cannot make
pages from data, nor page a list that is not pages, so the river's later pages are not rendered
(19 of 10,022 pages at 10,000 accounts); `posts.py --compare` says how close the rest is, byte-wise.

usage: hugo_posts.py SITE HUGO_SITE
"""
import pathlib
import shutil
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import generate_site  # noqa: E402

def page_top(title, root, policy=True):
    """The start of a page as feedsite's layout writes it, up to `<main>`: `root` leads to the site's
    root (`../` from an account page); `policy`: with the Content Security Policy meta tags."""
    csp = ("""<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;self&#39; https://platform.twitter.com; style-src &#39;self&#39;; img-src &#39;self&#39;; frame-src https://platform.twitter.com https://syndication.twitter.com; object-src &#39;none&#39;; base-uri &#39;none&#39;; form-action &#39;none&#39;">
<meta name="twitter:widgets:csp" content="on">
""" if policy else "")
    return f"""<!DOCTYPE html>
<html lang="en" data-theme="auto">
<head>
<meta charset="utf-8">
{csp}<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="description" content="Generated accounts for the feedsite benchmark">
<meta name="generator" content="hugo">
<link rel="stylesheet" href="{root}assets/site.css">
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
  <a class="site-title" href="{root}index.html">Benchmark site</a>
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


def page_bottom(note, root):
    """The end of a page, from `</main>`."""
    return f"""</main>
<footer class="site-footer">
  <p>{note}</p>
</footer>
<script src="{root}assets/feedsite.js" defer></script>

</body>
</html>
"""


# The post as feedsite's templates write it; `$h` is the heading level, `$prefix` the anchor's prefix.
POST = """{{ define "partials/post.html" }}{{ $p := .post }}      <li>
        <article class="post" id="{{ .prefix }}post-{{ replace (replace (replace (replace (replace (replace (replace $p.id "_" "_5F") ":" "_3A") "/" "_2F") "." "_2E") "?" "_3F") "=" "_3D") "&" "_26" }}">
{{ with .account }}        <p class="post-account"><a href="../{{ .handle }}/index.html"><bdi class="name">{{ .name }}</bdi> <span class="handle">@{{ .handle }}</span></a></p>
{{ end }}{{ with $p.title }}          <h{{ $.level }} class="post-title" dir="auto">{{ . }}</h{{ $.level }}>
{{ end }}          <div class="post-content" dir="auto">{{ $p.html | safeHTML }}</div>
{{ range $p.media }}          <p class="post-media">Attachment: <a href="{{ .url }}" rel="noopener noreferrer">{{ .alt }}</a></p>
{{ end }}{{ $t := time $p.published }}          <p class="post-meta"><a href="{{ $p.url }}" rel="noopener noreferrer"><time datetime="{{ $p.published }}">{{ $t.Format "2 Jan 2006, 15:04 UTC" }}</time></a></p>
        </article>
      </li>
{{ end }}"""

SINGLE = page_top("&#x2068;{{ .Title }}&#x2069; (@{{ .Params.handle }}) · Benchmark site", "../") + """<article class="account">
  <header class="account-header">
    <p class="back"><a href="../index.html">← All accounts</a></p>
    <h1><bdi>{{ .Title }}</bdi> <span class="handle">@{{ .Params.handle }}</span></h1>
    <p class="actions">
      <a class="button compose" href="https://twitter.com/intent/tweet?text={{ .Params.compose | urlquery }}" target="_blank" rel="noopener noreferrer">Post to @{{ .Params.handle }}</a>
      <a class="button secondary" href="https://twitter.com/{{ .Params.handle }}" target="_blank" rel="noopener noreferrer">Open profile on X</a>
    </p>
  </header>
{{ $s := index site.Data.snapshots .Params.handle }}  <section class="posts" aria-labelledby="posts-title">
    <h2 id="posts-title">Posts</h2>
    <p class="posts-as-of">Posts as of <time datetime="{{ $s.fetch.changed_at }}">{{ (time $s.fetch.changed_at).Format "2 Jan 2006, 15:04 UTC" }}</time>.</p>
    <ol class="post-list">
{{ range first 20 (sort $s.posts "published" "desc") }}{{ template "partials/post.html" (dict "post" . "level" 3 "prefix" "") }}{{ end }}    </ol>
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
""" + timeline_end("The live timeline needs JavaScript.") + """
""" + page_bottom("Built with Hugo. Posts are copied from the account's feed; the live timeline is shown by X.", "../") + POST

INDEX = page_top("Benchmark site", "") + """<h1>Benchmark site</h1>
<p class="lead" dir="auto">Generated accounts for the feedsite benchmark</p>
<p class="river-link"><a href="./latest/index.html">Latest posts of every account</a></p>
<ul class="accounts">
{{ range where site.RegularPages "Section" "accounts" }}{{ $s := index site.Data.snapshots .Params.handle }}{{ $p := index (sort $s.posts "published" "desc") 0 }}  <li><a href="{{ .Params.handle }}/index.html"><bdi class="name">{{ .Title }}</bdi> <span class="handle">@{{ .Params.handle }}</span>
    <span class="latest"><span class="latest-text" dir="auto">{{ $p.title | default (truncate 40 "" $p.text) }}</span> <time datetime="{{ $p.published }}">{{ (time $p.published).Format "2 Jan 2006, 15:04 UTC" }}</time></span></a></li>
{{ end }}</ul>
""" + page_bottom("Built with Hugo.", "")

RIVER = page_top("Latest posts · Benchmark site", "../") + """<section class="river" aria-labelledby="river-title">
  <p class="back"><a href="../index.html">← All accounts</a></p>
  <h1 id="river-title">Latest posts</h1>
  <p class="lead">Every account's posts, newest first.</p>
  <ol class="post-list">
{{ $all := slice }}{{ range where site.RegularPages "Section" "accounts" }}{{ $account := dict "handle" .Params.handle "name" .Title }}{{ range first 20 (sort (index site.Data.snapshots .Params.handle).posts "published" "desc") }}{{ $all = $all | append (dict "post" . "account" $account "published" .published) }}{{ end }}{{ end }}{{ range first 50 (sort $all "published" "desc") }}{{ template "partials/post.html" (dict "post" .post "account" .account "level" 2 "prefix" (printf "%s-" .account.handle)) }}{{ end }}  </ol>
</section>
""" + page_bottom("Built with Hugo.", "../") + POST


def main():
    site, folder = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    if (folder / "hugo.toml").exists():
        return
    (folder / "content" / "accounts").mkdir(parents=True)
    (folder / "content" / "latest").mkdir(parents=True)
    (folder / "layouts" / "_default").mkdir(parents=True)
    (folder / "layouts" / "latest").mkdir(parents=True)
    # Account pages at /HANDLE/index.html, as feedsite writes them.
    (folder / "hugo.toml").write_text('baseURL = "/"\ndisableKinds = ["RSS", "sitemap", "taxonomy", "term"]\n'
                                      '[permalinks]\naccounts = "/:slug/"\n[outputs]\nhome = ["HTML"]\npage = ["HTML"]\nsection = ["HTML"]\n')
    shutil.copytree(site / "snapshots", folder / "data" / "snapshots")
    account = None
    for line in (site / "site.yml").read_text(encoding="utf-8").splitlines():
        stripped = line.strip()
        if stripped.startswith("- handle: "):
            account = {"handle": stripped[len("- handle: "):]}
        elif account is not None and stripped.startswith("name: "):
            account["name"] = stripped[len("name: "):]
        elif account is not None and stripped.startswith("text: "):
            (folder / "content" / "accounts" / f"{account['handle']}.md").write_text(
                f"---\ntitle: {account['name']}\nslug: {account['handle']}\nhandle: {account['handle']}\ncompose: {stripped[len('text: '):]}\n---\n",
                encoding="utf-8")
    (folder / "content" / "latest" / "_index.md").write_text("---\ntitle: Latest posts\n---\n")
    (folder / "layouts" / "_default" / "single.html").write_text(SINGLE, encoding="utf-8")
    (folder / "layouts" / "_default" / "list.html").write_text("", encoding="utf-8")
    (folder / "layouts" / "index.html").write_text(INDEX, encoding="utf-8")
    (folder / "layouts" / "latest" / "list.html").write_text(RIVER, encoding="utf-8")


if __name__ == "__main__":
    generate_site  # the site's format is generate_site's
    main()
