"""``python -m xochintlan_hex.cli``: the ``xochintlan-hex`` command."""

from xochintlan_hex.cli import launch

if __name__ == "__main__":  # importing the module (as the API pages do) runs nothing
    launch()
