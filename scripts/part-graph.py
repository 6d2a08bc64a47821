#!/usr/bin/env python3
"""The link graph between tibench's parts, from CMake's own graph.

usage: scripts/part-graph.py [--check] [--markdown] [--write F | --compare F] SOURCE_DIR

Configures SOURCE_DIR in a temporary build directory with
`cmake --graphviz`, keeps the tibench libraries, maps each to the part
(top-level folder) whose CMakeLists.txt defines it, and prints every direct
link between parts. With --check it fails (exit 1) when a part links a part
that is not to its left in the README's dependency chain
(`core ← fileio ← … ← cli`), or when the chain names a folder that defines
no part. With --markdown it prints the graph as a table; --write F puts
that table between F's "<!-- part-graph -->" markers, --compare F fails
(exit 1) when F's table differs from it.
"""
import pathlib
import re
import subprocess
import sys
import tempfile


def chain_from_readme(src):
    text = (src / "README.md").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line.startswith("core ←"):
            return [p.strip() for p in line.split("←")]
    sys.exit("part-graph: README.md has no dependency chain line starting 'core ←'")


def library_parts(src):
    """tibench library target -> the part (folder) whose CMakeLists defines it."""
    parts = {}
    for cml in sorted(src.glob("*/CMakeLists.txt")):
        folder = cml.parent.name
        text = cml.read_text(encoding="utf-8")
        for name in re.findall(r"tibench_part\(\s*(\w+)", text):
            parts["tibench_" + name] = folder
        for name in re.findall(r"add_library\(\s*(tibench_\w+)\s+STATIC", text):
            parts[name] = folder
    return parts


def cmake_edges(src):
    with tempfile.TemporaryDirectory(prefix="tibench-graph-") as tmp:
        dot = pathlib.Path(tmp) / "graph.dot"
        subprocess.run(["cmake", "-S", str(src), "-B", str(pathlib.Path(tmp) / "build"),
                        "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", f"--graphviz={dot}"],
                       check=True, stdout=subprocess.DEVNULL)
        text = dot.read_text(encoding="utf-8")
    labels = dict(re.findall(r'"(node\d+)" \[ label = "([^"]+)"', text))
    edges = re.findall(r'"(node\d+)" -> "(node\d+)"', text)
    return [(labels[a], labels[b]) for a, b in edges if a in labels and b in labels]


def part_edges(src):
    parts = library_parts(src)
    links = set()
    for a, b in cmake_edges(src):
        if a in parts and b in parts and parts[a] != parts[b]:
            links.add((parts[a], parts[b]))
    return parts, links


MARKER = "<!-- part-graph -->"


def replace_table(text, table):
    head, sep, rest = text.partition(MARKER)
    _, sep2, tail = rest.partition(MARKER)
    if not sep or not sep2:
        sys.exit(f"part-graph: the file has no pair of {MARKER} markers")
    return head + MARKER + "\n" + table + MARKER + tail


def option(argv, name):
    if name not in argv:
        return None
    i = argv.index(name)
    if i + 1 >= len(argv):
        sys.exit(f"part-graph: {name} needs a file")
    return pathlib.Path(argv[i + 1])


def main(argv):
    write, compare = option(argv, "--write"), option(argv, "--compare")
    skip = {str(f) for f in (write, compare) if f}
    args = [a for a in argv if not a.startswith("--") and a not in skip]
    if len(args) != 1:
        sys.exit(__doc__)
    src = pathlib.Path(args[0]).resolve()
    chain = chain_from_readme(src)
    parts, links = part_edges(src)
    rank = {p: i for i, p in enumerate(chain)}
    errors = [f"README's chain names '{p}', which defines no library"
              for p in chain if p not in parts.values()]
    errors += [f"part '{p}' is missing from README's chain"
               for p in sorted(set(parts.values())) if p not in rank]
    for a, b in sorted(links):
        if a in rank and b in rank and rank[b] >= rank[a]:
            errors.append(f"{a} links {b}, which is not to its left in the chain")
    by_part = {p: sorted((b for a, b in links if a == p), key=lambda x: rank.get(x, 99))
               for p in chain}
    table = "| part | links (direct) |\n|---|---|\n" + "".join(
        f"| `{p}` | {', '.join(f'`{b}`' for b in by_part[p]) or '—'} |\n" for p in chain)
    if write:
        write.write_text(replace_table(write.read_text(encoding="utf-8"), table), encoding="utf-8")
    if compare:
        text = compare.read_text(encoding="utf-8")
        if replace_table(text, table) != text:
            errors.append(f"{compare}'s table is not the graph CMake builds "
                          f"(regenerate: scripts/part-graph.py --write {compare} .)")
    if "--markdown" in argv:
        print(table, end="")
    else:
        for p in chain:
            print(f"{p} -> {' '.join(by_part[p]) or '(nothing)'}")
    if ("--check" in argv or compare) and errors:
        for e in errors:
            print("part-graph: " + e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
