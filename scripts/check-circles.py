#!/usr/bin/env python3
"""Import circles between Rust module files, with a ratchet against a baseline.

What it checks
--------------
For each crate root -- src/lib.rs and src/main.rs (the client; two separate crates) and
crates/<name>/src/lib.rs and crates/<name>/src/main.rs -- it follows the `mod x;` declarations
the way rustc does (x.rs or x/mod.rs, children of a non-mod.rs file in its own directory, inline
`mod x { ... }` blocks) to find the crate's module files. Then file A has an edge to file B when
code in A names a path that resolves into B's module:

* `use` declarations, including grouped and nested trees (`use crate::{a::{X, Y}, b};`), globs
  (`use super::*;`), `self` in groups and `as` renames;
* paths anywhere in code: `crate::a::b::f(...)`, `super::x::Y`, `self::m::Z`;
* bare paths whose first segment is a child module of the current module (`pub use arena::X;`
  or `play::plugin` in lib.rs or a mod.rs), which is how a parent reaches into its children.

A path resolves to the deepest module that exists along it (`crate::a::b::C` -> the file of
crate::a::b, else crate::a, else the crate root); inline modules belong to their file. When the
next name is one that module brings in with a named `use` (a re-export such as lib.rs's
`pub use search::Searcher`, or a private import a child reaches through `super::`), the path is
followed on from where that `use` points, so `crate::Searcher` is an edge to search.rs, not to
lib.rs, and `crate::save::X` with `pub use parlour_saves as save;` is no edge at all; the `use`
itself is still the re-exporting file's own edge. Edges from a file to itself are dropped. Every strongly connected component of more than one file is
an import circle; each is printed as its sorted file list, with one example reference (file:line
and the path as written) for every edge between two of its files.

Not counted: `mod x;` declarations themselves; comments (doc comments and doc links included)
and string/char literals; anything under `#[cfg(test)]` (or `cfg(all(test, ...))`) -- inline
`mod tests { ... }` blocks, test-only items and statements, and whole module files declared as
`#[cfg(test)] mod x;` -- since test code reaching back into its parent is not a circle; `$crate`
paths; `pub(in path)` visibilities; paths into other crates (`parlour::...` from main.rs,
`parlour_rules::...`), which are external.

Limits (what it does not see)
-----------------------------
* Name resolution is only modules plus named module-level `use`s: a glob re-export
  (`pub use x::*`) is not followed (the path stops at the re-exporting file), nor is a `use`
  inside a function body; a module that a path's first segment names through a `use` alias
  (`use crate::games; games::Token` or `use x as y; y::Z`) counts once, at the `use`.
* Glob imports count as an edge to the globbed module only; which names they bring in, and
  whether any is used, is not checked (nor whether any import is used at all). Types and
  values are not told apart from each other (a name is looked up as a module, then a `use`).
* Macros are not expanded: paths inside macro_rules! bodies and macro arguments count as
  written, a macro's own use site does not count as an edge to where it is defined, and
  `#[macro_use]` / textual macro scoping is invisible.
* Other cfgs (target_arch, features) are all taken as on; `#[path = "..."]` attributes are not
  followed (a warning is printed), nor are `include!`d files or src/bin/ targets.
* A `#[cfg(test)]` attribute on a statement or field is skipped up to the next `,` or `;`,
  which is approximate for unusual shapes.

The client's folders
--------------------
The client's top-level modules under src/ (each folder or file: `play/`, `hud/`, `state.rs`, …;
lib.rs, which wires them, left out) must depend on each other in one direction: every file-level
edge between two of them is a folder edge, and any circle among folders fails the check (no
baseline), with the edges that close it. `--layers` prints the folders bottom first, the order
ARCHITECTURE.md draws.

Ratchet
-------
scripts/circles-baseline.txt lists the known circles, one per line (the sorted repo-relative
files joined by spaces; `#` starts a comment). Exit 1 when a circle found is not contained in a
baseline line (a new circle, or one that grew), and exit 1 when a baseline line is not exactly a
current circle (it was broken or shrank: rewrite the baseline so it stays true). Otherwise exit 0
with a one-line summary. `--write-baseline` rewrites the baseline from what it finds now.
"""

import argparse
import os
import sys

ITEM_KEYWORDS = {
    "pub", "fn", "mod", "use", "impl", "struct", "enum", "const", "static", "type", "trait",
    "unsafe", "extern", "macro_rules", "async", "union",
}


def warn(msg):
    print(f"check-circles: warning: {msg}", file=sys.stderr)


# ---------------------------------------------------------------------------------------------
# Lexing: identifiers and punctuation with line numbers; comments and literals dropped.


def is_id_start(c):
    return c.isalpha() or c == "_"


def is_id_char(c):
    return c.isalnum() or c == "_"


def tokenize(text):
    toks = []  # (kind, text, line): kind is "id", "p" (punctuation), "lit" or "lt"
    i, n, line = 0, len(text), 1

    def count_lines(a, b):
        return text.count("\n", a, b)

    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
            continue
        if c.isspace():
            i += 1
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            continue
        if text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            line += count_lines(i, j)
            i = j
            continue
        # Raw strings r"..", r#".."#, br#".."#, cr".."
        if c in "rbc":
            j = i
            if text[j] in "bc" and j + 1 < n and text[j + 1] == "r":
                j += 1
            if text[j] == "r":
                k = j + 1
                while k < n and text[k] == "#":
                    k += 1
                if k < n and text[k] == '"':
                    hashes = k - j - 1
                    close = '"' + "#" * hashes
                    end = text.find(close, k + 1)
                    end = n if end < 0 else end + len(close)
                    line += count_lines(i, end)
                    toks.append(("lit", "", line))
                    i = end
                    continue
                if text[j] == "r" and j == i and k == i + 2 and k < n and is_id_start(text[k]):
                    # raw identifier r#name: keep the prefix so it never matches a keyword
                    m = k
                    while m < n and is_id_char(text[m]):
                        m += 1
                    toks.append(("id", text[i:m], line))
                    i = m
                    continue
            # byte / C string or byte char: b"..", c"..", b'x'
            if c in "bc" and i + 1 < n and text[i + 1] in "\"'" and not (c == "c" and text[i + 1] == "'"):
                i += 1
                c = text[i]
                # fall through to the string / char handling below
            elif is_id_start(c):
                pass
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j += 1
            line += count_lines(i, j)
            toks.append(("lit", "", line))
            i = j
            continue
        if c == "'":
            # char literal ('a', '\n', '\u{1F600}') or lifetime / label ('a)
            if i + 1 < n and text[i + 1] == "\\":
                j = text.find("'", i + 2)
                if text[i + 2 : i + 3] == "'":  # '\''
                    j = text.find("'", i + 3)
                i = n if j < 0 else j + 1
                toks.append(("lit", "", line))
                continue
            if i + 2 < n and text[i + 2] == "'":
                i += 3
                toks.append(("lit", "", line))
                continue
            j = i + 1
            while j < n and is_id_char(text[j]):
                j += 1
            toks.append(("lt", text[i:j], line))
            i = j
            continue
        if is_id_start(c):
            j = i + 1
            while j < n and is_id_char(text[j]):
                j += 1
            toks.append(("id", text[i:j], line))
            i = j
            continue
        if c.isdigit():
            j = i + 1
            while j < n and (is_id_char(text[j]) or (text[j] == "." and j + 1 < n and text[j + 1].isdigit())):
                j += 1
            toks.append(("lit", "", line))
            i = j
            continue
        if text.startswith("::", i):
            toks.append(("p", "::", line))
            i += 2
            continue
        toks.append(("p", c, line))
        i += 1
    return toks


# ---------------------------------------------------------------------------------------------
# Parsing one file: module declarations, inline modules and path references.


def cfg_requires_test(toks, a, b):
    """Whether the cfg predicate in toks[a:b] can only hold in a test build."""

    def parse(i):
        # returns (requires_test, next index)
        kind, t, _ = toks[i]
        if t in ("all", "any", "not") and i + 1 < b and toks[i + 1][1] == "(":
            j = i + 2
            parts = []
            while j < b and toks[j][1] != ")":
                r, j = parse(j)
                parts.append(r)
                if j < b and toks[j][1] == ",":
                    j += 1
            j += 1
            if t == "all":
                return any(parts), j
            if t == "any":
                return bool(parts) and all(parts), j
            return False, j
        # a plain predicate: `test`, `feature = "x"`, `unix` ...
        j = i + 1
        if j < b and toks[j][1] == "=":
            j += 2
        return t == "test" and kind == "id" and j == i + 1, j

    if a >= b:
        return False
    try:
        return parse(a)[0]
    except IndexError:
        return False


class FileInfo:
    def __init__(self, path):
        self.path = path
        self.test_file = False  # #![cfg(test)] at the top
        self.mod_decls = []  # (inline module path tuple, name, line)  for `mod name;`
        self.inline_mods = []  # inline module path tuples (relative to the file's module)
        self.refs = []  # (inline ctx tuple, segments list, line, shown text)
        self.bindings = {}  # inline ctx tuple -> {name: segments} for module-level `use`s


def matching(toks, i):
    """Index just past the bracket group opening at toks[i]."""
    pairs = {"(": ")", "[": "]", "{": "}"}
    stack = [pairs[toks[i][1]]]
    j = i + 1
    while j < len(toks) and stack:
        t = toks[j][1] if toks[j][0] == "p" else None
        if t in pairs:
            stack.append(pairs[t])
        elif t in (")", "]", "}") and t == stack[-1]:
            stack.pop()
        j += 1
    return j


def skip_item(toks, i):
    """Skip the item, statement, field or arm starting at toks[i]; return the next index."""
    n = len(toks)
    item = toks[i][0] == "id" and toks[i][1] in ITEM_KEYWORDS if i < n else False
    j = i
    while j < n:
        kind, t, _ = toks[j]
        if kind == "p":
            if t in ("(", "["):
                j = matching(toks, j)
                continue
            if t == "{":
                j = matching(toks, j)
                if item:
                    return j
                continue
            if t == ";":
                return j + 1
            if t in (")", "]", "}"):
                return j
            if t == "," and not item:
                return j
        j += 1
    return j


def parse_use_tree(toks, i, prefix, out):
    """Parse a use tree at toks[i]; append (segments, line, name bound or None) to out; return
    the next index."""
    n = len(toks)
    segs = list(prefix)
    if i < n and toks[i][1] == "::" and not segs:
        segs.append("::")  # a leading `::` names an external crate
        i += 1
    while i < n:
        kind, t, line = toks[i]
        if kind == "p" and t == "{":
            i += 1
            while i < n and toks[i][1] != "}":
                i = parse_use_tree(toks, i, segs, out)
                if i < n and toks[i][1] == ",":
                    i += 1
            return i + 1
        if kind == "p" and t == "*":
            out.append((segs, line, None))
            return i + 1
        if kind == "id":
            segs = segs + [t]
            i += 1
            name = t if t != "self" else (segs[-2] if len(segs) > 1 else None)
            if i < n and toks[i][1] == "as":
                name = toks[i + 1][1] if i + 1 < n else None
                i += 2
            if i < n and toks[i][1] == "::":
                i += 1
                continue
            out.append((segs, line, name))
            return i
        return i  # unexpected token: give up on this tree
    return i


def parse_file(path, text):
    info = FileInfo(path)
    toks = tokenize(text)
    n = len(toks)
    stack = []  # per open `{`: the inline module name it opens, or None
    pending_mod = None
    pending_test = False
    i = 0

    def ctx():
        return tuple(s for s in stack if s is not None)

    def module_level():
        return all(s is not None for s in stack)

    while i < n:
        kind, t, line = toks[i]
        # attributes
        if kind == "p" and t == "#" and i + 1 < n:
            inner = toks[i + 1][1] == "!"
            k = i + 2 if inner else i + 1
            if k < n and toks[k][1] == "[":
                end = matching(toks, k)
                a = k + 1
                if toks[a][1] == "cfg" and toks[a + 1][1] == "(":
                    if cfg_requires_test(toks, a + 2, end - 2):
                        if inner and not stack:
                            info.test_file = True
                            return info
                        if inner:
                            # #![cfg(test)] inside an inline module: drop the rest of it
                            depth, j = 0, end
                            while j < n:
                                if toks[j][1] == "{":
                                    depth += 1
                                elif toks[j][1] == "}":
                                    if depth == 0:
                                        break
                                    depth -= 1
                                j += 1
                            i = j
                            continue
                        pending_test = True
                if toks[a][1] == "path" and toks[a + 1][1] == "=":
                    warn(f"{path}:{line}: #[path] attribute is not followed; module files may be wrong")
                i = end
                continue
        if pending_test:
            pending_test = False
            i = skip_item(toks, i)
            continue
        if kind == "p":
            if t == "{":
                stack.append(pending_mod)
                pending_mod = None
            elif t == "}":
                if stack:
                    stack.pop()
            i += 1
            continue
        if kind != "id":
            i += 1
            continue
        prev = toks[i - 1][1] if i else ""
        if t == "pub" and i + 1 < n and toks[i + 1][1] == "(":
            i = matching(toks, i + 1)  # pub(crate), pub(super), pub(in path)
            continue
        if t == "mod" and i + 2 < n and toks[i + 1][0] == "id":
            name = toks[i + 1][1]
            if toks[i + 2][1] == ";":
                info.mod_decls.append((ctx(), name, line))
                i += 3
                continue
            if toks[i + 2][1] == "{":
                pending_mod = name
                info.inline_mods.append(ctx() + (name,))
                i += 2
                continue
        if t == "use" and prev != "::":
            out = []
            j = parse_use_tree(toks, i + 1, [], out)
            for segs, l, name in out:
                shown = "::".join(segs[:-1]) + "::{self}" if segs[-1] == "self" and len(segs) > 1 else "::".join(segs)
                info.refs.append((ctx(), segs, l, "use " + shown))
                if name and name != "_" and module_level():
                    info.bindings.setdefault(ctx(), {})[name] = segs
            i = j
            continue
        # a path: ident (:: ident)* not itself a continuation of a longer path or a field
        if i + 2 < n and toks[i + 1][1] == "::" and toks[i + 2][0] == "id" and prev not in ("::", "$", "."):
            segs = [t]
            j = i + 1
            while j + 1 < n and toks[j][1] == "::" and toks[j + 1][0] == "id":
                segs.append(toks[j + 1][1])
                j += 2
            info.refs.append((ctx(), segs, line, "::".join(segs)))
            i = j
            continue
        i += 1
    return info


# ---------------------------------------------------------------------------------------------
# Crates: module files, edges, circles.


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def crate_graph(repo, root_file):
    """Module files of the crate rooted at root_file, and the edges between them.

    Returns (files, edges) with edges as {(a, b): (line, shown path)}, paths repo-relative."""
    modules = {}  # module path tuple -> repo-relative file
    infos = {}  # repo-relative file -> (FileInfo, module path tuple)
    todo = [((), root_file, True)]
    while todo:
        modpath, abspath, is_dir_owner = todo.pop()
        rel = os.path.relpath(abspath, repo)
        info = parse_file(rel, read(abspath))
        if info.test_file:
            continue
        modules[modpath] = rel
        infos[rel] = (info, modpath)
        for inline in info.inline_mods:
            modules.setdefault(modpath + inline, rel)
        base_dir = os.path.dirname(abspath)
        if not is_dir_owner:
            base_dir = os.path.join(base_dir, os.path.splitext(os.path.basename(abspath))[0])
        for inline, name, line in info.mod_decls:
            d = os.path.join(base_dir, *inline)
            flat, nested = os.path.join(d, name + ".rs"), os.path.join(d, name, "mod.rs")
            if os.path.isfile(flat):
                todo.append((modpath + inline + (name,), flat, False))
            elif os.path.isfile(nested):
                todo.append((modpath + inline + (name,), nested, True))
            else:
                warn(f"{rel}:{line}: no file for `mod {name};`")

    bindings = {}  # module path tuple -> {name: use path as written there}
    for rel, (info, modpath) in infos.items():
        for inline, names in info.bindings.items():
            bindings.setdefault(modpath + inline, {}).update(names)

    def resolve(here, segs, depth=0):
        """The file a path written in module `here` leads into, or None (another crate, std, or
        a name brought in by `use`, which counts once, at the `use`)."""
        first = segs[0]
        if first == "crate":
            target, rest = (), segs[1:]
        elif first in ("self", "super"):
            target, rest = here, segs
            while rest and rest[0] in ("self", "super"):
                if rest[0] == "super":
                    if not target:
                        break
                    target = target[:-1]
                rest = rest[1:]
        elif here + (first,) in modules:
            target, rest = here, segs
        else:
            return None
        for k, seg in enumerate(rest):
            if seg == "self":
                continue
            if target + (seg,) in modules:
                target = target + (seg,)
                continue
            # a name the module imports with `use` (a re-export, or a private import seen by a
            # child through super::): follow it to where it comes from
            via = bindings.get(target, {}).get(seg)
            if via is not None and depth < 16:
                return resolve(target, via + rest[k + 1 :], depth + 1)
            break
        return modules[target]

    edges = {}
    for rel, (info, modpath) in infos.items():
        for inline, segs, line, shown in info.refs:
            dest = resolve(modpath + inline, segs)
            if dest is not None and dest != rel:
                key = (rel, dest)
                if key not in edges or line < edges[key][0]:
                    edges[key] = (line, shown)
    return sorted(infos), edges


def circles(files, edges):
    """Strongly connected components with more than one file (Tarjan, iterative)."""
    succ = {f: [] for f in files}
    for a, b in edges:
        succ[a].append(b)
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for start in files:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            v, pos = work.pop()
            if pos == 0:
                index[v] = low[v] = counter
                counter += 1
                stack.append(v)
                on.add(v)
            advanced = False
            nexts = sorted(succ[v])
            while pos < len(nexts):
                w = nexts[pos]
                pos += 1
                if w not in index:
                    work.append((v, pos))
                    work.append((w, 0))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    return out


def crate_roots(repo):
    roots = []
    for f in ("src/lib.rs", "src/main.rs"):
        if os.path.isfile(os.path.join(repo, f)):
            roots.append(os.path.join(repo, f))
    crates = os.path.join(repo, "crates")
    if os.path.isdir(crates):
        for name in sorted(os.listdir(crates)):
            for f in ("lib.rs", "main.rs"):
                p = os.path.join(crates, name, "src", f)
                if os.path.isfile(p):
                    roots.append(p)
    return roots


# ---------------------------------------------------------------------------------------------


def read_baseline(path):
    lines = []
    if os.path.isfile(path):
        for raw in read(path).splitlines():
            s = raw.split("#", 1)[0].split()
            if s:
                lines.append(sorted(s))
    return lines


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description="Import circles between Rust module files (see the docstring).")
    ap.add_argument("--root", default=os.path.dirname(here), help="repository root (default: this script's ../)")
    ap.add_argument("--baseline", help="baseline file (default: ROOT/scripts/circles-baseline.txt)")
    ap.add_argument("--write-baseline", action="store_true", help="rewrite the baseline from the current circles")
    ap.add_argument("--layers", action="store_true", help="print the client's folders in layers, bottom first")
    args = ap.parse_args()
    repo = os.path.abspath(args.root)
    baseline_path = args.baseline or os.path.join(repo, "scripts", "circles-baseline.txt")

    found = []  # (files, edges within)
    nfiles = 0
    for root in crate_roots(repo):
        files, edges = crate_graph(repo, root)
        nfiles += len(files)
        for comp in circles(files, edges):
            members = set(comp)
            inside = sorted((a, b, e) for (a, b), e in edges.items() if a in members and b in members)
            found.append((comp, inside))
    unique = {}
    for comp, inside in found:  # a file reachable from both lib.rs and main.rs counts once
        unique.setdefault(tuple(comp), (comp, inside))
    found = sorted(unique.values())

    for k, (comp, inside) in enumerate(found, 1):
        print(f"circle {k} ({len(comp)} files): {' '.join(comp)}")
        for a, b, (line, shown) in inside:
            print(f"    {a}:{line} -> {b}    {shown}")

    if args.write_baseline:
        with open(baseline_path, "w", encoding="utf-8") as f:
            f.write("# Import circles known today, one per line (scripts/check-circles.py --write-baseline).\n")
            f.write("# The check fails on any circle not listed here, and on a line here that no longer is one.\n")
            for comp, _ in found:
                f.write(" ".join(comp) + "\n")
        print(f"check-circles: wrote {len(found)} circle(s) to {os.path.relpath(baseline_path, repo)}")
        return 0

    baseline = read_baseline(baseline_path)
    rel_baseline = os.path.relpath(baseline_path, repo)
    failed = False
    for comp, _ in found:
        if not any(set(comp) <= set(line) for line in baseline):
            failed = True
            print(f"check-circles: NEW import circle (not in {rel_baseline}): {' '.join(comp)}")
    current = [comp for comp, _ in found]
    for line in baseline:
        if line not in current:
            failed = True
            print(
                f"check-circles: {rel_baseline} lists a circle that is no longer there as written "
                f"(broken or shrunk; run scripts/check-circles.py --write-baseline to update it): {' '.join(line)}"
            )
    # The client's folders (the top-level modules of src/: `play/`, `hud/`, `state.rs`, …) must
    # depend on each other in one direction, as ARCHITECTURE.md draws them.
    if os.path.isfile(os.path.join(repo, "src", "lib.rs")):
        files, edges = crate_graph(repo, os.path.join(repo, "src", "lib.rs"))
        top = {f: top_module(f) for f in files}
        folder_edges = {}
        for (a, b), e in edges.items():
            if top[a] != top[b] and "lib" not in (top[a], top[b]):
                folder_edges.setdefault((top[a], top[b]), (a, b, e))
        for comp in circles(sorted(set(top.values())), folder_edges):
            failed = True
            print(f"check-circles: the client's folders depend on each other in a circle: {' '.join(comp)}")
            for (x, y), (a, b, (line, shown)) in sorted(folder_edges.items()):
                if x in comp and y in comp:
                    print(f"    {x} -> {y}: {a}:{line} -> {b}    {shown}")
        if args.layers:
            print(" ".join(layers(set(top.values()) - {"lib"}, folder_edges)))
    if failed:
        return 1
    print(f"check-circles: {len(found)} known import circle(s), none new, in {nfiles} module files; the client's folders in one direction")
    return 0


def top_module(f):
    """`src/play/board.rs` -> `play`; `src/state.rs` -> `state`; `src/lib.rs` -> `lib`."""
    rest = f.split("/", 1)[1]
    return rest.split("/", 1)[0].removesuffix(".rs")


def layers(nodes, edges):
    """The folders from the bottom (depends on no other) up, one layer per `|`."""
    deps = {n: {b for (a, b) in edges if a == n and b in nodes} for n in nodes}
    out, done = [], set()
    while len(done) < len(nodes):
        layer = sorted(n for n in nodes if n not in done and deps[n] <= done)
        if not layer:
            break
        out.append(" ".join(layer))
        done |= set(layer)
    return [" | ".join(out)]


if __name__ == "__main__":
    sys.exit(main())
