"""A class plays from its own devices: a small web server on the teacher's machine.

Students join a table from a phone or a laptop with a short code, sit at a
seat, see only their own card, and play; the teacher opens tables on a page
protected by a token and shows every table on the projector. The engine is the
referee, every accepted action is committed to one SQLite file per session
before any screen shows it, and ``xochintlan-hex class export`` turns the
finished games into a study results file. See ``docs/howto/class-play.md``.

From a notebook cell::

    from xochintlan_hex.classroom import serve_class
    server = serve_class("class-session.sqlite")
    server          # the address, its QR code, the teacher page and the projector
    server.stop()

Only the command line imports this package (``tests/test_architecture.py``).
"""

from .export import export_session
from .server import ClassServer, serve_class
from .session import ClassSession, Refusal

__all__ = ["ClassServer", "ClassSession", "Refusal", "export_session", "serve_class"]
