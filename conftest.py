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


@pytest.fixture(autouse=True)
def _each_test_sees_only_the_kits_own_games(request):
    """The contract tests register an example game (Tessera) when they are collected; any
    other test sees the kit's games alone, as a user's command does (a bare file of
    winners then reads as Xochintlan's), and any game it registers itself is gone after it."""
    from xochintlan_hex import game

    if request.module is not None and request.module.__name__.endswith("test_game_contract"):
        yield
        return
    kits_own = ("xochintlan", "hextremadura")  # registered on first use: never taken away
    registered, loaded = dict(game._REGISTRY), dict(game._LOADED_MODULES)
    for name in [name for name in registered if name not in kits_own]:
        del game._REGISTRY[name]
    game._LOADED_MODULES.clear()  # a module loaded again registers its games again
    yield
    for name in [name for name in game._REGISTRY if name not in kits_own]:
        del game._REGISTRY[name]
    game._REGISTRY.update(registered)
    game._LOADED_MODULES.clear()
    game._LOADED_MODULES.update(loaded)


# Notebooks kept as test data (a lesson in the shape the printed pages read) are not lessons to run.
collect_ignore_glob = ["tests/data/*"]
