"""``python -m xochintlan_hex.cli``: the ``xochintlan-hex`` command."""

from xochintlan_hex.cli import launch

launch()
