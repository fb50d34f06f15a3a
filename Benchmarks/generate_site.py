#!/usr/bin/env python3
"""Writes a feedsite site of N accounts (site.yml + a copy of the default templates) into DIR.

Names and compose texts vary and include accents, emoji, '&', '#', '+' and '%', so the encoder and
the checker do real work. Deterministic: the same N gives the same bytes.
usage: generate_site.py N DIR [--touch K]   (--touch K changes account K's name, for the one-change rebuild)
"""
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


def site(count, touch=None):
    lines = ["title: Benchmark site", "description: Generated accounts for the feedsite benchmark", "defaults:",
             "  dnt: true", "  height: 600", "accounts:"]
    for i in range(count):
        handle = f"user{i:06d}"
        name = f"{FIRST[i % len(FIRST)]} {LAST[(i // len(FIRST)) % len(LAST)]}"
        if touch is not None and i == touch:
            name += " (changed)"
        text = TEXTS[i % len(TEXTS)].format(h=handle, i=i, n=name)
        lines += [f"  - handle: {handle}", f"    name: {yaml_string(name)}", "    compose:", f"      text: {yaml_string(text)}"]
        if i % 3 == 0:
            lines.append("      hashtags: [feeds, bench]")
        if i % 4 == 0:
            lines.append(f"      url: https://example.com/people/{handle}?ref=bench&x=1")
    return "\n".join(lines) + "\n"


def main():
    count = int(sys.argv[1])
    folder = pathlib.Path(sys.argv[2])
    touch = int(sys.argv[sys.argv.index("--touch") + 1]) if "--touch" in sys.argv else None
    folder.mkdir(parents=True, exist_ok=True)
    templates = pathlib.Path(__file__).resolve().parent.parent / "templates"
    if not (folder / "templates").exists():
        shutil.copytree(templates, folder / "templates")
    (folder / "site.yml").write_text(site(count, touch), encoding="utf-8")


if __name__ == "__main__":
    main()
