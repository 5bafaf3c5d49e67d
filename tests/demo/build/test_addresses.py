"""demo.build.addresses: container-style service addresses -> the rewrite table."""

from __future__ import annotations

import pytest

from demo.build.addresses import AddressError, address_table, parse_address
from tests.demo.mirror_adapter import registered


@pytest.mark.parametrize(
    ("address", "origin", "base"),
    [
        ("http://api:8080", "http://api:8080", "/"),
        ("http://API:8080/", "http://api:8080", "/"),
        ("http://api:80/v1", "http://api", "/v1/"),
        ("https://pay.internal:443/api/v3/", "https://pay.internal", "/api/v3/"),
        ("http://[::1]:9000", "http://[::1]:9000", "/"),
    ],
)
def test_addresses_normalize_like_url_origin(address: str, origin: str, base: str) -> None:
    assert parse_address(address, "svc", "__demo/mock/svc") == {
        "origin": origin,
        "basePath": base,
        "service": "svc",
        "target": "__demo/mock/svc",
    }


@pytest.mark.parametrize(
    "address", ["api:8080", "ftp://api", "http://api:8080/?x=1", "http://:80", "http://api:99999"]
)
def test_bad_addresses_are_refused_naming_the_service(address: str) -> None:
    with pytest.raises(AddressError, match="^svc: address"):
        parse_address(address, "svc", "__demo/mock/svc")


def test_table_is_most_specific_first_and_refuses_duplicates() -> None:
    services = [
        {"name": "root", "adapter": "mock-http", "config": {"address": "http://api:8080"}},
        {"name": "v2", "adapter": "mock-http", "config": {"address": "http://api:8080/v2"}},
        {"name": "db", "adapter": "sqlite", "config": {}},
        {"name": "plain", "adapter": "mock-http", "config": {}},
    ]
    table = address_table(services)
    assert [(a["service"], a["target"]) for a in table] == [
        ("v2", "__demo/mock/v2"),
        ("root", "__demo/mock/root"),
    ]
    duplicate = [
        *services,
        {"name": "again", "adapter": "mock-http", "config": {"address": "http://api:8080/"}},
    ]
    with pytest.raises(AddressError, match="also used by root"):
        address_table(duplicate)


def test_any_adapter_with_an_address_key_gets_its_own_family_target() -> None:
    with registered():
        table = address_table(
            [{"name": "m", "adapter": "mirror", "config": {"address": "https://host:47990"}}]
        )
    assert table == [
        {
            "origin": "https://host:47990",
            "basePath": "/",
            "service": "m",
            "target": "__demo/mirror/m",
        }
    ]


def test_a_service_may_have_several_addresses() -> None:
    # A Compose service answers at its name, its aliases and localhost's published port.
    service = {
        "name": "api",
        "adapter": "mock-http",
        "config": {"address": ["http://api:8080", "http://localhost:8081"]},
    }
    table = address_table([service])
    assert [(a["origin"], a["target"]) for a in table] == [
        ("http://api:8080", "__demo/mock/api"),
        ("http://localhost:8081", "__demo/mock/api"),
    ]
