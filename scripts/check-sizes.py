#!/usr/bin/env python3
"""The house's sizes (issue 45): no Rust file over 500 lines and no function over 120, outside
tests, benchmarks and examples. A file is counted up to its `#[cfg(test)]` module; a function
from its `fn` line to the closing brace at the same indentation. Exits 1 naming each one over.

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


def main():
    over = []
    for path in sorted(rust_files()):
        rel = os.path.relpath(path, ROOT)
        lines = open(path, encoding="utf-8").read().split("\n")
        end = next((i for i, l in enumerate(lines) if l.startswith("#[cfg(test)]")), len(lines))
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
