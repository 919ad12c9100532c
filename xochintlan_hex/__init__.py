"""xochintlan_hex: a Jupyter kit for polyomino lessons, play and balance studies.

Layers, bottom to top (nothing imports upwards):

1. :mod:`~xochintlan_hex.lattice`, :mod:`~xochintlan_hex.polyforms`
2. :mod:`~xochintlan_hex.xochintlan`, :mod:`~xochintlan_hex.hextremadura` (rules only)
3. :mod:`~xochintlan_hex.players`, :mod:`~xochintlan_hex.simulate`, :mod:`~xochintlan_hex.stats`
4. :mod:`~xochintlan_hex.viz`, :mod:`~xochintlan_hex.widgets`
5. :mod:`~xochintlan_hex.cli`
"""

__version__ = "0.1.0"
