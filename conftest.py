"""Shared by every test run (tests/, notebooks/, the package's doctests).

The kit speaks the language its environment asks for (LANGUAGE, LC_ALL, LANG);
the suite checks the English texts unless a test chooses French itself, so it
pins English for this process and the ones it starts (command line, kernels),
and passes on a machine set up in French as well.
"""

import os

os.environ["LANGUAGE"] = "en"


import pytest


@pytest.fixture(autouse=True)
def _each_test_starts_in_the_environments_language():
    """A page or test that chooses French (``set_language("fr")``) leaves the next one as it found it."""
    yield
    from xochintlan_hex.i18n import set_language

    set_language(None)


# Notebooks kept as test data (a lesson in the shape the printed pages read) are not lessons to run.
collect_ignore_glob = ["tests/data/*"]
