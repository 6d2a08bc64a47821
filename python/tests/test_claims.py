"""The claims ledger as a DataFrame, checked against what `tibench verify` printed."""
import re

import h5py
import pytest

import tibench
from conftest import CLAIMS

VERDICTS = {"reproduced", "refuted", "inconclusive"}


def test_one_row_per_claim_with_its_verdict(claims_run):
    path, _ = claims_run
    claims = tibench.claims(path)
    assert list(claims["id"]) == sorted(CLAIMS)
    with h5py.File(path, "r") as h:
        assert len(claims) == len(h["claims"])
    assert set(claims["status"]) <= VERDICTS
    for column in ("paper", "statement", "definition", "summary", "expected", "tolerance",
                   "interpretation", "measured", "wall_s", "fast"):
        assert column in claims.columns
    assert claims["fast"].all()
    assert (claims["wall_s"] >= 0).all()
    assert all(isinstance(m, dict) and m for m in claims["measured"])


def test_tally_matches_what_verify_printed(claims_run):
    path, stdout = claims_run
    claims = tibench.claims(path)
    m = re.search(r"(\d+) claims: (\d+) reproduced, (\d+) refuted, (\d+) inconclusive", stdout)
    assert m, stdout
    tallied = claims[claims["definition"] == ""]
    counts = tallied["status"].value_counts()
    assert len(tallied) == int(m.group(1))
    for group, verdict in zip((2, 3, 4), ("reproduced", "refuted", "inconclusive")):
        assert counts.get(verdict, 0) == int(m.group(group)), verdict
    for _, row in claims.iterrows():
        assert re.search(rf"^{re.escape(row['id'])}\s+{row['status']}\s", stdout, re.M)


def test_a_ledger_declares_claims_not_runs(claims_run):
    path, _ = claims_run
    with tibench.open(path) as f:
        assert list(f.schema.kinds) == ["claim"]
        with pytest.raises(tibench.SchemaError, match="declares no run groups"):
            f.runs()
