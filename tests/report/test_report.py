#!/usr/bin/python3
"""End-to-end test of scripts/report.py in a real browser (ctest: report.browser).

usage: /usr/bin/python3 tests/report/test_report.py --tibench BUILD/cli/tibench
                                                    --repo SOURCE_DIR --screenshot OUT.png

Builds a small results directory in a temporary directory (the smoke matrix, its
convergence and work-precision tables, a fast claims ledger of a few checks, the
figures; no paper matrix is run, so every paper shows as "not run" but one long
matrix given a stand-in short version, which must show as such), writes the report
and opens it in headless Chromium (tests/report/check_page.py): any image that does
not load, broken link, console error or failed request fails the test. Then proves
that the checker can fail: copies of the report with one image deleted, with a broken
anchor, with a console.error and with an external link must each be reported. Finally a malformed
input (a ragged Markdown table) must make report.py exit 2 with one line.
Nothing is written to the source tree; the screenshot goes where --screenshot says.
Exit codes: 0 pass, 1 fail, 77 Chromium absent (skip).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import check_page  # noqa: E402

PYTHON = "/usr/bin/python3"
# Claim checks that take well under a second each in fast mode (tibench list claims):
# L-T1.ros3pl sweeps an unstated parameter, Y-T0.rk-condition declares the
# perturbation that flips it; the report's "how it was reached" shows both.
CLAIMS = ("D-A1", "B-T1", "D-P1.printed", "L-T1.ros3pl", "Y-T0.rk-condition")
PROTOCOL_SHOWN = (("L-T1.ros3pl", "unstated "), ("Y-T0.rk-condition", "perturbation that flips it"))


def run(cmd, **kw):
    res = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr.strip()}")
    return res


def make_results(tibench, repo, out):
    """The files `make run` writes, from the smoke matrix and three quick claims."""
    matrix = os.path.join(repo, "harness", "matrices", "smoke.toml")
    h5 = os.path.join(out, "default.h5")
    run([tibench, "run", "--matrix", matrix, "-o", h5, "--jobs", "2"])
    for fmt in ("md", "csv"):
        run([tibench, "converge", h5, "--matrix", matrix, "--format", fmt,
             "-o", os.path.join(out, f"convergence.{fmt}")])
        run([tibench, "workprecision", h5, "--format", fmt,
             "-o", os.path.join(out, f"workprecision.{fmt}")])
    claim_args = [a for c in CLAIMS for a in ("--claim", c)]
    run([tibench, "verify", "--fast", *claim_args, "-o", os.path.join(out, "claims.h5")])
    run([PYTHON, os.path.join(repo, "scripts", "plot.py"), h5, "--out",
         os.path.join(out, "figures"), "--tibench", tibench, "--formats", "png"])


# A long matrix whose short version (make run) the results hold; its files are
# stand-ins (the smoke run and one verdict line), the report's marking is tested.
SHORT = "loschner2020-recovery"


def add_short_version(results):
    shutil.copy(os.path.join(results, "default.h5"), os.path.join(results, SHORT + ".short.h5"))
    with open(os.path.join(results, SHORT + ".short.md"), "w", encoding="utf-8") as f:
        f.write("## Paper tables\n\n### t: x (short version)\n\n**Verdict: reproduced: 1 of 1 "
                "comparison holds [short version: t_end 1 s instead of 4 s]**\n")


def shows_short_version(index):
    """The long matrix's section and the overview say that it is the short version."""
    with open(index, encoding="utf-8") as f:
        text = f.read()
    row = re.search(r'<tr><td><a href="#paper-' + SHORT + r'">.*?</tr>', text, re.S)
    ok = (row is not None and "short version" in row.group(0)
          and "Short version: make run ran this long matrix" in text
          and "[short version: t_end 1 s instead of 4 s]" in text)
    print(f"{'ok' if ok else 'FAIL'}: {SHORT} is shown as its short version")
    return ok


def report(repo, results, out):
    return subprocess.run([PYTHON, os.path.join(repo, "scripts", "report.py"), "--results",
                           results, "--out", out, "--repo", repo],
                          capture_output=True, text=True)


def expect_problem(name, page, needle, chromium):
    """The checker must report a problem containing `needle` on this broken page."""
    problems = check_page.check(page, "", chromium)
    hit = [p for p in problems if needle in p]
    print(f"{'ok' if hit else 'FAIL'}: {name}: checker reported {len(problems)} problem(s)"
          + (f", e.g. {hit[0]}" if hit else f": {problems}"))
    return bool(hit)


def broken_copies(report_dir, tmp):
    """Damaged copies of the report: (name, index.html, expected problem text)."""
    cases = []
    for name, damage in (("deleted image", "image"), ("broken anchor", "anchor"),
                         ("console error", "console"), ("external link", "external")):
        copy = os.path.join(tmp, "broken-" + damage)
        shutil.copytree(report_dir, copy)
        index = os.path.join(copy, "index.html")
        with open(index, encoding="utf-8") as f:
            text = f.read()
        if damage == "image":
            os.remove(os.path.join(copy, "figures", "convergence_oscillator.png"))
            needle = "convergence_oscillator.png"
        elif damage == "anchor":
            text = text.replace("</main>", '<a href="#no-such-section">x</a></main>')
            needle = "broken anchor: #no-such-section"
        elif damage == "console":
            text = text.replace("</body>", "<script>console.error('injected')</script></body>")
            needle = "injected"
        else:  # a link only: nothing is fetched
            text = text.replace("</main>", '<a href="https://example.invalid/">x</a></main>')
            needle = "external or non-file link: https://example.invalid/"
        with open(index, "w", encoding="utf-8") as f:
            f.write(text)
        cases.append((name, index, needle))
    return cases


def opens_with_results(index):
    """The page's sections in order: the overview and the results first, the
    provenance (a screen of command lines) last."""
    with open(index, encoding="utf-8") as f:
        text = f.read()
    h2 = re.findall(r"<h2[^>]*>(.*?)</h2>", text)
    titles = [re.sub(r"<[^>]+>", "", t).strip() for t in h2]
    titles = [t for t in titles if t != "Contents"]  # the navigation's heading
    ok = (len(titles) >= 3 and titles[0] == "Overview"
          and titles[-1] == "Provenance and environment")
    print(f"{'ok' if ok else 'FAIL'}: section order {titles}")
    return ok


def shows_how_verdicts_were_reached(index):
    """Each claim row carries its criterion and its protocol records."""
    with open(index, encoding="utf-8") as f:
        text = f.read()
    ok = True
    for cid, needle in PROTOCOL_SHOWN:
        row = re.search(r'<tr id="claim-[^"]*"><td><code>' + re.escape(cid) + r"</code>.*?</tr>",
                        text, re.S)
        hit = row is not None and "criterion: " in row.group(0) and needle in row.group(0)
        print(f"{'ok' if hit else 'FAIL'}: {cid}'s row shows its criterion and {needle.strip()!r}")
        ok = ok and hit
    return ok


def malformed_input_fails(repo, results, tmp):
    bad = os.path.join(tmp, "bad-results")
    shutil.copytree(results, bad, ignore=shutil.ignore_patterns("report", "figures"))
    with open(os.path.join(bad, "convergence.md"), "a", encoding="utf-8") as f:
        f.write("\n| a | b |\n|---|---:|\n| 1 | 2 | 3 |\n")
    res = report(repo, bad, os.path.join(bad, "report"))
    lines = res.stderr.strip().splitlines()
    ok = res.returncode == 2 and len(lines) == 1 and not os.path.exists(
        os.path.join(bad, "report"))
    print(f"{'ok' if ok else 'FAIL'}: malformed input: exit {res.returncode}, "
          f"stderr {res.stderr.strip()!r}")
    return ok


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tibench", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--screenshot", required=True)
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    args = ap.parse_args(argv)
    if not os.access(args.chromium, os.X_OK):
        print(f"SKIP: no Chromium at {args.chromium} (scripts/setup-deps.sh report)")
        return 77
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tibench-report-test-") as tmp:
        results = os.path.join(tmp, "results")
        os.makedirs(results)
        make_results(args.tibench, args.repo, results)
        add_short_version(results)
        built = time.monotonic()
        res = report(args.repo, results, os.path.join(results, "report"))
        if res.returncode != 0:
            print(f"FAIL: report.py exited {res.returncode}: {res.stderr.strip()}")
            return 1
        index = os.path.join(results, "report", "index.html")
        problems = check_page.check(index, args.screenshot, args.chromium)
        for p in problems:
            print(f"PROBLEM: {p}")
        print(f"{'FAIL' if problems else 'ok'}: report in Chromium: {len(problems)} problem(s);"
              f" screenshot {os.path.abspath(args.screenshot)}")
        ok = not problems and opens_with_results(index)
        ok = shows_how_verdicts_were_reached(index) and ok
        ok = shows_short_version(index) and ok
        for name, page, needle in broken_copies(os.path.join(results, "report"), tmp):
            ok = expect_problem(name, page, needle, args.chromium) and ok
        ok = malformed_input_fails(args.repo, results, tmp) and ok
    print(f"results built in {built - start:.1f} s, total {time.monotonic() - start:.1f} s")
    print("1 passed, 0 failed" if ok else "0 passed, 1 failed")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
