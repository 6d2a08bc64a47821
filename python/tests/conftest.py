"""Fixtures: tibench files written by the built binary on tiny problems.

The binary comes from --tibench (ctest passes the one it built), else $TIBENCH,
else build/release/cli/tibench. Files go to pytest's temporary directory;
nothing is written to the source tree and no file is committed.
"""
import os
import re
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(REPO, "python"))

# Oscillator (exact reference, α from blend-im, an embedded estimate from dopri5)
# and the stiff simple spring (observables; rk4 diverges on it: runs not ok).
# max_samples below the step count, so that the series are strided.
MAX_SAMPLES = 15
MATRIX = f"""
name = "python-tests"
description = "tiny runs for python/tests"
[[study]]
problems = [{{ id = "oscillator", params = {{ n = 2 }} }}, {{ id = "simple-spring" }}]
integrators = ["sdirk2", "blend-im", "rk4", "dopri5"]
h = [0.1, 0.05]
t_end = 1.0
outputs = 2
max_samples = {MAX_SAMPLES}
"""
# Claim checks that take well under a second each in fast mode.
CLAIMS = ("B-T1", "D-P1.printed")


def pytest_addoption(parser):
    parser.addoption("--tibench", default=os.environ.get(
        "TIBENCH", os.path.join(REPO, "build", "release", "cli", "tibench")),
        help="the tibench binary that writes the test files")


def run(cmd):
    """Runs cmd, failing the test with its stderr when it fails; its stdout."""
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} exited {res.returncode}: {res.stderr.strip()}")
    return res.stdout


@pytest.fixture(scope="session")
def tibench(request):
    exe = request.config.getoption("--tibench")
    if not os.access(exe, os.X_OK):
        pytest.fail(f"no tibench binary at {exe} (pass --tibench PATH)")
    return exe


@pytest.fixture(scope="session")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("tibench-files")


@pytest.fixture(scope="session")
def run_file(tibench, workdir):
    """A run file of the matrix above."""
    matrix = workdir / "tiny.toml"
    matrix.write_text(MATRIX)
    out = workdir / "runs.h5"
    run([tibench, "run", "--matrix", str(matrix), "-o", str(out), "-q",
         "--reference-cache", "none"])
    return out


@pytest.fixture(scope="session")
def info_runs(tibench, run_file):
    """The number of runs `tibench info` reports for run_file."""
    m = re.search(r"^runs\s+(\d+) \(", run([tibench, "info", str(run_file)]), re.M)
    assert m, "tibench info printed no run count"
    return int(m.group(1))


@pytest.fixture(scope="session")
def body_file(tibench, workdir):
    """A run of a meshed body hitting plates: contact and frame groups."""
    out = workdir / "body.h5"
    run([tibench, "run", "--problem", "cube-stretch-compress", "--param", "mesh_size=0.5",
         "--integrator", "backward-euler", "--h", "0.01", "--t-end", "0.03", "--frames", "2",
         "-o", str(out), "-q", "--reference-cache", "none"])
    return out


@pytest.fixture(scope="session")
def file_runs(tibench, workdir):
    """(run file, method file text, scene file text): a method file on the
    oscillator and an exported registry scene run as a scene file."""
    method = os.path.join(REPO, "tests", "integrators", "data", "fehlberg-rk8-7.toml")
    scene = workdir / "two-balls.toml"
    run([tibench, "export", "two-balls", "--param", "mesh_size=0.5", "-o", str(scene)])
    matrix = workdir / "files.toml"
    matrix.write_text(f"""
name = "python-files"
description = "a method file and a scene file"
[[study]]
problems = ["oscillator"]
integrators = ["file:{method}"]
h = [0.1]
t_end = 0.2
[[study]]
scenes = ["{scene}"]
integrators = ["backward-euler"]
h = [0.01]
t_end = 0.02
""")
    out = workdir / "files.h5"
    run([tibench, "run", "--matrix", str(matrix), "-o", str(out), "-q",
         "--reference-cache", "none"])
    with open(method) as m:
        return out, m.read(), scene.read_text()


@pytest.fixture(scope="session")
def claims_run(tibench, workdir):
    """(ledger file, verify's stdout) of a fast ledger of CLAIMS."""
    out = workdir / "claims.h5"
    stdout = run([tibench, "verify", "--fast", *(a for c in CLAIMS for a in ("--claim", c)),
                  "-o", str(out)])
    return out, stdout
