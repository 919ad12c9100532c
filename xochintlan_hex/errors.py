"""Exceptions shared by both games."""


class IllegalAction(ValueError):
    """An action the rules refuse. The message names the rule that was broken.

    The game is left exactly as it was before the refused action.
    """
