"""Intervals and tests come from statistics.NormalDist and scipy.stats, and give the figures
the kit has always given (to 1e-9) on every shipped study."""

import doctest
import importlib
import math
import os
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest
import scipy.stats

from xochintlan_hex import exact, stats
from xochintlan_hex.cli import main
from xochintlan_hex.studies import read_results

BEFORE = "tests/data/stats_figures_before_scipy.csv"


def test_quantiles_are_the_libraries():
    for p in (0.0001, 0.025, 0.5, 0.9, 0.975, 0.995):
        assert stats.normal_quantile(p) == NormalDist().inv_cdf(p)
        for df in (1, 3, 10, 29, 1000):
            assert stats.t_quantile(p, df) == pytest.approx(scipy.stats.t.ppf(p, df), rel=1e-12)


def test_wilson_formula_agrees_with_scipy():
    for k, n in [(0, 1), (0, 10), (3, 10), (10, 10), (1, 2), (517, 1000), (2622, 3000)]:
        ci = scipy.stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        assert stats.wilson_interval(k, n) == pytest.approx((ci.low, ci.high), abs=1e-12)


def test_wilson_ends_are_exactly_zero_and_one():
    low, high = stats.wilson_interval([0, 5, 5], [5, 5, 0])
    assert low[0] == 0.0 and high[1] == 1.0
    assert math.isnan(low[2]) and math.isnan(high[2])


def test_a_zero_bound_prints_as_zero_in_report_csv(capsys):
    assert main(["report", "datasets/hextremadura_greedy.csv", "--csv"]) == 0
    out = capsys.readouterr().out
    assert "e-" not in out
    table = pd.read_csv(pd.io.common.StringIO(out))
    star = table[(table["metric"] == "rating") & (table["level"] == "star")]
    assert star["low"].tolist() == [0.0]


@pytest.mark.parametrize("name", sorted(pd.read_csv(BEFORE)["dataset"].unique()))
def test_report_figures_unchanged_on_the_shipped_studies(name):
    before = pd.read_csv(BEFORE, keep_default_na=False, na_values=[""])
    before = before[before["dataset"] == name].drop(columns="dataset")
    before["level"] = before["level"].fillna("")  # whole-study figures have no level
    now = stats.report(read_results(os.path.join("datasets", name)))
    now = now[now["metric"].isin(set(before["metric"]))][list(before.columns)]
    assert (
        now[["metric", "level"]].astype(str).values.tolist() == before[["metric", "level"]].astype(str).values.tolist()
    )
    for column in ("estimate", "low", "high", "n"):
        np.testing.assert_allclose(
            now[column].to_numpy(float), before[column].to_numpy(float), rtol=0, atol=1e-9, err_msg=f"{name}: {column}"
        )


STATISTICS_MODULES = [
    "stats",
    "intervals",
    "grouping",
    "seat_metrics",
    "card_metrics",
    "solo_metrics",
    "report_rows",
    "report",
]


@pytest.mark.parametrize("name", STATISTICS_MODULES)
def test_the_examples_in_the_docstrings_run(name):
    result = doctest.testmod(importlib.import_module(f"xochintlan_hex.balance.{name}"))
    assert result.failed == 0 and result.attempted > 0


def test_the_examples_of_the_exact_module_run():
    result = doctest.testmod(exact)
    assert result.failed == 0 and result.attempted > 0
