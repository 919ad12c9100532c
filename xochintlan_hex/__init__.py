"""xochintlan_hex: a Jupyter kit for polyomino lessons, play and balance studies.

Layers, bottom to top (nothing imports upwards):

1. :mod:`~xochintlan_hex.lattice`, :mod:`~xochintlan_hex.polyforms`, :mod:`~xochintlan_hex.i18n` (the languages)
2. :mod:`~xochintlan_hex.xochintlan`, :mod:`~xochintlan_hex.hextremadura` (rules only)
3. :mod:`~xochintlan_hex.players`, :mod:`~xochintlan_hex.simulate`, :mod:`~xochintlan_hex.stats`
4. :mod:`~xochintlan_hex.viz`, :mod:`~xochintlan_hex.widgets`
5. :mod:`~xochintlan_hex.cli`
"""

__version__ = "0.1.0"

from xochintlan_hex.i18n import get_language, set_language, use_language  # noqa: E402

__all__ = ["__version__", "get_language", "set_language", "use_language"]
