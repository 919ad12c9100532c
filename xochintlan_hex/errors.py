"""Exceptions shared by both games.

Every reader of the kit (action notation, game records, board diagrams, tile
sets) refuses bad input with one of these, never with a bare ``ValueError``
from deeper down:

* :class:`IllegalAction`: an action the rules refuse, or a notation that names
  no action;
* :class:`BoardError`: a Xochintlan board (a text diagram or a mapping
  ``cell -> letter``) that cannot be read or set up;
* :class:`RecordError`: a game record that cannot be replayed into the game it
  describes (malformed, tampered, or giving another result);
* ``TilesetError`` (in :mod:`xochintlan_hex.hextremadura.tiles`): a tile set
  that cannot be used.

All are ``ValueError`` subclasses, so ``except ValueError`` catches them all.
"""


class IllegalAction(ValueError):
    """An action the rules refuse. The message names the rule that was broken.

    The game is left exactly as it was before the refused action.
    """


class RecordError(ValueError):
    """A game record that cannot be replayed: the message names the field and what is allowed."""


class BoardError(ValueError):
    """A board diagram or board mapping that cannot be read: the message names the cell or line and what is allowed."""
