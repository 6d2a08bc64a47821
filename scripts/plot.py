#!/usr/bin/python3
"""Figures from a tibench run file (schema tibench/1), for `make figures` / `make run`.

usage: /usr/bin/python3 scripts/plot.py RUNS.h5 [--out results/figures] [--tibench PATH]
                                        [--formats png,svg] [--paper-formats png,svg]
                                        [--every-step] [--no-stability] [--matrix MATRIX.toml]

Writes, per problem label P:
  energy_P          total energy H(t) and relative drift |H - H0|/|H0| against time,
                    every integrator overlaid, at one step size common to all of them
                    (the median of the ladder)
  convergence_P     err_final against the actual step size h, log-log, with dashed
                    slope guides of each nominal order present
  alpha_P           alpha(t) of the runs that record it (A-search, blending); skipped
                    with a note when no run has an `alpha` dataset
  contact_P         bodies against obstacles (runs with a `contact` group): H(t) with
                    the contact phases shaded, and the energy change of every
                    collision and of every flight between collisions
  frames_P_I        bodies with position frames: a few frames of the surface mesh,
                    projected on the x-y plane (y up), per integrator I
  workprecision_P   with --tibench: err_final against each stored cost measure (wall_s,
                    rhs_evals, newton_iters_total, linear_solves; tibench workprecision
                    --format json), every integrator's ladder a line, the Pareto front
                    dashed black
  paper_ID          with --matrix: each [[figure]] block of the matrix (harness/
                    matrix_figures.hpp), its panels stacked over time, one curve per
                    named run (runs at different step sizes side by side); kind =
                    "spectrum": time means of a family of observables against their
                    index (e.g. modal energies), one panel per step size
With --every-step (paper reproductions, whose step sizes are the study), the
energy and alpha figures are drawn for every step size: energy_P_h<h>, alpha_P_h<h>.
--no-stability skips the stability figures (they depend only on the registry).
and, when the tibench binary has a `stability` subcommand (docs/cli.md):
  stability_trace, stability_radius   trace and spectral radius of Q(hbar) against hbar
  stability_imaginary_axis            |R(iy)| for y = sqrt(hbar): on m x'' = -k x a
                                      Runge-Kutta step has eigenvalues R(+-i sqrt(hbar)), so
                                      the spectral radius of Q(hbar) is |R(i sqrt(hbar))|
  stability_regions, order_stars      for methods with a scalar stability function R = P/Q
                                      (tibench stability --json): {|R(z)| <= 1} and the order
                                      star {|R(z) e^-z| > 1}, A(alpha) in each title
  stability_damping, stability_period_error
                                      numerical damping ratio and relative period error of
                                      the principal eigenvalues against Omega = sqrt(hbar)
                                      (Hilber, Hughes & Taylor 1977)
otherwise the stability figures are skipped with a printed note.
Each figure is saved in every format of --formats (default PNG and SVG), the
paper_ID figures in those of --paper-formats (default: --formats); make run
asks for PNGs and the paper figures' SVGs, since an SVG costs as much to
draw as its PNG. Uses the Agg backend (no display needed).
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tomllib

import matplotlib

matplotlib.use("Agg")
import h5py  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

# Fixed SVG ids and no timestamps: regenerated figures only change when the data do.
plt.rcParams.update({"font.size": 11, "axes.titlesize": 12, "legend.fontsize": 9,
                     "figure.dpi": 100, "savefig.dpi": 150, "svg.hashsalt": "tibench"})


# 20 colours x 4 dash patterns: distinct curves for up to 80 integrators, so
# that coinciding curves (e.g. implicit midpoint and trapezoidal on linear
# problems) stay visible.
COLORS = plt.get_cmap("tab20").colors
DASHES = ["-", "--", "-.", ":"]
MARKERS = "os^vD<>px*h"


def style(k):
    return {"color": COLORS[k % len(COLORS)], "linestyle": DASHES[(k // len(COLORS) + k) % len(DASHES)]}


def paper_style(k):
    """Few curves: the ten strong colours first, so that no two look alike."""
    tab10 = plt.get_cmap("tab10").colors
    return {"color": tab10[k % len(tab10)], "linestyle": DASHES[(k // len(tab10)) % len(DASHES)]}


def legend(ax, n):
    """Legend beside the axes, in columns of at most 20 entries."""
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), ncol=max(1, (n + 19) // 20),
              frameon=False)


def text(attr):
    return attr.decode() if isinstance(attr, bytes) else str(attr)


def read_runs(path):
    """{problem: [run dict]} with attributes and the datasets the figures need."""
    problems = {}
    with h5py.File(path, "r") as f:
        if "runs" not in f:
            return problems
        for problem, pg in f["runs"].items():
            for integrator, ig in pg.items():
                for hkey, g in ig.items():
                    run = {"problem": problem, "integrator": integrator, "hkey": hkey,
                           "id": text(g.attrs["integrator"]), "status": text(g.attrs["status"]),
                           "h": float(g.attrs["h"]), "h_requested": float(g.attrs["h_requested"]),
                           "err_final": float(g.attrs["err_final"]),
                           "t": g["t"][()], "energy": g["energy"][()]}
                    if "alpha" in g:
                        run["alpha"] = g["alpha"][()]
                    if "contact/phases" in g:
                        ph = g["contact/phases"]
                        run["phases"] = {k: ph[k][()] for k in
                                         ("t_start", "t_end", "energy_change",
                                          "flight_energy_change")}
                    if "frames" in g:
                        t = g["frames"]["t"][()]
                        run["frames"] = (t, select_frames(g["frames"]["positions"], t),
                                         g["frames"]["surface"][()])
                    problems.setdefault(problem, []).append(run)
    return problems


FRAMES_SHOWN = 4


def select_frames(positions, t):
    """A few evenly spaced frames (index, t, nodes x 3) of a frames/positions group."""
    picks = np.unique(np.linspace(0, len(t) - 1, FRAMES_SHOWN).round().astype(int))
    return [(int(k), float(t[k]), positions[f"{int(k):06d}"][()]) for k in picks]


def nominal_orders(tibench):
    if not tibench:
        return {}
    try:
        out = subprocess.run([tibench, "list", "integrators", "--json"], check=True,
                             capture_output=True, text=True).stdout
        return {i["id"]: i.get("order_declared", 0) for i in json.loads(out)}
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        print(f"plot.py: note: could not read nominal orders from {tibench}: {e}")
        return {}


def save(fig, out, name, formats, written):
    for fmt in formats:
        path = os.path.join(out, f"{name}.{fmt}")
        metadata = {"Date": None} if fmt in ("svg", "pdf") else {}
        fig.savefig(path, bbox_inches="tight", metadata=metadata)
        written.append(path)
    plt.close(fig)


def common_step(runs):
    """The median requested step among those every integrator ran."""
    by_integrator = {}
    for r in runs:
        by_integrator.setdefault(r["integrator"], set()).add(r["h_requested"])
    common = set.intersection(*by_integrator.values()) if by_integrator else set()
    steps = sorted(common or {r["h_requested"] for r in runs})
    return steps[len(steps) // 2]


def step_tag(h, every_step):
    return f"_h{h:.4g}" if every_step else ""


def energy_figure(problem, runs, h, out, formats, written, tag=""):
    chosen = sorted((r for r in runs if r["h_requested"] == h), key=lambda r: r["integrator"])
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 7), sharex=True)
    for k, r in enumerate(chosen):
        label = r["integrator"] + ("" if r["status"] == "ok" else f" ({r['status']})")
        top.plot(r["t"], r["energy"], label=label, linewidth=1.2, **style(k))
        e0 = r["energy"][0]
        drift = np.abs(r["energy"] - e0) / (abs(e0) if e0 != 0 else 1.0)
        # t = 0 has zero drift by definition: start at the first step.
        bottom.semilogy(r["t"][1:], np.maximum(drift[1:], 1e-17), linewidth=1.2, **style(k))
    top.set_ylabel("total energy H [J]")
    top.set_title(f"{problem}: energy, h = {h:.4g} s")
    top.grid(True, alpha=0.3)
    legend(top, len(chosen))
    bottom.set_xlabel("time t [s]")
    bottom.set_ylabel("|H - H0| / |H0|")
    bottom.grid(True, which="both", alpha=0.3)
    save(fig, out, f"energy_{problem}{tag}", formats, written)


def convergence_figure(problem, runs, orders, out, formats, written):
    series = {}
    for r in runs:
        if r["status"] == "ok" and math.isfinite(r["err_final"]) and r["err_final"] > 0:
            series.setdefault(r["integrator"], []).append((r["h"], r["err_final"], r["id"]))
    if not series:
        print(f"plot.py: note: {problem} has no measured err_final (no reference); "
              "convergence figure skipped")
        return
    fig, ax = plt.subplots(figsize=(8, 5.5))
    guides = {}
    for k, name in enumerate(sorted(series)):
        pts = sorted(series[name])
        hs = np.array([p[0] for p in pts])
        errs = np.array([p[1] for p in pts])
        ax.loglog(hs, errs, marker=MARKERS[k % len(MARKERS)], label=name, markersize=5,
                  markerfacecolor="none", **style(k))
        p = orders.get(pts[0][2], 0)
        if p:
            guides.setdefault(p, []).append((hs, errs))
    # One slope guide per nominal order, drawn below the lowest curve of that
    # order at its geometric centre, over its step range.
    for p, curves in sorted(guides.items()):
        hs = np.concatenate([c[0] for c in curves])
        errs = np.concatenate([c[1] for c in curves])
        h_lo, h_hi = hs.min(), hs.max()
        h_mid = math.sqrt(h_lo * h_hi)
        anchor = min(np.interp(math.log(h_mid), np.log(c[0]), np.log(c[1])) for c in curves)
        xs = np.array([h_lo, h_hi])
        ys = np.exp(anchor - 1.0) * (xs / h_mid) ** p
        ax.loglog(xs, ys, "k--", linewidth=0.9, alpha=0.6)
        ax.annotate(f"slope {p}", (xs[0], ys[0]), textcoords="offset points", xytext=(4, -12),
                    fontsize=9, alpha=0.8)
    ax.set_xlabel("step size h [s]")
    ax.set_ylabel("err_final (M-weighted relative error at t_end)")
    ax.set_title(f"{problem}: convergence")
    ax.grid(True, which="both", alpha=0.3)
    legend(ax, len(series))
    save(fig, out, f"convergence_{problem}", formats, written)


def alpha_figure(problem, runs, out, formats, written, every_step=False):
    with_alpha = [r for r in runs if "alpha" in r]
    if not with_alpha:
        return False
    steps = sorted({r["h_requested"] for r in with_alpha}) if every_step else [common_step(with_alpha)]
    for h in steps:
        alpha_at(problem, with_alpha, h, out, formats, written, step_tag(h, every_step))
    return True


def alpha_at(problem, with_alpha, h, out, formats, written, tag):
    fig, ax = plt.subplots(figsize=(8, 4.5))
    chosen = [r for r in sorted(with_alpha, key=lambda r: r["integrator"]) if r["h_requested"] == h]
    for k, r in enumerate(chosen):
        ax.plot(r["t"], r["alpha"], label=r["integrator"], linewidth=1.2, **style(k))
    ax.set_xlabel("time t [s]")
    ax.set_ylabel("alpha [-]")
    ax.set_title(f"{problem}: alpha(t), h = {h:.4g} s")
    ax.grid(True, alpha=0.3)
    legend(ax, len(chosen))
    save(fig, out, f"alpha_{problem}{tag}", formats, written)


def contact_figure(problem, runs, h, out, formats, written, tag=""):
    """H(t) with the collisions shaded, and the energy change per collision and per flight."""
    chosen = sorted((r for r in runs if r["h_requested"] == h and "phases" in r),
                    key=lambda r: r["integrator"])
    if not chosen:
        return False
    fig, (top, mid, bottom) = plt.subplots(3, 1, figsize=(9, 9))
    for k, r in enumerate(chosen):
        st = style(k)
        top.plot(r["t"], r["energy"], label=r["integrator"], linewidth=1.2, **st)
        ph = r["phases"]
        for a, b in zip(ph["t_start"], ph["t_end"]):
            top.axvspan(a, b, color=st["color"], alpha=0.12, linewidth=0)
        n = np.arange(1, len(ph["energy_change"]) + 1)
        width = 0.8 / len(chosen)
        mid.bar(n + k * width, ph["energy_change"], width=width, color=st["color"],
                label=r["integrator"])
        bottom.bar(n + k * width, ph["flight_energy_change"], width=width, color=st["color"])
    top.set_ylabel("total energy H [J]")
    top.set_xlabel("time t [s] (shaded: contact phases)")
    top.set_title(f"{problem}: energy and contact phases, h = {h:.4g} s")
    top.grid(True, alpha=0.3)
    legend(top, len(chosen))
    mid.set_ylabel("dH per collision [J]")
    bottom.set_ylabel("dH per flight [J]")
    bottom.set_xlabel("collision number (the flight after it)")
    for ax in (mid, bottom):
        ax.axhline(0.0, color="black", linewidth=0.6)
        ax.grid(True, axis="y", alpha=0.3)
    fig.tight_layout()
    save(fig, out, f"contact_{problem}{tag}", formats, written)
    return True


def frames_figure(problem, run, out, formats, written, tag=""):
    """A few frames of the body's surface, projected on the x-y plane."""
    t, picks, surface = run["frames"]
    fig, axes = plt.subplots(1, len(picks), figsize=(3.2 * len(picks), 3.6), squeeze=False)
    lo = np.min([p[2].min(axis=0) for p in picks], axis=0)
    hi = np.max([p[2].max(axis=0) for p in picks], axis=0)
    pad = 0.05 * max(hi[0] - lo[0], hi[1] - lo[1], 1e-9)
    for ax, (_, tk, x) in zip(axes[0], picks):
        ax.triplot(x[:, 0], x[:, 1], surface, linewidth=0.3, color="tab:blue")
        ax.set_title(f"t = {tk:.3g} s")
        ax.set_xlim(lo[0] - pad, hi[0] + pad)
        ax.set_ylim(lo[1] - pad, hi[1] + pad)
        ax.set_aspect("equal")
        ax.set_xlabel("x [m]")
    axes[0][0].set_ylabel("y [m]")
    fig.suptitle(f"{problem} / {run['integrator']}, h = {run['h_requested']:.4g} s: surface mesh")
    fig.tight_layout()
    save(fig, out, f"frames_{problem}_{run['integrator']}{tag}", formats, written)


def series_of(g, quantity):
    """The time series `quantity` of run group g (norms of vector series)."""
    if quantity.startswith("observable:"):
        return g["observables"][quantity[len("observable:"):]][()]
    data = g[quantity][()]
    return np.linalg.norm(data, axis=1) if data.ndim == 2 else data


def run_group(f, curve):
    """The run group of a figure curve (matched on the requested step), or None."""
    path = f"runs/{curve['problem']}/{curve['integrator']}"
    if path not in f:
        return None
    for g in f[path].values():
        if abs(float(g.attrs["h_requested"]) - curve["h"]) <= 1e-9 * curve["h"]:
            return g
    return None


def paper_figure(f, spec, out, formats, written):
    panels = spec["panels"]
    fig, axes = plt.subplots(len(panels), 1, figsize=(9, 3.2 * len(panels) + 0.8), sharex=True,
                             squeeze=False)
    several_problems = len({c["problem"] for c in spec["curves"]}) > 1
    for k, curve in enumerate(spec["curves"]):
        g = run_group(f, curve)
        if g is None:
            print(f"plot.py: note: figure {spec['id']}: no run {curve} in the file; curve skipped")
            continue
        status = text(g.attrs["status"])
        who = (f"{curve['problem']} / " if several_problems else "") + curve["integrator"]
        label = f"{who}, h = {curve['h']:.4g} s" + (
            "" if status == "ok" else f" ({status})")
        t = g["t"][()]
        for ax, panel in zip(axes[:, 0], panels):
            y = series_of(g, panel["quantity"]).astype(float)
            if panel.get("relative", False) and y.size and y[0] != 0:
                y = y / y[0]
            ax.plot(t, y, label=label if ax is axes[0, 0] else None, linewidth=1.2,
                    **paper_style(k))
    for ax, panel in zip(axes[:, 0], panels):
        name = panel["quantity"].removeprefix("observable:").replace("_", " ")
        ax.set_ylabel(f"{name} / initial" if panel.get("relative", False) else name)
        if panel.get("log", False):
            ax.set_yscale("log")
        if "ylim" in panel:
            ax.set_ylim(*panel["ylim"])
        ax.grid(True, alpha=0.3)
    axes[-1, 0].set_xlabel("time t [s]")
    axes[0, 0].set_title(f"{spec['title']}\n({spec['source']})")
    legend(axes[0, 0], len(spec["curves"]))
    fig.tight_layout()
    save(fig, out, f"paper_{spec['id']}", formats, written)


def window_mean(t, y, window):
    """Time mean of y over window (trapezoid rule on the samples inside it)."""
    inside = (t >= window[0]) & (t <= window[1])
    if inside.sum() < 2:
        return float("nan")
    return float(np.trapz(y[inside], t[inside]) / (t[inside][-1] - t[inside][0]))


def spectrum_figure(f, spec, out, formats, written):
    """Time-mean of the observables named <prefix>* against their index, a panel per step."""
    prefix, window = spec["spectrum"]["prefix"], spec["spectrum"]["window"]
    steps = sorted({c["h"] for c in spec["curves"]}, reverse=True)
    who = sorted({c["integrator"] for c in spec["curves"]}, key=[
        c["integrator"] for c in spec["curves"]].index)
    fig, axes = plt.subplots(len(steps), 1, figsize=(9, 2.8 * len(steps) + 0.8), sharex=True,
                             squeeze=False)
    for curve in spec["curves"]:
        g = run_group(f, curve)
        if g is None or "observables" not in g:
            print(f"plot.py: note: figure {spec['id']}: no run {curve} with observables; "
                  "curve skipped")
            continue
        names = sorted(n for n in g["observables"] if n.startswith(prefix))
        t = g["t"][()]
        values = [window_mean(t, g["observables"][n][()], window) for n in names]
        status = text(g.attrs["status"])
        ax = axes[steps.index(curve["h"]), 0]
        ax.semilogy(range(len(values)), np.maximum(values, 1e-300), marker="o", markersize=3,
                    label=curve["integrator"] + ("" if status == "ok" else f" ({status})"),
                    linewidth=1.0, **paper_style(who.index(curve["integrator"])))
    for ax, h in zip(axes[:, 0], steps):
        ax.set_title(f"h = {h:.4g} s", fontsize=10)
        ax.set_ylabel(f"mean {prefix}* [J]")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(loc="upper right", frameon=False)
    axes[-1, 0].set_xlabel(f"index of {prefix}* (mean over t in [{window[0]:g}, {window[1]:g}] s)")
    fig.suptitle(f"{spec['title']}\n({spec['source']})")
    fig.tight_layout()
    save(fig, out, f"paper_{spec['id']}", formats, written)


def paper_figures(matrix, runs, out, formats, written):
    """Each [[figure]] block of the matrix as paper_<id>, in `formats`."""
    with open(matrix, "rb") as m:
        specs = tomllib.load(m).get("figure", [])
    with h5py.File(runs, "r") as f:
        for spec in specs:
            if spec.get("kind", "time") == "spectrum":
                spectrum_figure(f, spec, out, formats, written)
            else:
                paper_figure(f, spec, out, formats, written)


def workprecision_figures(tibench, runs, out, formats, written):
    """err_final against each stored cost measure, per problem; the Pareto front in black."""
    res = subprocess.run([tibench, "workprecision", runs, "--format", "json"],
                         capture_output=True, text=True)
    if res.returncode != 0:
        print(f"plot.py: note: tibench workprecision failed: {res.stderr.strip()}")
        return
    by_problem = {}
    for entry in json.loads(res.stdout):
        if entry["error"] == "err_final" and len(entry["points"]) >= 2:
            by_problem.setdefault(entry["problem"], []).append(entry)
    for problem, entries in sorted(by_problem.items()):
        fig, axes = plt.subplots(1, len(entries), figsize=(4.2 * len(entries), 4.2),
                                 squeeze=False)
        for ax, e in zip(axes[0], entries):
            pts = e["points"]
            positive = [p["cost"] for p in pts if p["cost"] > 0]
            # Explicit methods cost no Newton iteration: zero costs sit at the left edge.
            edge = 0.5 * min(positive) if positive else 1.0
            names = sorted({p["integrator"] for p in pts})
            for k, name in enumerate(names):
                mine = sorted((p for p in pts if p["integrator"] == name), key=lambda p: p["cost"])
                ax.plot([p["cost"] or edge for p in mine], [p["error"] for p in mine],
                        marker=MARKERS[k % len(MARKERS)], markersize=3, linewidth=1,
                        label=name if ax is axes[0, 0] else None, **style(k))
            front = [pts[i] for i in e["front"]]
            ax.plot([p["cost"] or edge for p in front], [p["error"] for p in front],
                    color="k", linewidth=1.6, linestyle="--", marker="o", markersize=5,
                    markerfacecolor="none", label="Pareto front" if ax is axes[0, 0] else None)
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel(e["cost"] + " (stored)")
            ax.grid(True, which="both", alpha=0.3)
        axes[0, 0].set_ylabel("err_final")
        fig.suptitle(f"{problem}: work-precision (zero costs drawn at the left edge)")
        handles, labels = axes[0, 0].get_legend_handles_labels()
        fig.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.0, 0.95), frameon=False,
                   ncol=max(1, (len(labels) + 19) // 20))
        fig.tight_layout()
        save(fig, out, f"workprecision_{problem}", formats, written)


def has_stability(tibench):
    if not tibench:
        return False
    try:
        help_text = subprocess.run([tibench, "--help"], capture_output=True, text=True).stdout
    except OSError:
        return False
    return any(line.strip().startswith("stability") for line in help_text.splitlines())


def stability_figures(tibench, out, formats, written):
    ids = json.loads(subprocess.run([tibench, "list", "integrators", "--json"], check=True,
                                    capture_output=True, text=True).stdout)
    curves, rational = {}, {}
    for info in ids:
        res = subprocess.run([tibench, "stability", info["id"], "--json"], capture_output=True,
                             text=True)
        if res.returncode != 0:
            print(f"plot.py: note: tibench stability {info['id']} failed: {res.stderr.strip()}")
            continue
        data = json.loads(res.stdout)
        rows = data["rows"]
        if "stability_function" in data:
            rational[info["id"]] = (data["stability_function"], data.get("a_alpha_deg"))
        curves[info["id"]] = {k: np.array([row[k] for row in rows], dtype=float)
                              for k in ("hbar", "trace", "spectral_radius", "damping_ratio",
                                        "period_error")}
    if not curves:
        print("plot.py: note: no stability data; stability figures skipped")
        return
    for key, ylabel, name in (("trace", "trace of Q(hbar) [-]", "stability_trace"),
                              ("spectral_radius", "spectral radius of Q(hbar) [-]",
                               "stability_radius")):
        fig, ax = plt.subplots(figsize=(8, 5))
        for k, (ident, c) in enumerate(sorted(curves.items())):
            ax.semilogx(c["hbar"], c[key], label=ident, **style(k))
        if key == "spectral_radius":
            ax.axhline(1.0, color="k", linewidth=0.8, linestyle=":")
            ax.set_yscale("log")
            ax.set_ylim(1e-4, 1e4)  # beyond: unstable, the slope no longer matters
        else:
            ax.set_ylim(-3, 3)  # |trace| > 2 with det ~ 1 is already unstable
        ax.set_xlabel("hbar = h^2 k / m [-]")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{ylabel.split(' [')[0]} on m x'' = -k x")
        ax.grid(True, which="both", alpha=0.3)
        legend(ax, len(curves))
        save(fig, out, name, formats, written)
    fig, ax = plt.subplots(figsize=(8, 5))
    for k, (ident, c) in enumerate(sorted(curves.items())):
        ax.loglog(np.sqrt(c["hbar"]), c["spectral_radius"], label=ident, **style(k))
    ax.axhline(1.0, color="k", linewidth=0.8, linestyle=":")
    ax.set_ylim(1e-4, 1e4)
    ax.set_xlabel("y = h omega = sqrt(hbar) [-]")
    ax.set_ylabel("|R(iy)| [-]")
    ax.set_title("amplification on the imaginary axis")
    ax.grid(True, which="both", alpha=0.3)
    legend(ax, len(curves))
    save(fig, out, "stability_imaginary_axis", formats, written)
    damping_figures(curves, out, formats, written)
    if rational:
        region_figures(rational, out, formats, written)


def region_figures(rational, out, formats, written):
    """Stability regions {|R(z)| <= 1} and order stars {|R(z) e^-z| > 1} of R = P/Q."""
    x, y = np.meshgrid(np.linspace(-8, 4, 481), np.linspace(-6, 6, 481))
    z = x + 1j * y
    ids = sorted(rational)
    cols = 5
    rows = (len(ids) + cols - 1) // cols
    for name, title, inside in (
            ("stability_regions", "stability regions |R(z)| <= 1 (shaded)",
             lambda R: np.abs(R) <= 1),
            ("order_stars", "order stars |R(z) exp(-z)| > 1 (shaded)",
             lambda R: np.abs(R * np.exp(-z)) > 1)):
        fig, axes = plt.subplots(rows, cols, figsize=(3.0 * cols, 2.9 * rows), squeeze=False)
        for ax in axes.flat:
            ax.axis("off")
        for ax, ident in zip(axes.flat, ids):
            (poly, alpha) = rational[ident]
            with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
                R = np.polyval(poly["P"][::-1], z) / np.polyval(poly["Q"][::-1], z)
                shade = inside(R)
            ax.axis("on")
            ax.contourf(x, y, shade.astype(float), levels=[0.5, 1.5], colors=["tab:blue"],
                        alpha=0.35)
            ax.axhline(0, color="k", linewidth=0.5)
            ax.axvline(0, color="k", linewidth=0.5)
            label = ident if alpha is None else f"{ident}, A({alpha:.4g} deg)"
            ax.set_title(label, fontsize=8)
            ax.set_aspect("equal")
            ax.tick_params(labelsize=7)
        fig.suptitle(title + "; x = Re z, y = Im z")
        fig.tight_layout()
        save(fig, out, name, formats, written)


def damping_figures(curves, out, formats, written):
    """Numerical damping ratio and relative period error against Omega = omega h."""
    for key, ylabel, name in (("damping_ratio", "numerical damping ratio xi [-]",
                               "stability_damping"),
                              ("period_error", "relative period error |T_h / T - 1| [-]",
                               "stability_period_error")):
        fig, ax = plt.subplots(figsize=(8, 5))
        for k, (ident, c) in enumerate(sorted(curves.items())):
            omega = np.sqrt(c["hbar"])
            if key == "damping_ratio":
                ax.semilogx(omega, c[key], label=ident, **style(k))
            else:
                ax.loglog(omega, np.abs(c[key]), label=ident, **style(k))
        if key == "damping_ratio":
            ax.set_ylim(-0.2, 1.0)  # beyond xi = 1 a mode is overdamped; below 0 it grows
            ax.axhline(0.0, color="k", linewidth=0.8, linestyle=":")
        else:
            ax.set_ylim(1e-8, 1e3)
        ax.set_xlabel("Omega = omega h = sqrt(hbar) [-]")
        ax.set_ylabel(ylabel)
        ax.set_title(f"{ylabel.split(' [')[0]} on m x'' = -k x (principal eigenvalues of Q)")
        ax.grid(True, which="both", alpha=0.3)
        legend(ax, len(curves))
        save(fig, out, name, formats, written)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("runs", help="HDF5 file written by tibench run")
    ap.add_argument("--out", default="results/figures")
    ap.add_argument("--tibench", default="", help="tibench binary (nominal orders, stability)")
    ap.add_argument("--formats", default="png,svg")
    ap.add_argument("--paper-formats", default=None,
                    help="formats of the paper_<id> figures (default: --formats)")
    ap.add_argument("--every-step", action="store_true",
                    help="energy and alpha figures for every step size, not only the median")
    ap.add_argument("--no-stability", action="store_true", help="skip the stability figures")
    ap.add_argument("--matrix", default="", help="matrix file whose [[figure]] blocks to draw")
    ap.add_argument("--no-workprecision", action="store_true",
                    help="skip the work-precision figures")
    args = ap.parse_args(argv)
    if not os.path.exists(args.runs):
        print(f"plot.py: no such file '{args.runs}'", file=sys.stderr)
        return 2
    def format_list(text):
        return [f for f in text.split(",") if f]
    formats = format_list(args.formats)
    paper_formats = formats if args.paper_formats is None else format_list(args.paper_formats)
    os.makedirs(args.out, exist_ok=True)
    problems = read_runs(args.runs)
    if not problems:
        print(f"plot.py: '{args.runs}' holds no runs", file=sys.stderr)
        return 2
    orders = nominal_orders(args.tibench)
    written = []
    any_alpha = False
    for problem, runs in sorted(problems.items()):
        steps = (sorted({r["h_requested"] for r in runs}) if args.every_step
                 else [common_step(runs)])
        for h in steps:
            energy_figure(problem, runs, h, args.out, formats, written,
                          step_tag(h, args.every_step))
            contact_figure(problem, runs, h, args.out, formats, written,
                           step_tag(h, args.every_step))
            for r in runs:
                if r["h_requested"] == h and "frames" in r:
                    frames_figure(problem, r, args.out, formats, written,
                                  step_tag(h, args.every_step))
        convergence_figure(problem, runs, orders, args.out, formats, written)
        any_alpha = alpha_figure(problem, runs, args.out, formats, written,
                                 args.every_step) or any_alpha
    if args.matrix:
        paper_figures(args.matrix, args.runs, args.out, paper_formats, written)
    if args.tibench and not args.no_workprecision:
        workprecision_figures(args.tibench, args.runs, args.out, formats, written)
    if not any_alpha:
        print("plot.py: note: no run records alpha (no A-search / blending runs); "
              "alpha figures skipped")
    if args.no_stability:
        pass
    elif has_stability(args.tibench):
        stability_figures(args.tibench, args.out, formats, written)
    else:
        print("plot.py: note: this tibench has no `stability` subcommand yet; "
              "stability and R(iy) figures skipped")
    print(f"plot.py: wrote {len(written)} files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
