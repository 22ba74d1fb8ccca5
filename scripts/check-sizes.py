#!/usr/bin/env python3
"""The house's sizes (issue 45): no Rust file over 500 lines and no function over 120, outside
tests, benchmarks and examples. A file counts every line outside its inline test modules (a
`#[cfg(test)]` item written `mod … {` up to its closing brace; `mod tests;` declares a file of
its own, counted nowhere, and hides nothing); a function from its `fn` line to the closing brace
at the same indentation. Exits 1 naming each one over.

    python3 scripts/check-sizes.py
"""
import os
import re
import sys

FILE_LINES = 500
FN_LINES = 120
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SKIP_DIRS = {"target", ".git", "web", "tests", "benches", "examples", "fuzz"}
FN = re.compile(r"\s*(pub(\([^)]*\))?\s+)?(async\s+)?(const\s+)?(unsafe\s+)?fn\s+(\w+)")


def rust_files():
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if x not in SKIP_DIRS]
        for f in files:
            if f.endswith(".rs") and f != "tests.rs":
                yield os.path.join(d, f)


INLINE_MOD = re.compile(r"\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{")


def code_lines(lines):
    """The file's lines outside inline `#[cfg(test)]` modules, in order."""
    kept = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.strip().startswith("#[cfg(test)]") and i + 1 < len(lines) and INLINE_MOD.match(lines[i + 1]):
            indent = len(lines[i + 1]) - len(lines[i + 1].lstrip())
            j = i + 2
            while j < len(lines) and not (lines[j].startswith(" " * indent + "}") and len(lines[j]) - len(lines[j].lstrip()) == indent):
                j += 1
            i = j + 1
            continue
        kept.append(line)
        i += 1
    return kept


def main():
    over = []
    for path in sorted(rust_files()):
        rel = os.path.relpath(path, ROOT)
        lines = code_lines(open(path, encoding="utf-8").read().split("\n"))
        end = len(lines)
        if end > FILE_LINES:
            over.append(f"{rel}: {end} lines (at most {FILE_LINES})")
        for i in range(end):
            m = FN.match(lines[i])
            if not m or lines[i].rstrip().endswith(";"):
                continue
            indent = len(lines[i]) - len(lines[i].lstrip())
            j = i + 1
            while j < end and not (lines[j].startswith(" " * indent + "}") and len(lines[j]) - len(lines[j].lstrip()) == indent):
                j += 1
            if j - i + 1 > FN_LINES:
                over.append(f"{rel}:{i + 1}: fn {m.group(6)} is {j - i + 1} lines (at most {FN_LINES})")
    for o in over:
        print(o)
    if over:
        print("split these by responsibility (ARCHITECTURE.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
