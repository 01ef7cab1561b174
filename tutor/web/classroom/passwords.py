"""Teacher passwords and recovery codes: argon2 hashes (argon2-cffi), and what a new password must be.

A password has at least :data:`MIN_LENGTH` characters and is not one of the common passwords shipped
in ``common-passwords.txt`` (compared without case), nor the login name. Nothing here is logged.
"""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ...store import DEVICE_CODE_ALPHABET

MIN_LENGTH = 10
MAX_LENGTH = 200
RECOVERY_GROUPS = 4
"""A recovery code is four groups of four characters (31**16, about 7e23 codes)."""

_HASHER = PasswordHasher()
_DUMMY = _HASHER.hash("not a password anyone has")


@lru_cache(maxsize=1)
def common_passwords() -> frozenset[str]:
    """The shipped list of common passwords, lower case."""
    text = (Path(__file__).with_name("common-passwords.txt")).read_text(encoding="utf-8")
    return frozenset(line.strip().lower() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def password_problem(password: str, login: str = "") -> str | None:
    """Why ``password`` cannot be used (``short``, ``long``, ``common``, ``login``), or None.

    >>> password_problem("short"), password_problem("Password123"), password_problem("a" * 201)
    ('short', 'common', 'long')
    >>> password_problem("anamaria-2026", "anamaria"), password_problem("vale cuatro al mazo")
    ('login', None)
    """
    if len(password) < MIN_LENGTH:
        return "short"
    if len(password) > MAX_LENGTH:
        return "long"
    lowered = password.lower()
    if lowered in common_passwords() or len(set(lowered)) < 3:
        return "common"
    if login and login.lower() in lowered:
        return "login"
    return None


def hash_secret(secret: str) -> str:
    return _HASHER.hash(secret)


def verify_secret(stored: str | None, secret: str) -> bool:
    """Whether ``secret`` matches the hash ``stored``; with None, a dummy hash is checked all the same
    (an unknown login name takes as long as a wrong password)."""
    try:
        return _HASHER.verify(stored or _DUMMY, secret) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def new_recovery_code() -> str:
    """``XXXX-XXXX-XXXX-XXXX`` from the unambiguous alphabet."""
    groups = ("".join(secrets.choice(DEVICE_CODE_ALPHABET) for _ in range(4)) for _ in range(RECOVERY_GROUPS))
    return "-".join(groups)


def normalize_recovery_code(text: str) -> str:
    """A typed recovery code as it was hashed: upper case, grouped by four, spaces ignored.

    >>> normalize_recovery_code(" abcd efgh-jkmn pqrs ")
    'ABCD-EFGH-JKMN-PQRS'
    """
    cleaned = "".join(ch for ch in text.upper() if ch.isalnum())
    return "-".join(cleaned[i : i + 4] for i in range(0, len(cleaned), 4))


def new_password() -> str:
    """A random password for the operator's reset (five groups of four: easy to read out)."""
    return new_recovery_code() + "-" + "".join(secrets.choice(DEVICE_CODE_ALPHABET) for _ in range(4))
