"""The older home of :mod:`xochintlan_hex.balance.tournament`, round robins and Bradley-Terry ladders.

Its names are re-exported here, so that code written against ``xochintlan_hex.tournament``
keeps working.
"""

from xochintlan_hex.balance.tournament import (
    ELO_PER_UNIT,
    LADDER_COLUMNS,
    bradley_terry,
    goodness_of_fit,
    pairwise_results,
    rating_difference,
    round_robin,
    solo_ladder,
)

__all__ = [
    "bradley_terry",
    "ELO_PER_UNIT",
    "goodness_of_fit",
    "LADDER_COLUMNS",
    "pairwise_results",
    "rating_difference",
    "round_robin",
    "solo_ladder",
]
