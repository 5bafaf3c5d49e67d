"""The mapping rules: which in-browser adapter each Compose service becomes, and why.

Decided per service, first match wins (labels always first)::

    label helio.skip=true             left out, "skipped by label helio.skip"
    label helio.adapter=NAME          that adapter (postgres, sqlite, mock-http, asgi, app)
    build: a Dockerfile FROM postgres postgres, seeded from what it COPYs/ADDs into
      (postgis, timescale)              /docker-entrypoint-initdb.d and the mounts there
                                        (left out, saying why, where it cannot be followed)
    image postgres/postgis/timescale  postgres, seeded from /docker-entrypoint-initdb.d
    image mysql/mariadb/percona       left out: no in-browser MySQL engine
    image nginx/httpd/caddy + a bind  the site's app (the document root folder)
      mount on the document root
    label helio.mock.openapi/fixtures mock-http
    build context with openapi.yaml   mock-http
    label helio.asgi.factory          asgi
    build context with a Starlette    asgi, stateless, the module's app (refused, naming
      or FastAPI app and requirements   the package, when a requirement is not shipped;
      the site ships                    FastAPI's set carries pydantic-core's WebAssembly
                                        build)
    a mounted .db/.sqlite file        sqlite, the file as seed
    build context with a built        the site's app (a frontend not built yet is
      dist/ or build/ index.html      left out, saying to build it)
    anything else                     left out, with what was found (a Go build, an image...)

Everything here is pure Python over the project folder, so the Studio page runs the
same rules in Pyodide.
"""

from __future__ import annotations

import ast
import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from .dockerfile import Built, DockerfileError, read_dockerfile
from .project import Project, Service
from .source import ComposeError, KeyPath, read_yaml

__all__ = ["ADAPTER_CHOICES", "LABELS", "Mapping", "map_service"]

# Every label the rules read, for the docs table and the checks.
LABELS = {
    "helio.skip": "true: leave the service out of the demo",
    "helio.adapter": "force an adapter: postgres, sqlite, mock-http, asgi or app",
    "helio.db.seed": "comma-separated SQL files (or one .db/.sqlite file) seeding a database",
    "helio.mock.openapi": "the service's OpenAPI document (mock-http)",
    "helio.mock.fixtures": "a JSON fixture file or folder (mock-http)",
    "helio.asgi.factory": "module:function returning the app (asgi)",
    "helio.asgi.packages": "comma-separated top-level packages the site must ship (asgi)",
    "helio.app": "the folder of a built frontend, served as the site's pages",
}
ADAPTER_CHOICES = ("postgres", "sqlite", "mock-http", "asgi", "app")

_POSTGRES_IMAGES = ("postgres", "postgis", "timescaledb", "timescaledb-ha", "timescaledb-postgis")
_MYSQL_IMAGES = ("mysql", "mariadb", "percona", "percona-server", "mysql-server")
_DOC_ROOTS = {
    "nginx": ("/usr/share/nginx/html",),
    "nginx-unprivileged": ("/usr/share/nginx/html",),
    "httpd": ("/usr/local/apache2/htdocs",),
    "caddy": ("/usr/share/caddy", "/srv"),
}
_INITDB = "/docker-entrypoint-initdb.d"
_SEED_SUFFIXES = (".sql", ".sql.gz", ".sql.xz")
_SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
_OPENAPI_NAMES = ("openapi.yaml", "openapi.yml", "openapi.json")
# Where frontend builds put their output; `public/` is a source template, never built.
_BUILT_FOLDERS = ("dist", "build")
_FRONTEND_PACKAGES = ("react", "vue", "@angular/core", "svelte", "preact", "vite", "solid-js")
# Build-context markers of languages with no in-browser runtime in the kit.
_RUNTIMES = (
    ("go.mod", "builds a Go binary: no runtime"),
    ("*.go", "builds a Go binary: no runtime"),
    ("Cargo.toml", "builds a Rust binary: no runtime"),
    ("pom.xml", "builds a Java app: no JVM in the browser"),
    ("build.gradle", "builds a Java app: no JVM in the browser"),
    ("Gemfile", "builds a Ruby app: no Ruby runtime"),
    ("composer.json", "builds a PHP app: no PHP runtime"),
    ("package.json", "builds a Node.js app: no Node.js runtime"),
)
_WSGI = ("flask", "django", "bottle", "pyramid")
# The pure-Python packages the site ships, with their versions (requirements-pyodide.lock,
# less micropip; tests check the two agree): a detected Starlette app may require only these.
SHIPPED_PACKAGES = {
    "starlette": "1.0.0",
    "anyio": "4.16.0",
    "idna": "3.20",
    "typing-extensions": "4.16.0",
    "sqlglot": "30.30.0",
}
# What a site with a FastAPI app ships besides (requirements-pyodide-fastapi.lock, the
# wheel set "fastapi"; tests check the two agree): pydantic-core is its WebAssembly build.
FASTAPI_PACKAGES = {
    "fastapi": "0.141.1",
    "pydantic": "2.14.4",
    "pydantic-core": "2.50.5",
    "annotated-types": "0.7.0",
    "typing-inspection": "0.4.4",
    "annotated-doc": "0.0.4",
}
# ASGI servers: the container runs one, in the browser the service worker is the server.
_SERVERS = ("uvicorn", "gunicorn", "hypercorn", "daphne", "granian")


@dataclass
class Mapping:
    """What one service becomes: `adapter` None means left out, `reason` says why."""

    name: str
    adapter: str | None
    reason: str
    config: dict[str, Any] = field(default_factory=dict)  # paths relative to the project folder
    addresses: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    file: str = ""
    line: int = 0
    # Set when the service is not meant to run: "skipped" (label) or "inactive" (profiles).
    excluded: str | None = None

    @property
    def status(self) -> str:
        return self.excluded or ("browser" if self.adapter is not None else "left-out")


def image_name(image: str) -> str:
    """`docker.io/postgis/postgis:16@sha256:...` -> `postgis`."""
    ref = image.split("@", 1)[0]
    last = ref.rsplit("/", 1)[-1]
    return last.split(":", 1)[0].lower()


def _truthy(value: Any) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def _list(value: Any) -> list[str]:
    return [part.strip() for part in str(value or "").split(",") if part.strip()]


@dataclass(frozen=True)
class _Mount:
    source: str  # as written
    target: str
    bind: bool
    key: KeyPath  # where it is declared, below the service


def _mounts(service: Service) -> list[_Mount]:
    out = []
    for i, item in enumerate(service.data.get("volumes") or []):
        if isinstance(item, dict):
            source = str(item.get("source") or "")
            target = str(item.get("target") or "")
            bind = item.get("type") == "bind"
        else:
            parts = str(item).split(":")
            if len(parts) == 1:
                continue  # an anonymous volume
            source, target = parts[0], parts[1]
            bind = source.startswith((".", "/", "~"))
        out.append(_Mount(source, target, bind, ("volumes", i)))
    return out


class _Rules:
    def __init__(self, project: Project, service: Service) -> None:
        self.project = project
        self.service = service
        self.labels: dict[str, Any] = service.data.get("labels") or {}
        self.mounts = _mounts(service)
        self.notes: list[str] = []
        self._built: tuple[str, Built | None] | None = None

    # -- helpers --------------------------------------------------------------
    def rel(self, path: Path) -> str:
        try:
            return path.resolve().relative_to(self.project.folder.resolve()).as_posix()
        except ValueError:
            return str(path)

    def path(self, written: str, key: KeyPath, *, must_exist: bool = True) -> Path:
        """A path as written in the file, resolved against the project folder."""
        path = self.project.folder / Path(written).expanduser()
        if must_exist and not path.exists():
            raise self.service.error(key, f"{written}: file not found")
        return path

    def label_path(self, label: str) -> Path:
        return self.path(str(self.labels[label]), ("labels", label))

    def context(self) -> Path | None:
        build = self.service.data.get("build")
        if build is None:
            return None
        written = build if isinstance(build, str) else build.get("context", ".")
        if "://" in written or written.startswith("git@"):
            return None
        return self.path(written, ("build",))

    def built(self) -> tuple[str, Built | None]:
        """(the Dockerfile as reports name it, what its built stage holds); ("", None)
        without a local build or a Dockerfile. Read once per service."""
        if self._built is None:
            self._built = self._read_built()
        return self._built

    def _read_built(self) -> tuple[str, Built | None]:
        context = self.context()
        if context is None:
            return "", None
        build = self.service.data.get("build")
        options = build if isinstance(build, dict) else {}
        path = context / str(options.get("dockerfile", "Dockerfile"))
        if options.get("dockerfile_inline") is not None:
            name, text = "build.dockerfile_inline", str(options["dockerfile_inline"])
        else:
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                return "", None
            name = self.rel(path)
        # The Dockerfile's own NAME.dockerignore, else the context's, as BuildKit reads them.
        ignore = ""
        for candidate in (path.with_name(path.name + ".dockerignore"), context / ".dockerignore"):
            if candidate.is_file():
                ignore = candidate.read_text(encoding="utf-8", errors="replace")
                break
        args = options.get("args") or {}
        if isinstance(args, list):  # ["NAME=value", ...]
            args = dict(str(a).partition("=")[::2] for a in args)
        target = options.get("target")
        try:
            dockerfile = read_dockerfile(text, name, context, ignore)
            built = dockerfile.built(
                str(target) if target else None,
                {str(k): str(v) for k, v in args.items() if v is not None},
                _INITDB,
            )
        except DockerfileError as exc:
            raise ComposeError(name, exc.line, "", exc.problem) from None
        return name, built

    def result(self, adapter: str | None, reason: str, **config: Any) -> Mapping:
        return Mapping(self.service.name, adapter, reason, config, notes=self.notes)

    # -- the rules ------------------------------------------------------------
    def decide(self) -> Mapping:
        if _truthy(self.labels.get("helio.skip")):
            skipped = self.result(None, "skipped by label helio.skip")
            skipped.excluded = "skipped"
            return skipped
        forced = self.labels.get("helio.adapter")
        if forced is not None and forced not in ADAPTER_CHOICES:
            raise self.service.error(
                ("labels", "helio.adapter"),
                f"unknown adapter {forced!r} (one of: {', '.join(ADAPTER_CHOICES)})",
            )
        image = str(self.service.data.get("image") or "")
        name = image_name(image) if image else ""
        # With a build, `image:` only tags what is built: the Dockerfile says what it is.
        dockerfile, built = self.built()
        from_postgres = built is not None and image_name(built.base) in _POSTGRES_IMAGES
        if built is not None and from_postgres and forced in (None, "postgres"):
            return self.postgres(f"build: {dockerfile} FROM {built.base}", built)
        if forced == "postgres" or (forced is None and name in _POSTGRES_IMAGES):
            return self.postgres(image or "label helio.adapter")
        if forced is None and name in _MYSQL_IMAGES:
            return self.result(
                None,
                f"{image}: MySQL/MariaDB has no in-browser engine (the kit runs SQLite and a "
                "Postgres dialect on DuckDB; no tested MySQL translation onto either)",
            )
        if forced == "app" or "helio.app" in self.labels:
            return self.app_from_label()
        if forced is None and name in _DOC_ROOTS:
            found = self.static_root(name)
            if found is not None:
                return found
        if (
            forced == "mock-http"
            or "helio.mock.openapi" in self.labels
            or ("helio.mock.fixtures" in self.labels)
        ):
            return self.mock()
        context = self.context()
        if forced is None and context is not None and self.openapi_in(context):
            return self.mock()
        if forced == "asgi" or "helio.asgi.factory" in self.labels:
            return self.asgi()
        if forced == "sqlite" or "helio.db.seed" in self.labels or self.sqlite_files():
            return self.sqlite()
        if forced is None and context is not None:
            detected = self.detected_asgi(context)
            if detected is not None:
                return detected
        if context is not None:
            output = self.built_folder(context)
            if output is not None:
                return self.result(
                    "app", f"built frontend {self.rel(output)}", app=self.rel(output)
                )
            return self.result(None, self.why_not_build(context))
        if name in _DOC_ROOTS:
            return self.result(None, f"{image}: no bind mount on its document root to serve")
        if self.service.data.get("build") is not None:
            return self.result(None, "builds from a remote context: nothing to inspect")
        return self.result(None, f"{image or 'no image'}: no in-browser adapter")

    def postgres(self, origin: str, built: Built | None = None) -> Mapping:
        # The image's environment (Dockerfile ENV), then the Compose file's over it.
        env = {**(built.env if built else {}), **(self.service.data.get("environment") or {})}
        seeds: list[tuple[str, Path, str]] = []  # (name in initdb.d, file, as written)
        copied: list[tuple[str, Path, str]] = []  # what the Dockerfile puts there
        if built is not None and built.problem is not None:
            if "helio.db.seed" not in self.labels:
                return self.result(
                    None,
                    f"{origin}: {built.problem} (label helio.db.seed=FILES names the seed)",
                )
            self.notes.append(f"{built.problem}: the seed is label helio.db.seed's")
        elif built is not None:
            copied = self.copied_seeds(built)
        for mount in self.mounts:
            target = PurePosixPath(mount.target)
            if target != PurePosixPath(_INITDB) and PurePosixPath(_INITDB) not in target.parents:
                continue
            if mount.bind and target == PurePosixPath(_INITDB) and copied:
                self.notes.append(
                    f"the mount of {mount.source} on {_INITDB} hides the files the "
                    "Dockerfile copies there"
                )
                copied = []
            elif mount.bind:  # a file mounted over one the Dockerfile copies replaces it
                copied = [c for c in copied if c[0] != target.name]
            if not mount.bind:
                self.notes.append(
                    f"volume {mount.source} on {mount.target}: a named volume's files are not in "
                    "the project, so they do not seed the demo"
                )
                continue
            source = self.path(mount.source, mount.key)
            if source.is_dir():
                for child in sorted(source.iterdir()):
                    if child.is_file():
                        seeds.append(
                            (child.name, child, f"{mount.source.rstrip('/')}/{child.name}")
                        )
            else:
                seeds.append((target.name, source, mount.source))
        if "helio.db.seed" in self.labels:
            for written in _list(self.labels["helio.db.seed"]):
                path = self.path(written, ("labels", "helio.db.seed"))
                seeds.append((path.name, path, written))
        seeds += copied
        used = []
        # The image runs /docker-entrypoint-initdb.d/* in name order (its shell glob).
        for entry, path, written in sorted(seeds, key=lambda s: s[0]):
            if entry.endswith(_SEED_SUFFIXES):
                used.append(self.rel(path))
            elif entry.endswith(".sh"):
                self.notes.append(f"{written}: a shell script, not run in the browser")
            else:
                self.notes.append(f"{written}: ignored (the image also ignores it)")
        # The image's database and user: what current_database()/current_user answer.
        names = {
            key: str(env[variable])
            for key, variable in (("database", "POSTGRES_DB"), ("user", "POSTGRES_USER"))
            if env.get(variable)
        }
        reason = f"{origin}: Postgres dialect on DuckDB"
        reason += f", seeded from {len(used)} file(s)" if used else ", no seed files (empty)"
        return self.result("postgres", reason, seed=used, **names)

    def copied_seeds(self, built: Built) -> list[tuple[str, Path, str]]:
        """The files the Dockerfile places in /docker-entrypoint-initdb.d, as seeds."""
        seeds = []
        for place, file in sorted(built.files.items()):
            folder, entry = posixpath.split(place)
            if folder == _INITDB:
                seeds.append((entry, file, self.rel(file)))
            else:  # the image runs only the folder's own files
                self.notes.append(
                    f"{self.rel(file)}: copied to {place}, which the image does not run"
                )
        return seeds

    def sqlite_files(self) -> list[_Mount]:
        return [m for m in self.mounts if m.bind and m.source.endswith(_SQLITE_SUFFIXES)]

    def sqlite(self) -> Mapping:
        seeds = []
        if "helio.db.seed" in self.labels:
            # The label names the seed: the mounted files are not added to it.
            for written in _list(self.labels["helio.db.seed"]):
                seeds.append(self.rel(self.path(written, ("labels", "helio.db.seed"))))
        else:
            for mount in self.sqlite_files():
                seeds.append(self.rel(self.path(mount.source, mount.key)))
            if len(seeds) > 1:
                # Several databases for one program: which one a demo shows is the
                # user's choice, not a guess.
                return self.result(
                    None,
                    f"mounts {len(seeds)} SQLite database files ({', '.join(seeds)}): a demo "
                    "database is one file (label helio.db.seed=FILE names it)",
                )
        databases = [s for s in seeds if s.endswith(_SQLITE_SUFFIXES)]
        if len(databases) > 1 or (databases and len(seeds) > 1):
            raise self.service.error(
                ("volumes",), f"one SQLite database file per service, found: {', '.join(seeds)}"
            )
        image = self.service.data.get("image")
        if image or self.service.data.get("build") is not None:
            self.notes.append("the service's own program does not run; its database does")
        what = f"the database file {databases[0]}" if databases else f"{len(seeds)} SQL file(s)"
        return self.result("sqlite", f"SQLite, seeded from {what}", seed=seeds)

    def static_root(self, name: str) -> Mapping | None:
        for mount in self.mounts:
            if mount.bind and mount.target.rstrip("/") in _DOC_ROOTS[name]:
                folder = self.path(mount.source, mount.key)
                if folder.is_dir():
                    return self.result(
                        "app", f"{name} serving {mount.source}", app=self.rel(folder)
                    )
        return None

    def app_from_label(self) -> Mapping:
        if "helio.app" not in self.labels:
            raise self.service.error(("labels",), "helio.adapter=app needs label helio.app=FOLDER")
        folder = self.label_path("helio.app")
        if not folder.is_dir():
            raise self.service.error(("labels", "helio.app"), f"{folder.name}: not a folder")
        return self.result("app", "label helio.app", app=self.rel(folder))

    def openapi_in(self, context: Path) -> Path | None:
        return next((context / n for n in _OPENAPI_NAMES if (context / n).is_file()), None)

    def mock(self) -> Mapping:
        config: dict[str, Any] = {}
        document: Path | None
        if "helio.mock.openapi" in self.labels:
            document = self.label_path("helio.mock.openapi")
            how = "label helio.mock.openapi"
        else:
            context = self.context()
            document = self.openapi_in(context) if context is not None else None
            how = f"{self.rel(document)} in its build context" if document else ""
        if document is not None:
            _check_openapi(self, document)
            config["openapi"] = self.rel(document)
        if "helio.mock.fixtures" in self.labels:
            config["fixtures"] = self.rel(self.label_path("helio.mock.fixtures"))
            how = f"{how} and label helio.mock.fixtures" if how else "label helio.mock.fixtures"
        if not config:
            raise self.service.error(
                ("labels",), "mock-http needs label helio.mock.openapi or helio.mock.fixtures"
            )
        return self.result("mock-http", f"recorded answers from {how}", **config)

    def asgi(self) -> Mapping:
        factory = self.labels.get("helio.asgi.factory")
        if not factory:
            raise self.service.error(("labels",), "asgi needs label helio.asgi.factory")
        packages = _list(self.labels.get("helio.asgi.packages")) or [str(factory).split(".")[0]]
        return self.result(
            "asgi",
            f"ASGI app {factory} (label helio.asgi.factory)",
            factory=str(factory),
            packages=packages,
        )

    def detected_asgi(self, context: Path) -> Mapping | None:
        """A Starlette or FastAPI app in the build context (None when its
        requirements.txt lists neither): asgi, or the reason it cannot run."""
        required, unread = _requirements(context / "requirements.txt")
        classes: tuple[str, ...]
        shipped: dict[str, str]  # what the app may require besides SHIPPED_PACKAGES
        if "fastapi" in required:
            framework, classes, shipped = "FastAPI", ("FastAPI", "Starlette"), FASTAPI_PACKAGES
        elif "starlette" in required:
            framework, classes, shipped = "Starlette", ("Starlette",), {}
        else:
            return None
        if unread:
            return self.result(
                None,
                f"a {framework} app whose requirements.txt has {unread[0]!r}: the analyzer "
                "cannot tell what that installs (label helio.asgi.factory to run it)",
            )
        versions = SHIPPED_PACKAGES | shipped
        extra = [name for name in required if name not in versions and name not in _SERVERS]
        if extra:
            also = f", and for FastAPI {', '.join(shipped)}" if shipped else ""
            return self.result(
                None,
                f"a {framework} app requiring {', '.join(extra)}: the kit ships only the "
                f"pure-Python packages {', '.join(SHIPPED_PACKAGES)}{also}",
            )
        # A pin the shipped version falls outside: the app was written for another
        # release, and running it on this one could answer differently.
        for name, requirement in required.items():
            if name in versions and not requirement.specifier.contains(
                versions[name], prereleases=True
            ):
                return self.result(
                    None,
                    f"a {framework} app requiring {requirement}: the site ships {name} "
                    f"{versions[name]}, which that pin excludes (label helio.asgi.factory "
                    "to run it anyway)",
                )
        for name, requirement in required.items():
            if name in versions and requirement.extras:
                self.notes.append(
                    f"{requirement}: only {name} itself ships, not its extras "
                    f"({', '.join(sorted(requirement.extras))})"
                )
        apps = _asgi_apps(context, classes)
        if not apps:
            return self.result(
                None,
                f"requires {framework.lower()} but no module assigns "
                f"`NAME = {classes[0]}(...)` (label helio.asgi.factory to run it)",
            )
        # An app named `app` first: the name uvicorn's `module:app` convention runs.
        apps.sort(key=lambda found: found[1] != "app")
        (module, attribute), *others = apps
        if others:
            self.notes.append(f"also found {', '.join(f'{m}:{a}' for m, a in others)}: not run")
        servers = [r for r in required if r in _SERVERS]
        if servers:
            self.notes.append(f"{', '.join(servers)} is not needed: the page's worker serves it")
        config: dict[str, Any] = {}
        if shipped:
            # pydantic-core is compiled; Pyodide's ABI build of it ships with the site.
            self.notes.append(
                "ships FastAPI's wheel set: fastapi, pydantic and pydantic-core's "
                "WebAssembly build (requirements-pyodide-fastapi.lock)"
            )
            config["wheels"] = ["fastapi"]
        self.notes.append("runs stateless: what it keeps in memory is lost on reload")
        spec = f"{module}:{attribute}"
        return self.result(
            "asgi",
            f"{framework} app {spec} in {self.rel(context)}",
            app=spec,
            source=self.rel(context),
            **config,
        )

    def is_frontend(self, context: Path) -> bool:
        try:
            package = json.loads((context / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if not isinstance(package, dict):
            return False
        names = set()
        for key in ("dependencies", "devDependencies"):
            if isinstance(package.get(key), dict):
                names |= set(package[key])
        return any(name in names for name in _FRONTEND_PACKAGES)

    def built_folder(self, context: Path) -> Path | None:
        for name in _BUILT_FOLDERS:
            if (context / name / "index.html").is_file() and (context / "package.json").is_file():
                return context / name
        return None

    def why_not_build(self, context: Path) -> str:
        if self.is_frontend(context):
            return (
                "a JavaScript frontend with no build output: build it so dist/ or build/ "
                "holds index.html (or label helio.app=FOLDER), then run this again"
            )
        for marker, reason in _RUNTIMES:
            if any(p.is_file() for p in context.glob(marker)):
                return reason
        requirements = ""
        for name in ("requirements.txt", "pyproject.toml"):
            if (context / name).is_file():
                requirements += (context / name).read_text(encoding="utf-8", errors="replace")
        words = requirements.lower()
        if "fastapi" in words:  # requirements.txt lists no fastapi: pyproject.toml does
            return (
                "a FastAPI app whose requirements are not in requirements.txt: only that "
                "file is read (list them there to run it)"
            )
        for framework in _WSGI:
            if framework in words:
                return f"a {framework.capitalize()} (WSGI) app: the kit runs ASGI apps only"
        if requirements or any(context.glob("*.py")):
            return "a Python app with no ASGI factory (label helio.asgi.factory to run it)"
        if any(context.glob("*.sln")) or any(context.glob("*.csproj")):
            return "builds a .NET app: no .NET runtime"
        _, built = self.built()
        if built is None:
            return "builds from a Dockerfile: no in-browser runtime for it"
        base = built.base
        if "$" in image_name(base):  # a tag with no value still names the image
            return (
                f"FROM {base}: build arg {built.unresolved} has no value: which image it "
                "builds on is unknown"
            )
        name = image_name(base)
        if name in _DOC_ROOTS:
            return (
                f"builds on {base}: what it serves is baked into the image, not a mounted "
                "folder (label helio.app=FOLDER serves a folder)"
            )
        if name == "php":
            return f"builds a PHP app ({base}): no PHP runtime"
        return f"builds from {base}: no in-browser runtime for it"


def _requirements(path: Path) -> tuple[dict[str, Requirement], list[str]]:
    """The requirements a requirements file lists, by normalized package name, and the
    lines that are not a plain requirement (`-r other.txt`, a URL, a path): ({}, []) with
    no file."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return {}, []
    required: dict[str, Requirement] = {}
    unread = []
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip() if not line.startswith("#") else ""
        if not line:
            continue
        try:
            requirement = Requirement(line)
        except InvalidRequirement:
            unread.append(line)
            continue
        if requirement.url:
            unread.append(line)
        else:
            required.setdefault(canonicalize_name(requirement.name), requirement)
    return required, unread


def _asgi_apps(context: Path, classes: tuple[str, ...]) -> list[tuple[str, str]]:
    """(module, name) of every module-level `name = Starlette(...)` (or another of
    `classes`) in the context's Python files, read (never imported), in path order."""
    found = []
    for path in sorted(context.rglob("*.py")):
        parts = path.relative_to(context).with_suffix("").parts
        if any(part.startswith(".") or not part.isidentifier() for part in parts):
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except SyntaxError:
            continue
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in tree.body:
            if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
                continue
            call = node.value.func
            called = call.id if isinstance(call, ast.Name) else getattr(call, "attr", "")
            if called not in classes:
                continue
            for target in node.targets:
                if isinstance(target, ast.Name) and module:
                    found.append((module, target.id))
    return found


def _check_openapi(rules: _Rules, document: Path) -> None:
    """Raise for a document that does not parse, names a `$ref` file that is missing, or
    breaks the OpenAPI rules. A document with external `$ref`s is checked whole by the
    build, after it bundles them (demo/build/openapi_load.py)."""
    from demo.runtime.mock.openapi import OpenApiError, check_openapi

    name = rules.rel(document)
    parsed = read_yaml(document, name)
    external = False
    for path, ref in _refs(parsed.data, ()):
        if ref.startswith("#"):
            continue
        target = ref.split("#", 1)[0]
        if "://" not in target and not (document.parent / target).is_file():
            raise parsed.error(path, f"$ref {ref!r}: file {target} not found")
        external = True
    if external:
        return
    try:
        check_openapi(parsed.data)
    except OpenApiError as exc:
        raise ComposeError(name, 0, "", f"not an OpenAPI document: {exc}") from None


def _refs(node: Any, path: KeyPath) -> list[tuple[KeyPath, str]]:
    found: list[tuple[KeyPath, str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.append(((*path, key), value))
            else:
                found += _refs(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found += _refs(value, (*path, i))
    return found


def _ports(service: Service) -> tuple[list[int], list[int]]:
    """(container ports, published ports) of a service, from `ports` and `expose`."""
    inside: list[int] = []
    published: list[int] = []

    def add(into: list[int], text: Any) -> None:
        text = str(text).split("/", 1)[0]
        first, _, last = text.partition("-")
        if first.isdigit():
            for port in range(int(first), int(last or first) + 1):
                if port not in into:
                    into.append(port)

    for item in service.data.get("ports") or []:
        if isinstance(item, dict):
            add(inside, item.get("target"))
            if item.get("published") is not None:
                add(published, item["published"])
            continue
        parts = str(item).rsplit(":", 2)
        add(inside, parts[-1])
        if len(parts) >= 2 and parts[-2]:
            add(published, parts[-2])
    for item in service.data.get("expose") or []:
        add(inside, item)
    return inside, published


def _origin(host: str, port: int) -> str:
    return f"http://{host}" if port == 80 else f"http://{host}:{port}"


def addresses(service: Service) -> list[str]:
    """The container-network addresses a frontend may use for the service: its name and
    network aliases with each container port, and localhost with each published port."""
    hosts = [service.name]
    networks = service.data.get("networks")
    if isinstance(networks, dict):
        for settings in networks.values():
            for alias in (settings or {}).get("aliases") or []:
                if alias not in hosts:
                    hosts.append(str(alias))
    for extra in ("hostname", "container_name"):
        if service.data.get(extra) and str(service.data[extra]) not in hosts:
            hosts.append(str(service.data[extra]))
    inside, published = _ports(service)
    out = [_origin(h, p) for h in hosts for p in (inside or [80])]
    out += [_origin("localhost", p) for p in published]
    return list(dict.fromkeys(out))


def map_service(project: Project, service: Service) -> Mapping:
    mapping = _Rules(project, service).decide()
    mapping.file = service.file.name
    mapping.line = service.file.line_of(service.at)
    if mapping.adapter in ("mock-http", "asgi"):
        mapping.addresses = addresses(service)
    elif mapping.adapter in ("postgres", "sqlite"):
        inside, _ = _ports(service)
        if inside:
            mapping.notes.append(
                f"its wire protocol ({service.name}:{inside[0]}) is not reachable from a page; "
                f"pages query it at __demo/db/{service.name}/query"
            )
    return mapping
