"""Where the app's resource folders live, in a checkout and in an installed wheel.

In a checkout (and an editable install) ``templates/``, ``translations/`` and ``migrations/`` sit at
the top of the repository, beside ``tutor/``. A wheel carries them inside the package as
``tutor/templates`` and so on (``[tool.hatch.build.targets.wheel.force-include]`` in pyproject.toml).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""The ``tutor`` package folder."""


def resource_dir(name: str) -> Path:
    """The folder ``name`` inside the package if it is there (wheel), else beside it (checkout).

    >>> resource_dir("templates").name
    'templates'
    >>> (resource_dir("templates") / "base.html").is_file()
    True
    """
    inside = PACKAGE_DIR / name
    if inside.is_dir():
        return inside
    return PACKAGE_DIR.parent / name
