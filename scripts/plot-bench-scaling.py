#!/usr/bin/python3
"""The ball scaling figure of `make bench` (docs/benchmarks.md, "How a step's
cost grows with the mesh").

Reads a Google Benchmark JSON file of tibench_bench, takes the
ball-scaling-* rows of every method (the median aggregate when the run had
repetitions, the single run otherwise, as the bench's ratio table does),
and draws time per step and peak memory against the mesh's tetrahedra on
log-log axes, each method with its least-squares slope of log(time per
step) on log(tetrahedra) (the exponent the ratio table prints first) and,
dashed, the slope 1.3 the rows are held to. Where the rows carry the
counters solve_ms (one solve with the kept CHOLMOD factor) and
newton_per_step, a dotted line draws the floor: the Newton iterations of a
step times one solve, what a step would cost with no factorization and no
assembly at all, with its own slope.

    plot-bench-scaling.py BENCH.json OUT.png
    plot-bench-scaling.py --check     # fits a known power law, draws it

Exit 2 with one line on stderr when the file is missing, not JSON, has no
ball-scaling rows, or has rows without the tetrahedra (counter `tets`).
"""
import json
import math
import os
import subprocess
import sys
import tempfile

PREFIX = "ball-scaling-"
TARGET_EXPONENT = 1.3


def fail(message):
    print(f"plot-bench-scaling: {message}", file=sys.stderr)
    sys.exit(2)


def slope(xs, ys):
    """Least-squares slope of log y on log x."""
    lx = [math.log(x) for x in xs]
    ly = [math.log(y) for y in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    sxx = sum((a - mx) ** 2 for a in lx)
    return sum((a - mx) * (b - my) for a, b in zip(lx, ly)) / sxx


def scaling_rows(benchmarks):
    """{method: [(tetrahedra, seconds per step, peak MB, floor seconds per step or None)]}
    sorted by size."""
    chosen = {}
    for b in benchmarks:
        name = b.get("run_name", b.get("name", ""))
        if not name.startswith(PREFIX) or b.get("error_occurred"):
            continue
        median = b.get("run_type") == "aggregate" and b.get("aggregate_name") == "median"
        single = b.get("run_type") == "iteration" and b.get("repetitions", 1) <= 1
        if median or (single and name not in chosen):
            chosen[name] = b
    methods = {}
    for name, b in chosen.items():
        workload, method = name.split("/")[:2]
        rate = b.get("steps_per_s")
        if not rate:
            continue
        if "tets" not in b:
            fail(
                f"{name}: no 'tets' counter (the mesh's tetrahedra, which the exponent is "
                "fitted against; a JSON of an older tibench_bench): rerun make bench"
            )
        solve_ms, newton = b.get("solve_ms"), b.get("newton_per_step")
        floor = 1e-3 * solve_ms * newton if solve_ms and newton else None
        methods.setdefault(method, []).append((b["tets"], 1.0 / rate, b.get("peak_mb"), floor))
    return {m: sorted(points) for m, points in methods.items() if len(points) >= 2}


def draw(methods, out):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax_t, ax_m) = plt.subplots(1, 2, figsize=(10, 4))
    exponents = {}
    floor_exponents = {}
    for method, points in sorted(methods.items()):
        tets = [p[0] for p in points]
        ms = [1e3 * p[1] for p in points]
        k = slope(tets, ms)
        exponents[method] = k
        (line,) = ax_t.loglog(tets, ms, "o-", label=f"{method}: exponent {k:.2f}")
        # The target slope through the smallest size.
        ax_t.loglog(
            [tets[0], tets[-1]],
            [ms[0], ms[0] * (tets[-1] / tets[0]) ** TARGET_EXPONENT],
            "--",
            color=line.get_color(),
            alpha=0.5,
        )
        if all(p[3] for p in points):
            floor = [1e3 * p[3] for p in points]
            floor_exponents[method] = slope(tets, floor)
            ax_t.loglog(tets, floor, ":", color=line.get_color(),
                        label=f"floor (Newton iterations × one solve): exponent "
                              f"{floor_exponents[method]:.2f}")
        memory = [(p[0], p[2]) for p in points if p[2] and p[2] > 0]
        if memory:
            ax_m.loglog(*zip(*memory), "o-", label=method)
    ax_t.set_xlabel("tetrahedra")
    ax_t.set_ylabel("ms per step")
    ax_t.set_title(f"time per step (dashed: exponent {TARGET_EXPONENT}; dotted: floor)")
    ax_t.legend(fontsize=8)
    ax_m.set_xlabel("tetrahedra")
    ax_m.set_ylabel("peak resident memory [MB]")
    ax_m.set_title("peak memory")
    ax_m.legend(fontsize=8)
    fig.tight_layout()
    tmp = out + ".tmp.png"
    fig.savefig(tmp, dpi=110)
    os.replace(tmp, out)
    return exponents, floor_exponents


def check():
    """A power law of known exponent through the reader, the fit and the
    drawing: the fitted exponents must be the ones put in."""
    laws = {"a+reuse+cholmod": (2e-6, 1.5), "b": (1e-5, 1.25)}
    # The floor of method a: 4 Newton iterations per step, a solve ∝ tets^1.6.
    floor_law = (1e-7, 1.6)
    benchmarks = []
    for method, (c, k) in laws.items():
        for i, tets in enumerate([5141.0, 20147.0, 75550.0]):
            name = f"{PREFIX}{i}/{method}/tibench"
            row = {"tets": tets, "steps_per_s": 1.0 / (c * tets**k), "peak_mb": 100.0 * (i + 1)}
            if method.startswith("a"):
                row.update(newton_per_step=4.0, solve_ms=floor_law[0] * tets ** floor_law[1])
            benchmarks.append(dict(row, name=name, run_name=name, run_type="iteration", repetitions=1))
            # A mean aggregate that must be ignored, and the median.
            for agg, scale in (("mean", 3.0), ("median", 1.0)):
                r = dict(row, steps_per_s=row["steps_per_s"] / scale)
                benchmarks.append(
                    dict(r, name=f"{name}_{agg}", run_name=name, run_type="aggregate",
                         aggregate_name=agg, repetitions=3)
                )
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "scaling.png")
        exponents, floors = draw(scaling_rows(benchmarks), out)
        size = os.path.getsize(out)
    for method, (_, k) in laws.items():
        if abs(exponents[method] - k) > 1e-9:
            fail(f"check: {method} fitted {exponents[method]!r}, expected {k}")
    if list(floors) != ["a+reuse+cholmod"] or abs(floors["a+reuse+cholmod"] - floor_law[1]) > 1e-9:
        fail(f"check: the floors fitted {floors!r}, expected a+reuse+cholmod: {floor_law[1]}")
    if size < 10000:
        fail(f"check: the figure has {size} bytes")
    # A JSON of rows without the tetrahedra is refused with exit 2 and a line naming it.
    with tempfile.TemporaryDirectory() as d:
        old = os.path.join(d, "old.json")
        with open(old, "w") as f:
            rows = [{k: v for k, v in b.items() if k != "tets"} for b in benchmarks]
            json.dump({"benchmarks": rows}, f)
        run = subprocess.run([sys.executable, __file__, old, os.path.join(d, "x.png")],
                             capture_output=True, text=True)
        if run.returncode != 2 or "no 'tets' counter" not in run.stderr:
            fail(f"check: a JSON without tets gave exit {run.returncode}: {run.stderr.strip()!r}")
    print(f"plot-bench-scaling: check passed (exponents {exponents}, floors {floors}, "
          f"figure {size} bytes)")


def main(argv):
    if argv[1:] == ["--check"]:
        check()
        return
    if len(argv) != 3:
        fail("usage: plot-bench-scaling.py BENCH.json OUT.png | --check")
    path, out = argv[1], argv[2]
    try:
        with open(path) as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"cannot read {path!r} as benchmark JSON: {e}")
    methods = scaling_rows(data.get("benchmarks", []))
    if not methods:
        fail(f"{path!r} has no {PREFIX}* rows at two sizes or more (accepted: tibench_bench JSON)")
    if not os.path.isdir(os.path.dirname(os.path.abspath(out))):
        fail(f"the directory of {out!r} does not exist")
    exponents, floors = draw(methods, out)
    for method, k in exponents.items():
        floor = f", floor exponent {floors[method]:.3f}" if method in floors else ""
        print(f"plot-bench-scaling: {method}: exponent {k:.3f}{floor}")
    print(f"plot-bench-scaling: wrote {out}")


if __name__ == "__main__":
    main(sys.argv)
