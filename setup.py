"""The build step the kit needs beyond pyproject.toml: compile the message catalogs.

The French texts are kept as a ``.po`` source in git
(``xochintlan_hex/locale/fr/LC_MESSAGES/xochintlan_hex.po``); gettext reads the
compiled ``.mo``. This compiles every catalog into the build tree, so that a
wheel ships the ``.mo`` files without their ever being committed. (An editable
install reads the source tree instead, whose ``.po`` the kit compiles in memory when no
up-to-date ``.mo`` is there: xochintlan_hex/i18n.py.)
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

PACKAGE = "xochintlan_hex"
DOMAIN = "xochintlan_hex"


def compile_catalog(po_path: Path, mo_path: Path) -> None:
    """Compile one ``.po`` into ``.mo``; fuzzy entries are left out, as gettext tools do."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path.open("rb") as source:
        catalog = read_po(source)
    errors = [(message.id, error) for message, errs in catalog.check() for error in errs]
    if errors:
        raise SystemExit(f"{po_path}: {errors}")
    mo_path.parent.mkdir(parents=True, exist_ok=True)
    with mo_path.open("wb") as target:
        write_mo(target, catalog)


class BuildWithCatalogs(build_py):
    """build_py, then the compiled catalogs next to the package's modules."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return  # the editable install reads the source tree's catalogs (make compiles them)
        for po_path, mo_relative in self._catalogs():
            compile_catalog(po_path, Path(self.build_lib) / mo_relative)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            outputs += [str(Path(self.build_lib) / mo) for _, mo in self._catalogs()]
        return outputs

    def _catalogs(self) -> list[tuple[Path, Path]]:
        locale = Path(self.get_package_dir(PACKAGE)) / "locale"
        return [
            (po, Path(PACKAGE, "locale") / po.relative_to(locale).with_suffix(".mo"))
            for po in sorted(locale.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
        ]


setup(cmdclass={"build_py": BuildWithCatalogs})
