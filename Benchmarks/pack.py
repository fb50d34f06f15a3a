#!/usr/bin/env python3
"""Packs every file below DIR (except feedsite's manifest) into PACK for floor.c: "path<TAB>size<LF>bytes"."""
import os
import sys

root, out = sys.argv[1], sys.argv[2]
with open(out, "wb") as pack:
    for folder, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if name.startswith(".feedsite"):
                continue
            path = os.path.join(folder, name)
            data = open(path, "rb").read()
            pack.write(f"{os.path.relpath(path, root)}\t{len(data)}\n".encode() + data)
