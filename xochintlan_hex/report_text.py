"""The older home of :mod:`xochintlan_hex.balance.report_text`, a study's report put into words.

Its names are re-exported here, so that code written against ``xochintlan_hex.report_text``
keeps working.
"""

from xochintlan_hex.balance.report_text import (
    APART_NAMES,
    LABEL_WORDS,
    OBJECTIVE_NAMES,
    OUTCOME_NAMES,
    SECTION_TITLES,
    VERDICT_NAMES,
    label_text,
    note_text,
    p_value_text,
    printable,
    report_text,
    section_table,
)

__all__ = [
    "APART_NAMES",
    "label_text",
    "LABEL_WORDS",
    "note_text",
    "OBJECTIVE_NAMES",
    "OUTCOME_NAMES",
    "p_value_text",
    "printable",
    "report_text",
    "section_table",
    "SECTION_TITLES",
    "VERDICT_NAMES",
]
