"""Build-time preparation of a demo's services (native only).

`prepare_site_services` reads a source manifest, checks it, and writes every
service's assets into the site folder in the form the browser can use at once. Each
adapter names its step in the registry (`Adapter.prepare`, demo/runtime/adapters.py);
the steps of the current adapters are here:

- mock-http: the OpenAPI document (YAML or JSON) as normalized JSON
  (`services/<name>/openapi.json`, so the browser never parses YAML) and all
  fixture files merged into one checked list (`services/<name>/fixtures.json`).
- sqlite: the seed files executed into a database whose serialized image is
  `services/<name>/seed.sqlite`.
- postgres: the seed files transpiled from Postgres to DuckDB with sqlglot, run on
  native DuckDB, and saved as a logical dump (`services/<name>/seed.duckdump.json`,
  see `demo.runtime.sql.postgres.duckdump`). psql meta lines (`\\c db`) and
  `CREATE/DROP DATABASE` are skipped; `ALTER TABLE ... ADD CONSTRAINT ... FOREIGN
  KEY` is skipped because DuckDB cannot add constraints to existing tables. Each skip
  is recorded in the service's `config.warnings` and reported through `progress`.

In the browser the first query then only restores an image; no SQL parsing of the
seed happens there.
"""

from __future__ import annotations

import importlib
import json
import logging
import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from demo.build.runtime_files import WHEEL_SETS
from demo.runtime.adapters import ADAPTERS, Adapter
from demo.runtime.manifest import (
    BUILT_MANIFEST_VERSION,
    ManifestError,
    ManifestService,
    SourceManifest,
    default_storage_namespace,
    parse_built_manifest,
    parse_source_manifest,
)
from demo.runtime.mock.fixtures import FixtureError, parse_fixtures
from demo.runtime.ports import DuckConnection
from demo.runtime.sql.postgres.character_writes import column_limits
from demo.runtime.sql.postgres.copy_text import (
    CopyBlock,
    copy_insert_statements,
    dump_name,
    split_copy_blocks,
)
from demo.runtime.sql.postgres.duck_messages import postgres_message
from demo.runtime.sql.postgres.duckdump import dump_database
from demo.runtime.sql.postgres.dump_sequences import (
    create_sequence_for_duck,
    plain_nextval,
    setval_statements,
)
from demo.runtime.sql.postgres.engine import column_schema, read_schema, start_postgres_session
from demo.runtime.sql.postgres.foreign_keys import register_foreign_keys
from demo.runtime.sql.postgres.identity_columns import Identities
from demo.runtime.sql.postgres.session_names import SessionNames, session_names
from demo.runtime.sql.postgres.split import split_postgres
from demo.runtime.sql.postgres.transpile import transpile_statement
from demo.runtime.sql.sqlite_engine import SqliteEngine
from demo.runtime.sql.statements import SqlError

from . import seed_cache
from .openapi_load import load_openapi

__all__ = [
    "PrepareStep",
    "prepare_asgi",
    "Progress",
    "load_source_manifest",
    "prepare_mock",
    "prepare_postgres",
    "prepare_site_services",
    "prepare_sqlite",
    "prepare_step",
]

log = logging.getLogger("demo.build.prepare")

# Receives one human-readable line per step ("ledger: transpiled 15 statements in 1.4 s").
Progress = Callable[[str], None]

_PSQL_META = re.compile(r"^[ \t]*\\.*$", re.M)


class PrepareStep(Protocol):
    """An adapter's build step: writes the service's assets below `target` (its folder
    `services/<name>/`) and returns its built config; Path values become site-relative
    paths. `at` is the config's place in the manifest, for `ManifestError`s."""

    def __call__(
        self, service: ManifestService, base: Path, target: Path, at: str, report: Progress
    ) -> dict[str, Any]: ...


def prepare_step(adapter: Adapter) -> PrepareStep:
    """The function `adapter.prepare` names ("module:function"), imported now."""
    module, _, name = adapter.prepare.partition(":")
    step: PrepareStep = getattr(importlib.import_module(module), name)
    return step


def load_source_manifest(path: str | Path) -> tuple[SourceManifest, bytes]:
    """Read and check a source manifest; return it with the file's bytes."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ManifestError("", f"cannot read manifest {path}: {exc.strerror or exc}") from exc
    try:
        data = json.loads(raw)
    except ValueError as exc:
        raise ManifestError("", f"{path} is not valid JSON: {exc}") from exc
    return parse_source_manifest(data), raw


def prepare_site_services(
    source_manifest_path: str | Path,
    out_dir: str | Path,
    *,
    progress: Progress | None = None,
    write_manifest: bool = True,
) -> dict[str, Any]:
    """Check the source manifest, write each service's assets under `out_dir`, return manifest.json.

    `out_dir` is the site root. Assets go to `out_dir/services/<name>/`; the returned
    dict is the built manifest (`version`, `storageNamespace`, `services[]` with
    site-relative paths), also written to `out_dir/manifest.json` unless
    `write_manifest` is false. `progress` gets one line per step. Raises
    `ManifestError` naming the bad field, e.g.
    ``services[1].config.seed: file not found: notes/x.sql``.
    The source manifest's `app` folder is not copied here (the site builder does it).
    """
    report = _reporter(progress)
    manifest_path = Path(source_manifest_path)
    source, raw = load_source_manifest(manifest_path)
    base = manifest_path.parent
    out = Path(out_dir)
    if source.app is not None and not (base / source.app).is_dir():
        raise ManifestError("app", f"folder not found: {source.app}")
    services = []
    for index, service in enumerate(source.services):
        target = out / "services" / service.name
        if target.exists():
            shutil.rmtree(target)
        target.mkdir(parents=True)
        at = f"services[{index}].config"
        started = time.perf_counter()
        adapter = ADAPTERS[service.adapter]
        config = prepare_step(adapter)(service, base, target, at, report)
        # A key both manifests share that the step did not write (`examples`) is copied.
        built_names = {key.name for key in adapter.built_keys}
        for key in adapter.source_keys:
            if key.name in built_names and key.name not in config and key.name in service.config:
                config[key.name] = service.config[key.name]
        config = {
            k: (v.relative_to(out).as_posix() if isinstance(v, Path) else v)
            for k, v in config.items()
        }
        report(f"{service.name}: {service.adapter} ready in {time.perf_counter() - started:.2f} s")
        services.append({"name": service.name, "adapter": service.adapter, "config": config})
    built = {
        "version": BUILT_MANIFEST_VERSION,
        "storageNamespace": source.storage_namespace or default_storage_namespace(source.name, raw),
        "services": services,
    }
    parse_built_manifest(built)  # the runtime will read it: fail here, not in the browser
    if write_manifest:
        out.mkdir(parents=True, exist_ok=True)
        (out / "manifest.json").write_text(json.dumps(built, indent=2) + "\n", encoding="utf-8")
    return built


def _reporter(progress: Progress | None) -> Progress:
    def report(line: str) -> None:
        log.info("%s", line)
        if progress is not None:
            progress(line)

    return report


def _source_file(base: Path, relative: str, where: str) -> Path:
    path = base / relative
    if not path.exists():
        raise ManifestError(where, f"file not found: {relative}")
    return path


def prepare_mock(
    service: ManifestService, base: Path, target: Path, at: str, report: Progress
) -> dict[str, Any]:
    """mock-http: the document as JSON, the fixture files merged and checked."""
    config: dict[str, Any] = {}
    if "openapi" in service.config:
        path = _source_file(base, service.config["openapi"], f"{at}.openapi")
        document = load_openapi(path, f"{at}.openapi")
        config["openapi"] = target / "openapi.json"
        config["openapi"].write_text(
            json.dumps(document, indent=1, ensure_ascii=False), encoding="utf-8"
        )
    if "fixtures" in service.config:
        path = _source_file(base, service.config["fixtures"], f"{at}.fixtures")
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        entries: list[Any] = []
        for file in files:
            # Named as the manifest names it: fixtures may live outside the manifest's folder.
            given = service.config["fixtures"]
            name = f"{given.rstrip('/')}/{file.name}" if path.is_dir() else given
            data = _load_json(file, f"{at}.fixtures")
            try:
                parse_fixtures(data, origin=name)
            except FixtureError as exc:
                raise ManifestError(f"{at}.fixtures", str(exc)) from exc
            entries.extend(data)
        config["fixtures"] = target / "fixtures.json"
        config["fixtures"].write_text(
            json.dumps(entries, indent=1, ensure_ascii=False), encoding="utf-8"
        )
    for key in ("address", "validate", "security", "dynamic"):
        if key in service.config:
            config[key] = service.config[key]
    return config


def prepare_asgi(
    service: ManifestService, base: Path, target: Path, at: str, report: Progress
) -> dict[str, Any]:
    """asgi: a factory must be importable here, where the build runs; a plain `app`'s
    modules are copied from `source` into the site (the runtime zip ships them)."""
    import importlib.util

    if "app" in service.config:
        return _prepare_plain_app(service, base, target, at)
    factory = service.config["factory"]
    module, sep, function = factory.partition(":")
    if not sep or not module or not function:
        raise ManifestError(
            f"{at}.factory", f"{factory!r} must look like 'package.module:function'"
        )
    try:
        found = importlib.util.find_spec(module)
    except ImportError:
        found = None
    if found is None:
        raise ManifestError(f"{at}.factory", f"module {module} not found")
    packages = list(service.config.get("packages", []))
    if module.split(".")[0] not in packages:
        raise ManifestError(
            f"{at}.packages", f"must list {module.split('.')[0]!r}, the package of the factory"
        )
    config: dict[str, Any] = {"factory": factory, "packages": packages}
    return _asgi_common(service, at, config)


def _asgi_common(service: ManifestService, at: str, config: dict[str, Any]) -> dict[str, Any]:
    """The keys both kinds of asgi service carry over: `wheels` (known sets only) and
    `address`."""
    for name in service.config.get("wheels", []):
        if name not in WHEEL_SETS:
            raise ManifestError(
                f"{at}.wheels", f"no wheel set {name!r} (known: {', '.join(WHEEL_SETS)})"
            )
    if service.config.get("wheels"):
        config["wheels"] = list(service.config["wheels"])
    if "address" in service.config:
        config["address"] = service.config["address"]
    return config


def _prepare_plain_app(
    service: ManifestService, base: Path, target: Path, at: str
) -> dict[str, Any]:
    if "factory" in service.config:
        raise ManifestError(at, "give `factory` or `app`, not both")
    app = service.config["app"]
    module, sep, attribute = app.partition(":")
    if not sep or not module or not attribute:
        raise ManifestError(f"{at}.app", f"{app!r} must look like 'module:attribute'")
    if "source" not in service.config:
        raise ManifestError(f"{at}.source", "is required with `app` (the app's modules)")
    folder = base / service.config["source"]
    if not folder.is_dir():
        raise ManifestError(f"{at}.source", f"folder not found: {service.config['source']}")
    relative = Path(*module.split("."))
    if not ((folder / relative).with_suffix(".py").is_file() or (folder / relative).is_dir()):
        raise ManifestError(f"{at}.app", f"module {module} not in {service.config['source']}")
    source = target / "source"
    shutil.copytree(folder, source, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return _asgi_common(service, at, {"app": app, "source": source})


def _load_json(path: Path, where: str) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:
        raise ManifestError(where, f"{path.name} is not valid JSON: {exc}") from exc


def _read_seeds(service: ManifestService, base: Path, at: str) -> list[tuple[str, str]]:
    seeds = []
    for relative in service.config.get("seed", []):
        path = _source_file(base, relative, f"{at}.seed")
        try:
            seeds.append((relative, path.read_text(encoding="utf-8-sig")))
        except UnicodeDecodeError as exc:
            raise ManifestError(f"{at}.seed", f"{relative} is not UTF-8 text: {exc}") from exc
    return seeds


def _statement_error(at: str, relative: str, exc: SqlError) -> ManifestError:
    statement = " ".join(exc.statement.split())
    statement = statement if len(statement) <= 200 else statement[:197] + "..."
    return ManifestError(f"{at}.seed", f"{relative}: {exc.message} (in: {statement})")


def prepare_sqlite(
    service: ManifestService, base: Path, target: Path, at: str, report: Progress
) -> dict[str, Any]:
    """sqlite: the seed files run into a database; its serialized image, and the seeds'
    PRAGMA settings, which the service runs again on each image it opens."""
    engine = SqliteEngine()
    try:
        for relative, text in _read_seeds(service, base, at):
            try:
                engine.run_script(text)
            except SqlError as exc:
                raise _statement_error(at, relative, exc) from exc
            report(f"{service.name}: ran {relative}")
        image = target / "seed.sqlite"
        image.write_bytes(engine.image())
        settings = engine.settings
    finally:
        engine.close()
    return {"image": image, "settings": settings}


def prepare_postgres(
    service: ManifestService, base: Path, target: Path, at: str, report: Progress
) -> dict[str, Any]:
    """postgres: the seed files transpiled, run on native DuckDB, dumped; what was skipped.
    The same seeds on the same code give the same image: seed_cache.py keeps it."""
    seeds = _read_seeds(service, base, at)
    key = seed_cache.seed_key(service.adapter, service.config, seeds)
    image = target / "seed.duckdump.json"
    started = time.perf_counter()
    kept = seed_cache.load(key)
    if kept is None:
        kept = _seed_postgres(service, seeds, at, report)
        seed_cache.store(key, kept)
    else:
        report(
            f"{service.name}: seed unchanged since an earlier build, its image reused in"
            f" {time.perf_counter() - started:.2f} s (HELIO_BUILD_CACHE=off builds it again)"
        )
    for warning in kept.warnings:
        report(f"{service.name}: warning: {warning}")
    image.write_bytes(kept.image)
    return {"image": image, "warnings": kept.warnings}


def _seed_postgres(
    service: ManifestService, seeds: list[tuple[str, str]], at: str, report: Progress
) -> seed_cache.SeedImage:
    """The seeds transpiled and run on native DuckDB: the dumped image and what was skipped."""
    from demo.native.duck import open_native_duck

    conn = open_native_duck()
    start_postgres_session(conn)
    names = session_names(service.config)
    warnings: list[str] = []
    try:
        for relative, text in seeds:
            started = time.perf_counter()
            try:
                parts = split_copy_blocks(text)
            except SqlError as exc:
                raise _statement_error(at, relative, exc) from exc
            count = 0
            for part in parts:
                if isinstance(part, CopyBlock):
                    _load_copy_block(conn, part, at, relative)
                    count += 1
                    continue
                # psql meta-commands (`\c chinook`) are client commands, not SQL.
                meta = _PSQL_META.findall(part)
                warnings.extend(f"{relative}: skipped psql command {m.strip()}" for m in meta)
                try:
                    sources = split_postgres(_PSQL_META.sub("", part))
                except SqlError as exc:
                    raise _statement_error(at, relative, exc) from exc
                _run_seed_statements(conn, sources, names, warnings, at, relative)
                count += len(sources)
            report(
                f"{service.name}: transpiled and loaded {count} statements of {relative} "
                f"into DuckDB in {time.perf_counter() - started:.2f} s"
            )
        image = dump_database(conn, catalog=list(read_schema(conn)))
    finally:
        conn.close()
    return seed_cache.SeedImage(image, warnings)


def _run_seed_statements(
    conn: DuckConnection,
    sources: list[str],
    names: SessionNames,
    warnings: list[str],
    at: str,
    relative: str,
) -> None:
    """Transpile and run a seed's statements on the build's DuckDB."""
    # Each statement is transpiled against the tables created so far (integer
    # columns, timestamptz and array columns change how values are written).
    types: tuple[dict[str, dict[str, str]], dict[str, dict[str, str]], Identities] | None = None
    for source in sources:
        try:
            # pg_dump's sequences: options DuckDB lacks, and setval (dump_sequences.py).
            moves = setval_statements(source, lambda: _sequences(conn))
            if moves is not None:
                for statement in moves:
                    conn.execute(statement)
                continue
            source = plain_nextval(create_sequence_for_duck(source) or source)
        except SqlError as exc:
            raise _statement_error(at, relative, exc) from exc
        if types is None:
            types = column_schema(conn)
        try:
            item = transpile_statement(
                source,
                seed=True,
                table_types=types[0],
                declared=types[1],
                identities=types[2],
                names=names,
            )
        except SqlError as exc:
            raise _statement_error(at, relative, exc) from exc
        if item.kind == "other":
            types = None
        warnings.extend(f"{relative}: {w}" for w in item.warnings)
        for statement in item.statements:
            try:
                conn.execute(statement)
            except Exception as exc:
                message = postgres_message(str(exc), item.source)
                raise _statement_error(at, relative, SqlError(message, item.source)) from exc
        if item.foreign_keys:  # ALTER TABLE ... ADD FOREIGN KEY: the engine checks it
            table = item.foreign_keys[0].table
            broken = register_foreign_keys(conn, table, item.foreign_keys)
            if broken is not None:
                raise _statement_error(at, relative, SqlError(broken, item.source))


def _sequences(conn: DuckConnection) -> list[list[object]]:
    return [
        list(row)
        for row in conn.execute(
            "SELECT schema_name, sequence_name, start_value, increment_by, last_value "
            "FROM duckdb_sequences() WHERE database_name = current_database()"
        ).rows
    ]


def _load_copy_block(conn: DuckConnection, block: CopyBlock, at: str, relative: str) -> None:
    """A pg_dump COPY block's rows inserted into its table (copy_text.py)."""
    schema, table = dump_name(block.table)
    where = f"table_name = {_sql_text(table)}"
    if schema is not None:
        where += f" AND schema_name = {_sql_text(schema)}"
    found = conn.execute(
        "SELECT column_name, data_type, comment FROM duckdb_columns() "
        f"WHERE database_name = current_database() AND {where} ORDER BY column_index"
    ).rows
    columns = {str(name): str(kind) for name, kind, _ in found}
    # char(n)/varchar(n) columns (declared.py's `pg:bpchar(4)` comments): values checked.
    limits = column_limits({str(name): str(comment or "")[3:] for name, _, comment in found})
    try:
        for statement in copy_insert_statements(block, columns, limits):
            try:
                conn.execute(statement)
            except Exception as exc:
                raise SqlError(str(exc), block.header) from exc
    except SqlError as exc:
        raise _statement_error(at, relative, exc) from exc


def _sql_text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"
