#!/usr/bin/python3
"""Compares two tibench HDF5 files object by object: every group, dataset (dtype,
shape, bytes) and attribute (type and bytes), except wall times and the
root's build provenance. An attribute holding a JSON object (such as a
run's `params`) is compared as an object: the order of its keys carries no
meaning. Exit 0 when identical, 1 otherwise, listing the first
40 differences. Used to show that a refactoring leaves `make run` unchanged:

    /usr/bin/python3 scripts/compare-h5.py old/default.h5 new/default.h5

With --merged, B is `tibench merge` of A's matrix run in shards (make
test-slurm): the two root attributes that name a merge are checked instead of
compared, A's shard_source "none" and B's "merge", and B's merged_from (the
input files, provenance) is skipped; every other shard identity attribute
(matrix_hash, matrix_cells, shard_index, shard_count, shard_scheme,
shard_partial) must still be equal.

    /usr/bin/python3 scripts/compare-h5.py --merged unsharded.h5 merged.h5
"""
import json
import sys
import h5py
import numpy as np

PROVENANCE = {"created_utc", "git_commit", "git_dirty", "command_line", "hostname",
              "compiler", "build_type", "cxx_flags", "tibench_version"}
TIMING = {"wall_s", "wall_per_sim_s"}
MERGE_IDENTITY = {"shard_source", "merged_from"}  # root attributes, with --merged


def as_bytes(v):
    if isinstance(v, bytes):
        return v
    if isinstance(v, str):
        return v.encode()
    return np.asarray(v).tobytes()


def json_object(v):
    try:
        text = as_bytes(v).decode()
        value = json.loads(text)
    except (UnicodeDecodeError, ValueError):
        return None
    return value if isinstance(value, dict) else None


def same_attribute(va, vb, ta, tb):
    if ta.get_class() != tb.get_class():
        return False
    ja, jb = json_object(va), json_object(vb)
    if ja is not None and jb is not None:
        return ja == jb
    return ta.get_size() == tb.get_size() and as_bytes(va) == as_bytes(vb)


def collect(f):
    objs = {}
    def visit(name, obj):
        objs[name] = obj
    f.visititems(visit)
    objs["/"] = f
    return objs


def merge_identity(a, b):
    """With --merged: A is unsharded, B a merge; returns the differences."""
    diffs = []
    for f, want in ((a, b"none"), (b, b"merge")):
        got = as_bytes(f.attrs.get("shard_source", b""))
        if got != want:
            diffs.append(f"{f.filename}: /@shard_source is {got!r}, expected {want!r}")
    if "merged_from" in a.attrs or "merged_from" not in b.attrs:
        diffs.append("/@merged_from: expected in B only")
    return diffs


def main(a_path, b_path, merged=False):
    a, b = h5py.File(a_path, "r"), h5py.File(b_path, "r")
    oa, ob = collect(a), collect(b)
    diffs = merge_identity(a, b) if merged else []
    if set(oa) != set(ob):
        diffs.append(f"objects only in A: {sorted(set(oa) - set(ob))[:10]}, only in B: {sorted(set(ob) - set(oa))[:10]}")
    n_ds = n_attr = n_skipped = 0
    for name in sorted(set(oa) & set(ob)):
        x, y = oa[name], ob[name]
        if type(x) is not type(y):
            diffs.append(f"{name}: kind differs"); continue
        if isinstance(x, h5py.Dataset):
            n_ds += 1
            if x.dtype != y.dtype or x.shape != y.shape or as_bytes(x[()]) != as_bytes(y[()]):
                diffs.append(f"{name}: dataset differs")
        ka, kb = set(x.attrs.keys()), set(y.attrs.keys())
        if merged and name == "/":
            ka, kb = ka - MERGE_IDENTITY, kb - MERGE_IDENTITY
        if ka != kb:
            diffs.append(f"{name}: attribute names differ: {sorted(ka ^ kb)}")
        for k in sorted(ka & kb):
            if k in TIMING or (name == "/" and k in PROVENANCE):
                n_skipped += 1; continue
            n_attr += 1
            va, vb = x.attrs[k], y.attrs[k]
            ta, tb = x.attrs.get_id(k).get_type(), y.attrs.get_id(k).get_type()
            if not same_attribute(va, vb, ta, tb):
                diffs.append(f"{name}@{k}: {va!r} != {vb!r}")
    print(f"{a_path} vs {b_path}: {len(oa)} objects, {n_ds} datasets, {n_attr} attributes compared "
          f"({n_skipped} wall-time/provenance attributes skipped"
          f"{'; shard_source, merged_from checked as a merge' if merged else ''}): "
          f"{len(diffs)} differences")
    for d in diffs[:40]:
        print("  ", d)
    return 1 if diffs else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    merged = "--merged" in args
    paths = [x for x in args if x != "--merged"]
    if len(paths) != 2:
        sys.exit("usage: compare-h5.py [--merged] A.h5 B.h5")
    sys.exit(main(paths[0], paths[1], merged))
