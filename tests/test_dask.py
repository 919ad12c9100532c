"""Studies on a Dask cluster give exactly the frames of local processes.

One local cluster (two worker processes, loopback only) serves every test of
this file and is closed at the end, also on failure.
"""

from __future__ import annotations

import pytest
from pandas.testing import assert_frame_equal

from xochintlan_hex import cli, simulate, studies
from xochintlan_hex.xochintlan import Rules

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=None, scheduler_port=0
    )
    try:
        yield cluster
    finally:
        cluster.close()


@pytest.fixture(scope="module")
def client(cluster):
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()


def test_xochintlan_on_dask_equals_local_processes(client):
    rules = Rules(endgame="swap", max_turns=60)
    on_dask = simulate.simulate_xochintlan(
        16, ["greedy", "random"], rules, seed=11, executor=client.get_executor(), progress=False
    )
    local = simulate.simulate_xochintlan(16, ["greedy", "random"], rules, seed=11, workers=2, progress=False)
    assert_frame_equal(on_dask, local)
    assert on_dask["game"].tolist() == list(range(16))


def test_hextremadura_on_dask_equals_local_processes(client):
    on_dask = simulate.simulate_hextremadura(6, "random", seed=11, executor=client.get_executor(), progress=False)
    local = simulate.simulate_hextremadura(6, "random", seed=11, workers=2, progress=False)
    assert_frame_equal(on_dask, local)


def test_the_command_line_runs_a_study_on_the_cluster(cluster, tmp_path, capsys):
    args = [
        "simulate",
        "xochintlan",
        "--games",
        "16",
        "--players",
        "random,greedy",
        "--seed",
        "3",
        "--chunk-size",
        "3",
        "--quiet",
    ]
    assert cli.main([*args, "--out", str(tmp_path / "dask.csv"), "--scheduler", cluster.scheduler_address]) == 0
    assert cli.main([*args, "--out", str(tmp_path / "local.csv"), "--workers", "2"]) == 0
    assert capsys.readouterr().err == ""
    assert_frame_equal(studies.read_results(tmp_path / "dask.csv"), studies.read_results(tmp_path / "local.csv"))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dask.csv", "local.csv"]
