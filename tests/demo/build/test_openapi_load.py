"""Reading real OpenAPI documents at build time: YAML 1.2 scalars, bundling, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from demo.build.openapi_load import BUNDLE_KEY, load_openapi
from demo.runtime.manifest import ManifestError
from demo.runtime.mock.router import MockService

HEAD = "openapi: 3.0.3\ninfo: {title: t, version: '1'}\n"


def write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder / next(iter(files))


def error(tmp_path: Path, files: dict[str, str]) -> str:
    with pytest.raises(ManifestError) as caught:
        load_openapi(write(tmp_path, files), "at")
    return str(caught.value)


def test_yaml_scalars_are_read_as_yaml_12(tmp_path: Path) -> None:
    document = load_openapi(
        write(
            tmp_path,
            {
                "o.yaml": HEAD + "paths: {}\nx-values:\n  date: 2023-10-29\n"
                "  stamp: 2023-10-29T10:00:00Z\n  clock: 18:00\n  word: yes\n"
                "  n: 12\n  f: 1.5\n  t: true\n"
            },
        ),
        "at",
    )
    assert document["x-values"] == {
        "date": "2023-10-29",
        "stamp": "2023-10-29T10:00:00Z",
        "clock": "18:00",
        "word": "yes",
        "n": 12,
        "f": 1.5,
        "t": True,
    }
    json.dumps(document)  # what the build writes: no datetime left


def test_external_refs_are_bundled(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "o.yaml": HEAD + "paths:\n  /pets:\n    $ref: './paths/pets.yaml'\n",
            "paths/pets.yaml": "get:\n  responses:\n    '200':\n      description: ok\n"
            "      content:\n        application/json:\n          schema:\n"
            "            $ref: '../schemas.yaml#/Pet'\n",
            "schemas.yaml": "Pet:\n  type: object\n  required: [name]\n  properties:\n"
            "    name: {type: string, example: Rex}\n    friend: {$ref: '#/Pet'}\n",
        },
    )
    document = load_openapi(path, "at")
    assert set(document[BUNDLE_KEY]) == {"paths/pets.yaml", "schemas.yaml"}
    answer = MockService("s", document, []).respond("GET", "/pets", {})
    assert (answer.status, json.loads(answer.body)) == (200, {"name": "Rex"})


def test_missing_ref_file_names_file_and_pointer(tmp_path: Path) -> None:
    message = error(
        tmp_path,
        {
            "o.yaml": HEAD + "paths:\n  /pets:\n    get:\n      responses:\n        '200':\n"
            "          $ref: 'responses.yaml#/Ok'\n"
        },
    )
    assert message == (
        "at: $ref file responses.yaml not found "
        "(referred to at #/paths/~1pets/get/responses/200/$ref in o.yaml)"
    )


def test_swagger_2_is_refused_in_one_line(tmp_path: Path) -> None:
    message = error(tmp_path, {"s.json": '{"swagger": "2.0", "paths": {}}'})
    assert "\n" not in message
    assert message.startswith("at: s.json: expected OpenAPI 3.0 or 3.1, found no `openapi` field")
    assert "convert it to OpenAPI 3 first" in message


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("paths: {}\n", "#/info: is required and must be an object"),
        (
            "info: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      responses:\n"
            "        '200': {$ref: '#/components/responses/Nope'}\n",
            "#/paths/~1a/get/responses/200/$ref: '#/components/responses/Nope' points to nothing",
        ),
        (
            "info: {title: t, version: '1'}\npaths:\n  /a:\n    get:\n      parameters:\n"
            "        - {name: q, in: body}\n      responses: {}\n",
            "#/paths/~1a/get/parameters/0/in: must be one of query, header, path, cookie",
        ),
        (
            "info: {title: t, version: '1'}\npaths:\n  /a:\n    get: {}\n",
            "#/paths/~1a/get/responses: is required in OpenAPI 3.0",
        ),
    ],
)
def test_invalid_document_one_line_with_pointer(tmp_path: Path, body: str, message: str) -> None:
    assert error(tmp_path, {"o.yaml": "openapi: 3.0.3\n" + body}) == f"at: o.yaml: {message}"
