"""The reader takes the layout from the file's declaration and refuses files
whose schema it does not know: copies of a real run file are altered with h5py."""
import json
import shutil

import h5py
import numpy as np
import pytest

import tibench


@pytest.fixture
def copy(run_file, tmp_path):
    """A fresh copy of the run file, to alter."""
    path = tmp_path / "copy.h5"
    shutil.copy(run_file, path)
    return path


def set_root(path, name, value):
    with h5py.File(path, "r+") as h:
        h["/"].attrs[name] = np.bytes_(value)  # fixed-length, as tibench writes


def declaration(path):
    with h5py.File(path, "r") as h:
        return json.loads(h["/"].attrs["schema_description"])


def test_the_declaration_is_the_files(run_file):
    with tibench.open(run_file) as f:
        assert f.schema.schema == "tibench/1"
        assert list(f.schema.kinds) == ["run"]
        kind = f.schema.kind("run")
        assert kind.path == "/runs/{problem_label}/{integrator_label}/{run_key}"
        assert {"t", "energy", "linear_momentum", "final_q"} <= set(kind.datasets)
        assert "t" in kind.series and "final_q" not in kind.series
        assert f.provenance["schema"] == "tibench/1"
        assert "schema_description" not in f.provenance


def test_an_undeclared_metric_is_no_metric_and_an_undeclared_attribute_no_column(copy):
    d = declaration(copy)
    attributes = d["groups"]["run"]["attributes"]
    attributes["energy_drift_max"]["role"] = "result"
    del attributes["err_final"]
    set_root(copy, "schema_description", json.dumps(d))
    with tibench.open(copy) as f:
        assert "energy_drift_max" not in f.schema.kind("run").metrics
        runs = f.runs()
    assert "err_final" not in runs.columns
    assert "energy_drift_max" in runs.columns


def test_a_value_stored_with_another_type_than_declared_is_refused(copy):
    d = declaration(copy)
    d["groups"]["run"]["attributes"]["steps"]["type"] = "float64"
    set_root(copy, "schema_description", json.dumps(d))
    message = "'steps' is stored as int64, declared float64"
    with tibench.open(copy) as f, pytest.raises(tibench.SchemaError, match=message):
        f.runs()


def test_an_unknown_schema_is_refused(copy):
    set_root(copy, "schema", "tibench/2")
    with pytest.raises(tibench.SchemaError, match=r"schema 'tibench/2' is unknown .*tibench/1"):
        tibench.open(copy)


def test_a_file_without_declaration_is_refused(copy):
    with h5py.File(copy, "r+") as h:
        del h["/"].attrs["schema_description"]
    with pytest.raises(tibench.SchemaError, match="no root attribute 'schema_description'"):
        tibench.open(copy)


def test_an_unknown_declared_type_is_refused(copy):
    d = declaration(copy)
    d["groups"]["run"]["datasets"]["t"]["type"] = "float128"
    set_root(copy, "schema_description", json.dumps(d))
    with pytest.raises(tibench.SchemaError, match="declared type 'float128'"):
        tibench.open(copy)


def test_files_not_written_by_tibench_are_refused(tmp_path):
    plain = tmp_path / "plain.h5"
    with h5py.File(plain, "w") as h:
        h["x"] = [1.0]
    with pytest.raises(tibench.SchemaError, match="not a file written by tibench"):
        tibench.open(plain)
    text = tmp_path / "text.h5"
    text.write_text("not HDF5\n")
    with pytest.raises(tibench.SchemaError, match="not an HDF5 file"):
        tibench.open(text)
