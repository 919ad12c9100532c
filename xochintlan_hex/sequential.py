"""The older home of :mod:`xochintlan_hex.balance.sequential`, studies that stop when their question is answered.

Its names are re-exported here, so that code written against ``xochintlan_hex.sequential``
keeps working.
"""

from xochintlan_hex.balance.sequential import (
    UNTIL_FORMS,
    VERDICTS,
    Question,
    SequentialTest,
    UntilError,
    decision_of,
    fixed_size_games,
    load_reference,
    log_likelihood_ratio,
    one_sided_states,
    parse_until,
    run_until,
    sequential_decisions,
    sequential_test,
    wald_bounds,
)

__all__ = [
    "decision_of",
    "fixed_size_games",
    "load_reference",
    "log_likelihood_ratio",
    "one_sided_states",
    "parse_until",
    "Question",
    "run_until",
    "sequential_decisions",
    "sequential_test",
    "SequentialTest",
    "UNTIL_FORMS",
    "UntilError",
    "VERDICTS",
    "wald_bounds",
]
