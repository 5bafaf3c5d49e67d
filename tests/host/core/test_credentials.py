"""The administrator's credentials: a verified pair skips the slow hash for a while,
and nothing but the right pair against the current hash ever does."""

from __future__ import annotations

import pytest

from host.core.auth import credentials as credentials_module
from host.core.auth.credentials import VERIFIED_FOR_S, Credentials
from host.core.auth.passwords import StandardHasher
from host.core.state import StateDB


class CountingHasher(StandardHasher):
    def __init__(self) -> None:
        self.verifications = 0

    def verify(self, password: str, record: str) -> bool:
        self.verifications += 1
        return super().verify(password, record)


@pytest.fixture
def hasher() -> CountingHasher:
    return CountingHasher()


@pytest.fixture
def account(hasher: CountingHasher) -> Credentials:
    credentials = Credentials(StateDB(":memory:"), hasher)
    credentials.set("admin", "correct horse")
    return credentials


def test_right_pair_is_hashed_once_then_recognised(
    account: Credentials, hasher: CountingHasher
) -> None:
    assert account.verify("admin", "correct horse")
    assert account.verify("admin", "correct horse")
    assert account.verify("admin", "correct horse")
    assert hasher.verifications == 1


def test_wrong_passwords_are_always_hashed_and_never_pass(
    account: Credentials, hasher: CountingHasher
) -> None:
    assert account.verify("admin", "correct horse")
    assert not account.verify("admin", "correct horsE")
    assert not account.verify("admin", "correct horsE")
    assert not account.verify("root", "correct horse")
    assert hasher.verifications == 4


def test_password_change_ends_the_recognition(account: Credentials, hasher: CountingHasher) -> None:
    assert account.verify("admin", "correct horse")
    account.set("admin", "battery staple")
    assert not account.verify("admin", "correct horse")
    assert account.verify("admin", "battery staple")


def test_recognition_expires(
    account: Credentials, hasher: CountingHasher, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = 1000.0
    monkeypatch.setattr(credentials_module.time, "monotonic", lambda: now)
    assert account.verify("admin", "correct horse")
    now += VERIFIED_FOR_S + 1
    assert account.verify("admin", "correct horse")
    assert hasher.verifications == 2


def test_no_account_verifies_nothing(hasher: CountingHasher) -> None:
    credentials = Credentials(StateDB(":memory:"), hasher)
    assert not credentials.verify("admin", "correct horse")
    assert not credentials.verify("admin", "correct horse")
