#!/usr/bin/python3
"""Static HTML report of a `make run` results directory (results/report/index.html).

usage: /usr/bin/python3 scripts/report.py --results results --out results/report [--repo .]

Reads, under --results (every input is optional; an absent one is shown as "not run"):
  default.h5, <paper>.h5, claims.h5   root attributes (provenance: tibench_version,
                                      git_commit, git_dirty, compiler, build_type,
                                      cxx_flags, created_utc, command_line, hostname)
  convergence.md, workprecision.md    tables written by tibench converge / workprecision,
                                      grouped per problem (the "### <problem>: <metric>"
                                      sections of the Markdown)
  <paper>.md                          each paper matrix's tables and [[table]] verdicts,
                                      for every --repo/harness/matrices/*.toml except
                                      default, smoke and ci (name and description from it)
  <paper>.short.h5, .short.md         a long matrix's short version (make run): shown,
                                      and marked so, when newer than <paper>.h5
  claims.h5                           the claims ledger: /claims/<id> attributes paper,
                                      statement, status, definition, summary, measured
                                      (JSON), expected, tolerance, interpretation, fast,
                                      wall_s and, when present, source (repo-relative path
                                      of the check, linked only if the file exists)
  figures/*.png, figures/<paper>[.short]/*.png   drawn by scripts/plot.py
and, on the machine that builds the report: uname, /proc/cpuinfo, /proc/meminfo and
`dpkg-query -W` for the libraries tibench builds against.

Writes --out/index.html (one page, inline CSS, no script, no external asset) and
--out/figures/... (copies of the PNGs it shows, linked relatively), so that the
directory works from file://. The directory is built next to --out and renamed over it.

Exit codes: 0 written; 2 malformed input (an unreadable HDF5 file, a Markdown table
with a ragged row, a claim without its attributes, a broken PNG, a bad matrix TOML):
one line on stderr naming the file.
"""
import argparse
import datetime
import html
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import h5py

PROVENANCE_KEYS = ("tibench_version", "git_commit", "git_dirty", "compiler", "build_type",
                   "cxx_flags", "created_utc", "command_line", "hostname")
LIBRARIES = ("libeigen3-dev", "libhdf5-dev", "libboost-dev", "libgmsh-dev", "libcgal-dev",
             "coinor-libipopt-dev", "python3-h5py", "python3-matplotlib")
NOT_PAPERS = ("default", "smoke", "ci")
# Per-problem figure kinds of scripts/plot.py, in the order they are shown.
PROBLEM_KINDS = ("convergence", "workprecision", "energy", "alpha", "contact", "frames")
STABILITY_NAMES = ("stability_", "order_stars")
CLAIM_KEYS = ("paper", "statement", "status", "definition", "summary", "measured",
              "expected", "tolerance", "interpretation")


class ReportError(Exception):
    """Malformed input: reported as one line, exit code 2."""


def esc(text):
    return html.escape(str(text), quote=True)


# ---------------------------------------------------------------- Markdown subset

def inline(text):
    """Escaped text with `code` and **bold** spans (all tibench's Markdown uses)."""
    out = esc(text)
    out = re.sub(r"`([^`]+)`", r"<code>\1</code>", out)
    return re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)


def split_row(line):
    return [c.strip() for c in line.strip()[1:-1].split("|")]


def parse_table(lines, path, lineno):
    """A pipe table: header, alignment row, body rows of the same width."""
    header = split_row(lines[0])
    align = split_row(lines[1]) if len(lines) > 1 else []
    if len(align) != len(header) or not all(re.fullmatch(r":?-+:?", a) for a in align):
        raise ReportError(f"{path}:{lineno + 1}: table without a valid alignment row")
    rows = []
    for k, line in enumerate(lines[2:]):
        cells = split_row(line)
        if len(cells) != len(header):
            raise ReportError(f"{path}:{lineno + 3 + k}: table row has {len(cells)} cells, "
                              f"header has {len(header)}")
        rows.append(cells)
    return {"kind": "table", "header": header, "right": [a.endswith(":") for a in align],
            "rows": rows}


def parse_md(text, path):
    """Blocks of tibench's Markdown: headings, paragraphs, pipe tables, bullet lists."""
    lines = text.splitlines()
    blocks, i = [], 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
        elif m := re.match(r"(#{1,6}) (.*)", line):
            blocks.append({"kind": "h", "level": len(m.group(1)), "text": m.group(2).strip()})
            i += 1
        elif line.startswith("|"):
            j = i
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            blocks.append(parse_table(lines[i:j], path, i))
            i = j
        elif line.startswith("- "):
            items = []
            while i < len(lines) and lines[i].startswith("- "):
                items.append(lines[i][2:])
                i += 1
            blocks.append({"kind": "ul", "items": items})
        else:
            para = []
            while i < len(lines) and lines[i].strip() and not re.match(r"(#|\||- )", lines[i]):
                para.append(lines[i])
                i += 1
            blocks.append({"kind": "p", "text": " ".join(para)})
    return blocks


VERDICT_RE = re.compile(r"^\*\*Verdict: ([a-z ]+?)(:|\*\*)")


def verdict_class(word):
    return {"reproduced": "ok", "refuted": "bad", "inconclusive": "warn"}.get(word, "neutral")


def render_table(b):
    head = "".join(f"<th>{inline(h)}</th>" for h in b["header"])
    body = []
    for row in b["rows"]:
        cells = "".join(f'<td class="num">{inline(c)}</td>' if right else f"<td>{inline(c)}</td>"
                        for c, right in zip(row, b["right"]))
        body.append(f"<tr>{cells}</tr>")
    return (f'<div class="tablewrap"><table><thead><tr>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table></div>')


def render_blocks(blocks, shift=0):
    """HTML of parsed blocks; headings are demoted by `shift` levels (at most h6)."""
    out = []
    for b in blocks:
        if b["kind"] == "h":
            level = min(6, b["level"] + shift)
            out.append(f"<h{level}>{inline(b['text'])}</h{level}>")
        elif b["kind"] == "table":
            out.append(render_table(b))
        elif b["kind"] == "ul":
            out.append("<ul>" + "".join(f"<li>{inline(x)}</li>" for x in b["items"]) + "</ul>")
        elif m := VERDICT_RE.match(b["text"]):
            out.append(f'<p class="verdict {verdict_class(m.group(1))}">{inline(b["text"])}</p>')
        else:
            out.append(f"<p>{inline(b['text'])}</p>")
    return "\n".join(out)


def read_md(path):
    try:
        with open(path, encoding="utf-8") as f:
            return parse_md(f.read(), path)
    except (OSError, UnicodeDecodeError) as e:
        raise ReportError(f"{path}: cannot read: {e}") from e


def sections(blocks):
    """(h2 title, h3 title or None, blocks) in document order."""
    out, h2, cur = [], "", None
    for b in blocks:
        if b["kind"] == "h" and b["level"] <= 3:
            h2 = b["text"] if b["level"] <= 2 else h2
            cur = (h2, b["text"] if b["level"] == 3 else None, [])
            out.append(cur)
        elif cur is None:
            cur = ("", None, [b])
            out.append(cur)
        else:
            cur[2].append(b)
    return out


# ---------------------------------------------------------------- the page's parts

class Page:
    """The page being assembled: unique anchors, table of contents, copied figures."""

    def __init__(self, results, tmp, out, repo):
        self.results, self.tmp, self.out, self.repo = results, tmp, out, repo
        self.toc, self.ids = [], set()

    def anchor(self, text, prefix, level, title=None, toc=True):
        slug = prefix + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
        base, n = slug, 2
        while slug in self.ids:
            slug, n = f"{base}-{n}", n + 1
        self.ids.add(slug)
        if toc:
            self.toc.append((level, slug, title or text))
        return slug

    def figure(self, rel):
        """Copies results/figures/<rel> into the report; returns its <figure>."""
        src = os.path.join(self.results, "figures", rel)
        with open(src, "rb") as f:
            if f.read(8) != b"\x89PNG\r\n\x1a\n":
                raise ReportError(f"{src}: not a PNG file")
        dst = os.path.join(self.tmp, "figures", rel)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copyfile(src, dst)
        href = esc("figures/" + rel.replace(os.sep, "/"))
        name = esc(os.path.basename(rel)[:-4])
        return (f'<figure><a href="{href}"><img src="{href}" alt="{name}"></a>'
                f"<figcaption>{name}</figcaption></figure>")

    def figures(self, rels):
        if not rels:
            return '<p class="missing">no figures</p>'
        return '<div class="figs">' + "".join(self.figure(r) for r in rels) + "</div>"


def section(page, title, prefix, body, level=2, toc_title=None):
    """<section> with a unique anchor in the table of contents; `body` is HTML or a
    function returning it (called after the anchor, so subsections follow in the toc)."""
    ident = page.anchor(title, prefix, level, toc_title)
    html_body = body() if callable(body) else body
    return f'<section id="{ident}"><h{level}>{esc(title)}</h{level}>\n{html_body}\n</section>'


def not_run(what):
    return f'<p class="missing">not run: {esc(what)}</p>'


def pngs(directory):
    """Sorted PNG names in a directory (none when it is absent)."""
    if not os.path.isdir(directory):
        return []
    return sorted(n for n in os.listdir(directory) if n.endswith(".png"))


def figure_order(name):
    kind = name.split("_", 1)[0]
    rank = (["paper"] + list(PROBLEM_KINDS)).index(kind) if kind in (
        ["paper"] + list(PROBLEM_KINDS)) else 99
    return (rank, name)


# ---------------------------------------------------------------- provenance

def text_of(value):
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if hasattr(value, "item"):
        return str(value.item())
    return str(value)


def root_attrs(path):
    try:
        with h5py.File(path, "r") as f:
            return {k: text_of(v) for k, v in f.attrs.items()}
    except OSError as e:
        raise ReportError(f"{path}: not a readable HDF5 file ({e})") from e


def run_files(results, papers):
    """(label, file name) of every HDF5 file the report reads, in page order."""
    return ([("default", "default.h5")] + [(p, p + ".h5") for p in papers]
            + [("claims", "claims.h5")])


def provenance_table(results, papers):
    header = "".join(f"<th>{k}</th>" for k in ("matrix / file",) + PROVENANCE_KEYS)
    rows = []
    for label, name in run_files(results, papers):
        path = os.path.join(results, name)
        if not os.path.exists(path):
            rows.append(f'<tr><td>{esc(name)}</td><td colspan="{len(PROVENANCE_KEYS)}" '
                        f'class="missing">not run</td></tr>')
            continue
        attrs = root_attrs(path)
        cells = "".join(f"<td>{esc(attrs.get(k, 'absent'))}</td>" for k in PROVENANCE_KEYS)
        rows.append(f"<tr><td>{esc(name)}</td>{cells}</tr>")
    return (f'<div class="tablewrap"><table class="prov"><thead><tr>{header}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def first_line_with(path, key):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(key):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def machine_info():
    u = platform.uname()
    mem = first_line_with("/proc/meminfo", "MemTotal")
    if mem.endswith(" kB") and mem[:-3].strip().isdigit():
        mem = f"{int(mem[:-3]) / 1024 / 1024:.1f} GiB"
    return [("uname", f"{u.system} {u.node} {u.release} {u.version} {u.machine}"),
            ("CPU model", first_line_with("/proc/cpuinfo", "model name")),
            ("logical cores", str(os.cpu_count() or "unknown")),
            ("memory", mem),
            ("python", f"{sys.executable} {platform.python_version()}")]


def library_versions():
    out = []
    for pkg in LIBRARIES:
        try:
            res = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg],
                                 capture_output=True, text=True, timeout=20)
            version = res.stdout.strip() if res.returncode == 0 and res.stdout.strip() else ""
        except (OSError, subprocess.TimeoutExpired):
            version = ""
        out.append((pkg, version or "unknown"))
    return out


def key_value_table(pairs):
    rows = "".join(f"<tr><th>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in pairs)
    return f'<table class="kv"><tbody>{rows}</tbody></table>'


def provenance_section(page, papers):
    generated = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return "\n".join([section(page, "Runs", "prov-",
                    "<p>Root attributes of each HDF5 file (written by tibench).</p>"
                    + provenance_table(page.results, papers), 3),
            section(page, "Machine", "prov-",
                    f"<p>Where this report was built, at {generated}.</p>"
                    + key_value_table(machine_info()), 3),
            section(page, "Libraries", "prov-",
                    "<p>Debian package versions (<code>dpkg-query -W</code>).</p>"
                    + key_value_table(library_versions()), 3)])


# ---------------------------------------------------------------- problems

def short_title(h2):
    """'Convergence (results/default.h5)' -> 'Convergence'."""
    return re.sub(r"\s*\(.*\)$", "", h2)


def table_groups(results):
    """Per problem: [(caption, blocks)] from convergence.md and workprecision.md; the
    sections that name no problem (definitions, references) as notes; files absent."""
    per_problem, notes, absent = {}, [], []
    for name in ("convergence.md", "workprecision.md"):
        path = os.path.join(results, name)
        if not os.path.exists(path):
            absent.append(name)
            continue
        for h2, h3, blocks in sections(read_md(path)):
            if h3 and ":" in h3:
                problem, metric = (x.strip() for x in h3.split(":", 1))
                per_problem.setdefault(problem, []).append(
                    (f"{short_title(h2)}: {metric}", blocks))
            else:
                notes.append((h2 if h3 is None else h3, blocks))
    return per_problem, notes, absent


def figure_groups(results):
    """Top-level figures: per problem, stability, and any other."""
    per_problem, stability, other = {}, [], []
    for name in pngs(os.path.join(results, "figures")):
        parts = name[:-4].split("_")
        if name.startswith(STABILITY_NAMES):
            stability.append(name)
        elif parts[0] in PROBLEM_KINDS and len(parts) >= 2:
            per_problem.setdefault(parts[1], []).append(name)
        else:
            other.append(name)
    for names in per_problem.values():
        names.sort(key=figure_order)
    return per_problem, stability, other


def problem_body(page, tables, figures):
    parts = []
    for caption, blocks in tables:
        parts.append(f"<h4>{esc(caption)}</h4>" + render_blocks(blocks, shift=2))
    left = "\n".join(parts) or '<p class="missing">no table for this problem</p>'
    return (f'<div class="problem"><div class="tables">{left}</div>'
            f'<div class="side">{page.figures(figures)}</div></div>')


def problems_section(page):
    tables, notes, absent = table_groups(page.results)
    figs, _, other = figure_groups(page.results)

    def body():
        out = [not_run(f"{name} absent") for name in absent]
        if not tables and not figs:
            out.append(not_run("no convergence tables and no figures of default.h5"))
        for problem in sorted(set(tables) | set(figs)):
            out.append(section(page, problem, "problem-",
                               lambda p=problem: problem_body(page, tables.get(p, []),
                                                              figs.get(p, [])), 3))
        if notes:
            out.append(section(page, "Definitions and references", "tables-", lambda: "\n".join(
                f"<h4>{esc(short_title(t))}</h4>" + render_blocks(b, shift=2)
                for t, b in notes), 3))
        if other:
            out.append(section(page, "Other figures", "figures-",
                               lambda: page.figures(other), 3))
        return "\n".join(out)
    return section(page, "Convergence and work-precision per problem", "", body)


def stability_section(page):
    _, stability, _ = figure_groups(page.results)
    # the many-panel regions and order stars after the curves
    stability.sort(key=lambda n: (n.startswith(("stability_regions", "order_stars")), n))
    body = ("<p>Registry-wide: trace and spectral radius of the update matrix, |R(iy)|, "
            "numerical damping ratio and period error, stability regions and order stars "
            "(scripts/plot.py from <code>tibench stability</code>).</p>"
            + (page.figures(stability) if stability else not_run("no stability figures")))
    return section(page, "Stability and damping", "", body)


# ---------------------------------------------------------------- paper reproductions

def paper_matrices(repo):
    """[(name, description, long)] of harness/matrices/*.toml other than default, smoke,
    ci; a `long` matrix runs in its short version in make run, in full in make run FULL=1."""
    directory = os.path.join(repo, "harness", "matrices")
    if not os.path.isdir(directory):
        raise ReportError(f"{directory}: no such directory (is --repo the checkout?)")
    out = []
    for fname in sorted(os.listdir(directory)):
        name = fname[:-5]
        if not fname.endswith(".toml") or name in NOT_PAPERS:
            continue
        path = os.path.join(directory, fname)
        try:
            with open(path, "rb") as f:
                spec = tomllib.load(f)
        except (OSError, tomllib.TOMLDecodeError) as e:
            raise ReportError(f"{path}: malformed matrix ({e})") from e
        out.append((name, str(spec.get("description", "")), spec.get("long") is True))
    return out


def absent_run(name, long_run):
    if long_run:
        return not_run(f"{name}.h5 absent: a long matrix, run in full by make run FULL=1 "
                       "(make run-long); make run runs its short version")
    return not_run(f"{name}.h5 absent")


def shown_version(results, name, long_run):
    """(stem, short) of a paper matrix's results to show: a long matrix's short
    version (<name>.short.*, make run) when its file is there and newer than the
    full run's (make run FULL=1), else the full one."""
    full = os.path.join(results, name + ".h5")
    short = os.path.join(results, name + ".short.h5")
    if long_run and os.path.exists(short) and (
            not os.path.exists(full) or os.path.getmtime(short) >= os.path.getmtime(full)):
        return name + ".short", True
    return name, False


def short_notice(name):
    return (f'<p class="missing">Short version: make run ran this long matrix with each '
            f"study's shorter <code>short</code> t_end (<code>{esc(name)}.short.h5</code>); its "
            "tables and verdicts judge the short version, not the paper's setting. make run "
            "FULL=1 runs the full version.</p>")


def h2_parts(blocks):
    """Split blocks at level-1/2 headings: [(title, blocks)]."""
    out = [("", [])]
    for b in blocks:
        if b["kind"] == "h" and b["level"] <= 2:
            out.append((b["text"], []))
        else:
            out[-1][1].append(b)
    return [(t, b) for t, b in out if t or b]


def table_verdicts(blocks):
    """[(table title, verdict word, verdict text)] of a paper's Markdown."""
    out, title = [], ""
    for b in blocks:
        if b["kind"] == "h":
            title = b["text"]
        elif b["kind"] == "p" and (m := VERDICT_RE.match(b["text"])):
            out.append((title, m.group(1), b["text"].strip("*")))
    return out


def paper_md_html(blocks):
    """Paper tables shown open; the convergence, drift and reference parts folded."""
    out = []
    for title, part in h2_parts(blocks):
        inner = render_blocks(part, shift=2)
        if title.startswith("Paper tables") or not title:
            out.append((f"<h4>{inline(title)}</h4>" if title else "") + inner)
        else:
            out.append(f"<details><summary>{inline(title)}</summary>{inner}</details>")
    return "\n".join(out)


def paper_body(page, name, description, long_run):
    stem, short = shown_version(page.results, name, long_run)
    h5 = os.path.join(page.results, stem + ".h5")
    md = os.path.join(page.results, stem + ".md")
    out = [f"<p>{esc(description)} (<code>harness/matrices/{esc(name)}.toml</code>)</p>"]
    if short:
        out.append(short_notice(name))
    elif not os.path.exists(h5):
        out.append(absent_run(name, long_run))
    if os.path.exists(md):
        out.append(paper_md_html(read_md(md)))
    else:
        out.append(not_run(f"{stem}.md absent (no tables)"))
    figs = sorted(pngs(os.path.join(page.results, "figures", stem)), key=figure_order)
    if figs:
        out.append(f"<h4>Figures</h4>{page.figures([stem + '/' + f for f in figs])}")
    else:
        out.append(not_run(f"no figures in figures/{stem}/"))
    return "\n".join(out)


def papers_section(page, papers):
    def body():
        if not papers:
            return not_run("no paper matrix in harness/matrices/")
        return "\n".join(section(page, name, "paper-",
                                 lambda n=name, d=desc, l=lng: paper_body(page, n, d, l), 3)
                         for name, desc, lng in papers)
    return section(page, "Paper reproductions", "", body)


# ---------------------------------------------------------------- claims ledger

def read_claims(path):
    """[(id, attrs)] of claims.h5, `measured` parsed; ReportError when malformed."""
    try:
        with h5py.File(path, "r") as f:
            if "claims" not in f:
                raise ReportError(f"{path}: no /claims group (not a tibench verify ledger)")
            claims = [(cid, {k: text_of(v) for k, v in g.attrs.items()})
                      for cid, g in f["claims"].items()]
    except OSError as e:
        raise ReportError(f"{path}: not a readable HDF5 file ({e})") from e
    for cid, attrs in claims:
        missing = [k for k in CLAIM_KEYS if k not in attrs]
        if missing:
            raise ReportError(f"{path}: claim {cid} lacks attribute(s) {', '.join(missing)}")
        try:
            attrs["measured"] = json.loads(attrs["measured"])
        except json.JSONDecodeError as e:
            raise ReportError(f"{path}: claim {cid}: measured is not JSON ({e})") from e
    return claims


def is_short_version(attrs):
    """Computed in fast mode by a check that reads the mode (tibench verify --fast)."""
    return attrs.get("short_version", "False") in ("True", "1", "true")


def tally_line(claims):
    """tibench verify's tally: definition checks are counted apart."""
    tallied = [a["status"] for _, a in claims if not a["definition"]]
    known = ("reproduced", "refuted", "inconclusive")  # tibench verify's order
    statuses = sorted(set(tallied), key=lambda s: (known.index(s) if s in known else 9, s))
    counts = ", ".join(f"{tallied.count(s)} {s}" for s in statuses) or "none tallied"
    defs = len(claims) - len(tallied)
    short = sum(1 for _, a in claims if is_short_version(a))
    line = f"{len(tallied)} claims: {counts} (and {defs} definition checks, not tallied)"
    if short:
        line += (f"; {short} verdicts from short versions (fast mode; the full ledger: "
                 "make run FULL=1)")
    return line


def source_link(page, source):
    """Link to the check's source when it exists in the checkout; else plain text."""
    if not source:
        return ""
    path = os.path.normpath(os.path.join(page.repo, source))
    inside = os.path.commonpath([path, os.path.abspath(page.repo)]) == os.path.abspath(page.repo)
    if not inside or not os.path.isfile(path):
        return f"<code>{esc(source)}</code> (not in this checkout)"
    href = os.path.relpath(path, os.path.abspath(page.out)).replace(os.sep, "/")
    return f'<a href="{esc(href)}"><code>{esc(source)}</code></a>'


def how_reached(a):
    """The verdict's strength: its criterion in one line and the refutation
    protocol's records (tibench verify's `protocol` attribute: the paper's
    data through the criterion, unstated parameters swept, a stand-in's
    limits, the perturbation that flips it)."""
    lines = [line for line in a.get("protocol", "").split("\n") if line]
    items = "".join(f"<li>{esc(line)}</li>" for line in lines)
    if "protocol" not in a:
        items = "<li>not recorded (a ledger file written before the protocol attribute)</li>"
    elif not lines:
        items = "<li>no unstated parameter swept: the choices are in the interpretation</li>"
    return (f'<p class="criterion">criterion: {esc(a["tolerance"])}</p>'
            f'<ul class="protocol">{items}</ul>')


def claim_row(page, cid, a):
    ident = page.anchor(cid, "claim-", 4, toc=False)
    kind = verdict_class(a["status"])
    badge = esc(a["status"]) + (" (definition)" if a["definition"] else "")
    if is_short_version(a):
        badge += " (short version)"
    facts = [("expected", a["expected"]), ("tolerance", a["tolerance"]),
             ("interpretation tested", a["interpretation"])]
    if a["definition"]:
        facts.append(("definition, not tallied", a["definition"]))
    facts.append(("fast mode", a.get("fast", "absent")))
    dl = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in facts)
    measured = esc(json.dumps(a["measured"], indent=2, sort_keys=False))
    wall = a.get("wall_s", "")
    wall = f"{float(wall):.2f}" if re.fullmatch(r"[-+0-9.eE]+", wall) else esc(wall)
    return (f'<tr id="{ident}"><td><code>{esc(cid)}</code></td>'
            f'<td><span class="badge {kind}">{badge}</span></td>'
            f"<td>{esc(a['statement'])}</td><td>{esc(a['summary'])}</td>"
            f"<td>{how_reached(a)}</td>"
            f"<td><details><summary>measured, expected, tolerance</summary><dl>{dl}</dl>"
            f"<pre>{measured}</pre></details></td>"
            f'<td>{source_link(page, a.get("source", ""))}</td><td class="num">{wall}</td></tr>')


def claims_table(page, claims):
    head = "".join(f"<th>{h}</th>" for h in ("claim", "verdict", "statement", "summary",
                                              "how it was reached", "details", "source",
                                              "wall s"))
    rows = "".join(claim_row(page, cid, a) for cid, a in claims)
    return (f'<div class="tablewrap"><table class="claims"><thead><tr>{head}</tr></thead>'
            f"<tbody>{rows}</tbody></table></div>")


def short_paper(paper):
    """'Brown, Overby, ... 2018 (ACM TOG 37(6):282)' -> 'Brown 2018 (ACM TOG 37(6):282)'."""
    return re.sub(r"^([^,\s]+)[^()]*?\b((19|20)\d\d)\b", r"\1 \2", paper)


def claims_section(page, claims):
    def body():
        if claims is None:
            return not_run("claims.h5 absent (tibench verify -o results/claims.h5)")
        out = [f'<p class="tally">{esc(tally_line(claims))}</p>']
        papers = []
        for _, a in claims:
            if a["paper"] not in papers:
                papers.append(a["paper"])
        for paper in papers:
            mine = [(c, a) for c, a in claims if a["paper"] == paper]
            out.append(section(page, paper, "claims-", lambda m=mine: (
                f'<p class="tally">{esc(tally_line(m))}</p>' + claims_table(page, m)),
                3, short_paper(paper)))
        return "\n".join(out)
    return section(page, "Claims ledger", "", body)


# ---------------------------------------------------------------- overview and page

def overview_section(page, papers, claims):
    rows = []
    for name, _, long_run in papers:
        stem, short = shown_version(page.results, name, long_run)
        h5 = os.path.exists(os.path.join(page.results, stem + ".h5"))
        md = os.path.join(page.results, stem + ".md")
        verdicts = table_verdicts(read_md(md)) if os.path.exists(md) else []
        badges = " ".join(f'<span class="badge {verdict_class(w)}" title="{esc(t)}">'
                          f"{esc(w)}</span>" for t, w, _ in verdicts) or "—"
        state = ("short version (make run FULL=1: full)" if short else "run" if h5 else
                 '<span class="missing">not run (long: make run FULL=1)</span>' if long_run
                 else '<span class="missing">not run</span>')
        rows.append(f'<tr><td><a href="#paper-{esc(name)}">{esc(name)}</a></td>'
                    f"<td>{state}</td><td>{len(verdicts)}</td><td>{badges}</td></tr>")
    ledger = (esc(tally_line(claims)) if claims is not None
              else '<span class="missing">not run</span>')
    body = (f'<p>Claims ledger: <a href="#claims-ledger">{ledger}</a></p>'
            '<div class="tablewrap"><table><thead><tr><th>paper matrix</th><th>state</th>'
            "<th>judged tables</th><th>table verdicts (hover for the table)</th></tr></thead>"
            f'<tbody>{"".join(rows)}</tbody></table></div>')
    return section(page, "Overview", "", body)


CSS = """
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d232a}
nav{position:fixed;top:0;left:0;bottom:0;width:230px;overflow-y:auto;background:#f3f5f8;
 border-right:1px solid #d5dae1;padding:12px 10px;box-sizing:border-box;font-size:13px}
nav ul{list-style:none;padding-left:0;margin:0} nav li{margin:1px 0}
nav .l3{padding-left:14px;font-size:12px} nav a{color:#1f4f8f;text-decoration:none}
nav a:hover{text-decoration:underline} nav h2{font-size:15px;margin:4px 0 8px}
main{margin-left:230px;padding:10px 24px 60px;max-width:1700px}
h1{font-size:24px;margin:10px 0 4px} h2{border-bottom:2px solid #1f4f8f;padding-bottom:3px;
 margin-top:34px} h3{margin-top:26px;border-bottom:1px solid #d5dae1} h4{margin:16px 0 6px}
h5{margin:12px 0 4px;font-size:13px}
.tablewrap{overflow-x:auto;max-width:100%;margin:6px 0 10px}
table{border-collapse:collapse;font-size:12.5px} th,td{border:1px solid #d5dae1;
 padding:3px 6px;vertical-align:top} thead th{background:#e9edf3;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
table.kv th{text-align:left;background:#f3f5f8} table.prov td{max-width:340px;
 word-break:break-word} table.claims td{max-width:420px}
table.claims td:first-child,table.claims th{white-space:nowrap}
table.claims ul.protocol{margin:2px 0;padding-left:16px;font-size:12px}
table.claims p.criterion{margin:0;font-size:12px}
.problem{display:grid;grid-template-columns:minmax(0,1fr) minmax(260px,27%);gap:16px;
 align-items:start} @media (max-width:1000px){.problem{grid-template-columns:minmax(0,1fr)}}
.problem table{font-size:12px} .problem th,.problem td{padding:2px 4px}
.problem td:first-child{white-space:nowrap}
.figs{display:flex;flex-wrap:wrap;gap:12px} .problem .figs{flex-direction:column}
figure{margin:0;max-width:520px} figure img{max-width:100%;height:auto;
 border:1px solid #d5dae1;background:#fff} figcaption{font-size:12px;color:#555}
.badge{display:inline-block;padding:0 7px;border-radius:9px;font-size:12px;
 white-space:nowrap;border:1px solid transparent}
.ok{background:#dff3e4;color:#1b5e20;border-color:#9ccc9f}
.bad{background:#fbe1e1;color:#8e1c1c;border-color:#e5a1a1}
.warn{background:#fff3cd;color:#7a5a00;border-color:#e6cf7a}
.neutral{background:#eceff3;color:#444;border-color:#cfd5dd}
p.verdict{padding:4px 8px;border-radius:4px} .missing{color:#8e1c1c;font-style:italic}
.tally{font-weight:600} pre{background:#f6f8fa;padding:6px;max-height:360px;overflow:auto;
 font-size:12px;white-space:pre-wrap;word-break:break-all} code{font-size:12px}
details{margin:6px 0} summary{cursor:pointer;color:#1f4f8f} dt{font-weight:600}
dd{margin:0 0 4px 12px}
"""


def toc_html(page):
    items = "".join(f'<li class="l{level}"><a href="#{slug}">{esc(title)}</a></li>'
                    for level, slug, title in page.toc if level <= 3)
    return f'<nav id="toc"><h2>Contents</h2><ul>{items}</ul></nav>'


def build_page(page):
    papers = paper_matrices(page.repo)
    claims_path = os.path.join(page.results, "claims.h5")
    claims = read_claims(claims_path) if os.path.exists(claims_path) else None
    # Results first (the verdicts, the papers, the ledger), then the
    # measurements behind them; the provenance, a screen of command lines
    # and versions, last.
    parts = [overview_section(page, papers, claims),
             papers_section(page, papers), claims_section(page, claims),
             problems_section(page), stability_section(page),
             section(page, "Provenance and environment", "",
                     lambda: provenance_section(page, [n for n, _, _ in papers]))]
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>tibench report</title><style>{CSS}</style></head><body>"
            f"{toc_html(page)}<main><h1>tibench report</h1>"
            f"<p>Results directory <code>{esc(os.path.abspath(page.results))}</code>; "
            "every number below is read from its files.</p>"
            + "\n".join(parts) + "</main></body></html>\n")


def write_report(results, out, repo):
    """Builds the report in a temporary directory beside `out`, then renames it over."""
    out = os.path.abspath(out)
    parent = os.path.dirname(out)
    os.makedirs(parent, exist_ok=True)
    if os.path.exists(out) and not os.path.isdir(out):
        raise ReportError(f"{out}: exists and is not a directory")
    tmp = tempfile.mkdtemp(prefix=".report-tmp-", dir=parent)
    try:
        page = Page(results, tmp, out, os.path.abspath(repo))
        with open(os.path.join(tmp, "index.html"), "w", encoding="utf-8") as f:
            f.write(build_page(page))
        os.chmod(tmp, 0o755)
        old = None
        if os.path.exists(out):
            old = tempfile.mkdtemp(prefix=".report-old-", dir=parent)
            os.rename(out, os.path.join(old, "report"))
        os.rename(tmp, out)
        if old:
            shutil.rmtree(old)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return os.path.join(out, "index.html")


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", default="results", help="results directory of make run")
    ap.add_argument("--out", default="results/report", help="report directory to write")
    ap.add_argument("--repo", default=".", help="the checkout (matrices, claim sources)")
    args = ap.parse_args(argv)
    if not os.path.isdir(args.results):
        print(f"report.py: error: {args.results}: no such directory", file=sys.stderr)
        return 2
    try:
        index = write_report(args.results, args.out, args.repo)
    except ReportError as e:
        print(f"report.py: error: {e}", file=sys.stderr)
        return 2
    print(f"report.py: wrote {index}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
