"""A tibench HDF5 file read through its declared schema."""
import h5py
import numpy as np
import pandas as pd

from .schema import PARAMETERS, SchemaError, read_schema
from .values import decode, root_value


class TibenchFile:
    """An open tibench file (a run file, a claims ledger).

    ``schema`` is the file's declaration (tibench.schema.Schema); ``runs()``,
    ``run()`` and ``claims()`` read the groups it declares. Use as a context
    manager, or call close().
    """

    def __init__(self, path):
        self.path = str(path)
        try:
            self._h5 = h5py.File(self.path, "r")
        except FileNotFoundError:
            raise
        except OSError as e:
            raise SchemaError(f"{self.path}: not an HDF5 file written by tibench ({e})") from None
        try:
            self.schema = read_schema(self._h5, self.path)
        except Exception:
            self._h5.close()
            raise

    def close(self):
        """Closes the HDF5 file."""
        self._h5.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    @property
    def provenance(self):
        """The root attributes (version, git commit, command line, ...) but the declaration."""
        return {k: root_value(v) for k, v in self._h5["/"].attrs.items()
                if k != "schema_description"}

    def _rows(self, kind):
        """One dict per group of this kind: its path, path fields and attributes."""
        rows = []
        for path, fields in kind.instances(self._h5):
            attrs = self._h5[path].attrs
            row = {"path": path, **fields}
            for a in kind.attributes.values():
                raw = attrs.get(a.name)  # None: declared but absent
                value = None if raw is None else decode(raw, a, path)
                if a.role == PARAMETERS:
                    row.update(_parameter_columns(value or {}, a.name, path))
                else:
                    row[a.name] = value
            rows.append(row)
        return rows

    def _frame(self, kind):
        """The groups of a kind as a DataFrame: path, path fields, the attributes
        in declared order, then the expanded parameters as section.name."""
        rows = self._rows(kind)
        columns = dict.fromkeys(["path", *kind.path_fields,
                                 *(a.name for a in kind.attributes.values()
                                   if a.role != PARAMETERS)])
        for row in rows:
            columns.update(dict.fromkeys(row))  # parameters in order of first appearance
        return pd.DataFrame(rows, columns=list(columns))

    def runs(self):
        """One row per run: path, path fields, every run attribute (every metric
        among them), and each problem and integrator parameter as a column
        named problem.NAME / integrator.NAME."""
        return self._frame(self.schema.kind("run"))

    def claims(self):
        """One row per claim of a ledger file: id and every claim attribute
        (JSON-typed ones, such as measured, parsed)."""
        return self._frame(self.schema.kind("claim"))

    def run(self, run):
        """A run's data as numpy arrays: every declared dataset the run has
        (time series, output errors, final state), and its subgroups as dicts
        (observables: name -> series; contact, frames: their nested layout).
        `run` is a run's path or a row of runs()."""
        path = run if isinstance(run, str) else run["path"]
        kind = self.schema.kind("run")
        if path not in self._h5 or not isinstance(self._h5[path], h5py.Group):
            raise KeyError(f"{self.path}: no run group {path}")
        g = self._h5[path]
        out = {name: g[name][()] for name in kind.datasets if name in g}
        for name in kind.subgroups:
            if name in g:
                out[name] = _arrays(g[name])
        return out


def _parameter_columns(sections, name, path):
    """{"SECTION.NAME": value} of a parameters attribute {SECTION: {NAME: value}}.

    A top-level text instead of a section (the run's method or scene file, as
    the declaration says) is a column of its own, named by its key."""
    if not isinstance(sections, dict):
        raise SchemaError(f"{path}: attribute '{name}' is not {{section: {{name: value}}}}")
    columns = {}
    for section, params in sections.items():
        if isinstance(params, dict):
            columns.update((f"{section}.{k}", v) for k, v in params.items())
        elif isinstance(params, str):
            columns[section] = params
        else:
            raise SchemaError(f"{path}: attribute '{name}': '{section}' is neither "
                              "{name: value} nor a file's text")
    return columns


def _arrays(group):
    """Every dataset below `group` as nested dicts of numpy arrays."""
    return {name: _arrays(item) if isinstance(item, h5py.Group) else np.asarray(item[()])
            for name, item in group.items()}
