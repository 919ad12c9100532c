"""One run at a time writes a study: the lock beside the output, and a folder safe to write in."""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

from xochintlan_hex.balance.study_files import open_no_follow
from xochintlan_hex.balance.study_spec import StudyError
from xochintlan_hex.i18n import _


def lock_path(out: str | os.PathLike[str]) -> Path:
    """The lock file of the study writing ``out``: beside it, so removing the
    ``.parts`` folder does not remove the lock.

    >>> lock_path("runs/greedy.csv").as_posix()
    'runs/.greedy.csv.lock'
    """
    path = Path(out)
    return path.with_name(f".{path.name}.lock")


#: Windows locks files with ``msvcrt``, other systems with ``fcntl``.
_WINDOWS = sys.platform == "win32"


def _lock_now(fd: int) -> bool:
    """Take an exclusive lock on the open file ``fd``; False if another run holds it."""
    if _WINDOWS:
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


class StudyLock:
    """An exclusive lock on the study writing ``out`` (on its lock file: ``fcntl.flock``,
    or ``msvcrt.locking`` on Windows).

    A second run on the same output is refused while the first holds it; the
    system releases it when a run ends in any way, even killed. :meth:`check`
    tells the running study whether its lock file and side directory are still
    the ones it started with (someone may have removed them under it).
    """

    def __init__(self, out: Path) -> None:
        self.path = lock_path(out)
        while True:
            fd = open_no_follow(self.path, os.O_CREAT | os.O_RDWR)
            if not _lock_now(fd):
                os.close(fd)
                raise StudyError(
                    _(
                        "another run is writing {out} (it holds {lock}); wait for it to end or stop it, then run again"
                    ).format(out=out, lock=self.path)
                )
            # A run that just finished may have removed the file we locked: lock the new one.
            if _same_file(self.path, fd):
                break
            os.close(fd)
        self.fd = fd
        self.parts_inode: int | None = None

    def watch(self, parts: Path) -> None:
        """Remember the side directory this run writes, to notice if it is replaced."""
        self.parts_inode = parts.stat().st_ino

    def check(self, parts: Path) -> None:
        """Raise :class:`StudyError` if the lock file or the side directory was removed."""
        try:
            parts_now = parts.stat().st_ino
        except FileNotFoundError:
            parts_now = None
        if not _same_file(self.path, self.fd) or parts_now != self.parts_inode:
            raise StudyError(
                _(
                    "{parts} (or {lock}) was removed or replaced while this run was writing it; "
                    "stopped without writing the results file"
                ).format(parts=parts, lock=self.path)
            )

    def release(self) -> None:
        """Remove the lock file (we hold it, so no other run is using it) and unlock."""
        ours = _same_file(self.path, self.fd)
        if not _WINDOWS:
            if ours:
                self.path.unlink(missing_ok=True)
            os.close(self.fd)
            return
        # Windows removes no open file: close first. A run that opens the file in
        # between keeps it open, so the removal then fails and its lock stays.
        os.close(self.fd)
        if ours:
            with contextlib.suppress(FileNotFoundError, PermissionError):
                self.path.unlink()


def _same_file(path: Path, fd: int) -> bool:
    try:
        return path.stat().st_ino == os.fstat(fd).st_ino
    except FileNotFoundError:
        return False


@contextlib.contextmanager
def study_lock(out: Path) -> Iterator[StudyLock]:
    """Hold the study's lock for the ``with`` block (see :class:`StudyLock`)."""
    lock = StudyLock(out)
    try:
        yield lock
    finally:
        lock.release()
