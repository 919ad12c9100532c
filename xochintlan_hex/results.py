"""The older home of :mod:`xochintlan_hex.balance.results`, study results read back and checked, row by row.

Its names are re-exported here, so that code written against ``xochintlan_hex.results``
keeps working.
"""

from xochintlan_hex.balance.results import (
    ACROSS_ROWS_RULES,
    BOOLEANS,
    END_REASONS,
    GAME_COLUMNS,
    HEXTREMADURA_PLAYERS,
    KNOWN_COLUMNS,
    MAX_PLAYERS,
    MAX_SEED,
    ROW_RULES,
    STUDENT,
    WITHIN_ROW_RULES,
    XOCHINTLAN_PLAYERS,
    BrokenRule,
    Column,
    ResultsError,
    cell_problem,
    check_across_rows,
    check_frame,
    column_of,
    first_broken_rule,
    record_lines,
    row_problem,
    rows_problem,
    seat_players,
)

__all__ = [
    "ACROSS_ROWS_RULES",
    "BOOLEANS",
    "BrokenRule",
    "cell_problem",
    "check_across_rows",
    "check_frame",
    "Column",
    "column_of",
    "END_REASONS",
    "first_broken_rule",
    "GAME_COLUMNS",
    "HEXTREMADURA_PLAYERS",
    "KNOWN_COLUMNS",
    "MAX_PLAYERS",
    "MAX_SEED",
    "record_lines",
    "ResultsError",
    "row_problem",
    "ROW_RULES",
    "rows_problem",
    "seat_players",
    "STUDENT",
    "WITHIN_ROW_RULES",
    "XOCHINTLAN_PLAYERS",
]
