"""What the lessons use beyond the kit itself: self-check functions for the exercises.

Each ``check_...(answer)`` computes the right answer with the engines, the
polyform counter or the statistics (never from a stored number) and says
whether ``answer`` is right, without showing the answer itself. See
:mod:`xochintlan_hex.lessons.checks`.
"""
