"""Read tibench's HDF5 files (run files, the claims ledger) with pandas and numpy.

    import tibench
    with tibench.open("results/default.h5") as f:
        runs = f.runs()             # DataFrame, one row per run
        data = f.run(runs.iloc[0])  # dict of numpy arrays: t, energy, ...

The layout is taken from the declaration each file carries (root attribute
schema_description; see tibench.schema and docs/python.md), not from a copy
kept here. Needs h5py, numpy and pandas (Debian: python3-h5py, python3-pandas).
"""
from .files import TibenchFile
from .schema import KNOWN_SCHEMAS, SchemaError

__all__ = ["KNOWN_SCHEMAS", "SchemaError", "TibenchFile", "open", "runs", "claims"]


def open(path):  # noqa: A001 (like h5py.File / tarfile.open)
    """Opens a tibench file; SchemaError if it is not one this package can read."""
    return TibenchFile(path)


def runs(path):
    """The runs of a run file as a DataFrame (see TibenchFile.runs)."""
    with TibenchFile(path) as f:
        return f.runs()


def claims(path):
    """The claims of a ledger file as a DataFrame (see TibenchFile.claims)."""
    with TibenchFile(path) as f:
        return f.claims()
