"""The runs of a run file as a DataFrame and as numpy arrays, checked against
what `tibench info` reports and what h5py reads directly."""
import json
import math

import h5py
import numpy as np
import pandas as pd
import pytest

import tibench
from conftest import MAX_SAMPLES


@pytest.fixture(scope="module")
def runs(run_file):
    return tibench.runs(run_file)


def same(a, b):
    """Equal, NaN equal to NaN."""
    return (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) \
        or a == b


def samples(steps, max_samples):
    """Samples a run of `steps` steps keeps: t = 0, every stride-th step and the last."""
    stride = max(1, -(-steps // max_samples))
    return 1 + steps // stride + (1 if steps % stride else 0)


def test_one_row_per_run_that_tibench_info_counts(runs, info_runs):
    assert len(runs) == info_runs == 2 * 4 * 2  # problems x integrators x step sizes
    assert runs["path"].is_unique


def test_metrics_are_the_declared_ones_with_the_values_in_the_file(run_file, runs):
    with tibench.open(run_file) as f:
        metrics = f.schema.kind("run").metrics
    assert "err_final" in metrics and "wall_s" in metrics
    assert set(metrics) <= set(runs.columns)
    with h5py.File(run_file, "r") as h:
        for _, row in runs.iterrows():
            attrs = h[row["path"]].attrs
            assert {k for k in attrs if k in metrics} == set(metrics)
            for key in metrics:
                assert same(row[key], float(attrs[key])), (row["path"], key)
    ok = runs[runs["status"] == "ok"]
    exact = ok[ok["problem"] == "oscillator"]
    assert (exact["err_final"] > 0).all() and (exact["err_final"] < 1).all()


def test_columns_hold_identity_and_outcome(runs):
    assert set(runs["problem"]) == {"oscillator", "simple-spring"}
    assert set(runs["integrator"]) == {"sdirk2", "blend-im", "rk4", "dopri5"}
    assert set(runs["h_requested"]) == {0.1, 0.05}
    assert set(runs["status"]) <= {"ok", "diverged", "solver_failed", "timeout", "error"}
    assert (runs["status"] != "ok").any(), "rk4 diverges on the stiff spring"
    assert (runs["t_end"] == 1.0).all()
    assert (runs["steps"] == (runs["t_end"] / runs["h"]).round()).all()
    assert runs["steps"].dtype.kind == "i"


def test_parameters_are_expanded_from_the_params_json(run_file, runs):
    assert "params" not in runs.columns
    assert (runs.loc[runs["problem"] == "oscillator", "problem.n"] == 2).all()
    with h5py.File(run_file, "r") as h:
        for _, row in runs.iterrows():
            params = json.loads(h[row["path"]].attrs["params"])
            assert set(params) == {"problem", "integrator"}
            for section, values in params.items():
                for name, value in values.items():
                    assert same(row[f"{section}.{name}"], value), (row["path"], name)


def test_method_and_scene_files_are_columns_of_their_text(file_runs):
    path, method_text, scene_text = file_runs
    runs = tibench.runs(path)
    assert len(runs) == 2
    method_run = runs[runs["problem"] == "oscillator"].iloc[0]
    scene_run = runs[runs["problem_label"] == "two-balls-file"].iloc[0]
    assert method_run["method_file"] == method_text
    assert scene_run["scene_file"] == scene_text
    assert pd.isna(method_run["scene_file"]) and pd.isna(scene_run["method_file"])
    assert not pd.isna(scene_run["problem.mu"])  # the scene's [world] parameters


def test_series_have_one_value_per_sample(run_file, runs):
    with tibench.open(run_file) as f:
        kind = f.schema.kind("run")
        for _, row in runs.iterrows():
            data = f.run(row)
            n = len(data["t"])
            for name in kind.series:
                if name in data:
                    assert data[name].shape[0] == n, (row["path"], name)
            for name, series in data.get("observables", {}).items():
                assert series.shape == (n,), name
            assert data["angular_momentum"].shape == (n, 3)
            assert np.allclose(data["energy"], data["kinetic"] + data["potential"])
            assert data["t"][0] == 0.0
            if row["status"] != "ok":
                continue
            assert n == samples(row["steps"], MAX_SAMPLES)
            assert data["t"][-1] == pytest.approx(row["t_end"])
            assert len(data["t_out"]) == len(data["err"]) == row["outputs"]


def test_final_state_has_one_value_per_dof(run_file, runs):
    with tibench.open(run_file) as f:
        for _, row in runs.iterrows():
            data = f.run(row["path"])
            dofs = 2 if row["problem"] == "oscillator" else 3  # n = 2; a 3-D spring
            assert data["final_q"].shape == data["final_v"].shape == (dofs,)


def test_optional_series_appear_where_the_method_or_problem_reports_them(run_file, runs):
    with tibench.open(run_file) as f:
        for _, row in runs.iterrows():
            data = f.run(row)
            assert ("alpha" in data) == (row["integrator"] == "blend-im"), row["path"]
            assert ("error_estimate" in data) == (row["integrator"] == "dopri5"), row["path"]
            has_observables = row["problem"] == "simple-spring"
            assert ("observables" in data) == has_observables, row["path"]
            if has_observables:
                assert list(data["observables"]) == ["spring_length"]


def test_every_dataset_of_a_run_is_read(run_file, runs):
    with tibench.open(run_file) as f, h5py.File(run_file, "r") as h:
        for _, row in runs.iterrows():
            assert set(f.run(row)) == set(h[row["path"]].keys())


def test_contact_and_frames_are_read_as_nested_arrays(body_file):
    with tibench.open(body_file) as f:
        (row,) = [r for _, r in f.runs().iterrows()]
        data = f.run(row)
    n = len(data["t"])
    assert data["contact"]["min_phi"].shape == (n,)
    frames = data["frames"]
    assert len(frames["positions"]) == len(frames["t"])
    assert frames["surface"].shape[1] == 3
    for positions in frames["positions"].values():
        assert positions.shape == (len(data["final_q"]) // 3, 3)
