"""Replaces a generated block of a Markdown file: the text between the lines
`<!-- NAME:begin ... -->` and `<!-- NAME:end -->` (markers kept).

    python3 scripts/doc-table.py FILE NAME < TEXT

Used by `make match-accuracy` (docs/matching.md) and bench_scale.py (the README's scale
table). Fails when either marker is missing, leaving the file as it was.
"""
import sys
from pathlib import Path


def replace(path, name, text):
    doc = Path(path).read_text()
    begin, end = f"<!-- {name}:begin", f"<!-- {name}:end -->"
    i = doc.find(begin)
    j = doc.find(end, i + 1) if i >= 0 else -1
    if i < 0 or j < 0:
        sys.exit(f"doc-table: {path} has no {begin} … {end} block")
    i = doc.index("\n", i) + 1  # after the begin line
    Path(path).write_text(doc[:i] + text.rstrip("\n") + "\n" + doc[j:])


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: doc-table.py FILE NAME < TEXT")
    replace(sys.argv[1], sys.argv[2], sys.stdin.read())
