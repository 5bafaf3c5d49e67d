"""What a Dockerfile puts into the image it builds, as far as the analyzer can follow.

`read_dockerfile` parses the instructions (line continuations, comments, the JSON and
shell forms) into stages; `Dockerfile.built(target)` follows the stage the service
builds (`build.target`, or the last) back through the stages it starts `FROM`, and
gives its base image, its environment (`ENV`, with `ARG`s and the Compose file's
`build.args` substituted) and every file that `COPY`/`ADD` place from the build
context, at its path in the image. What cannot be followed (a variable with no value,
`COPY --from` another stage, an `ADD` of a URL or archive, a `RUN` that writes a
folder asked about) is kept as the reason, never guessed.

Pure Python, so the Studio page reads Dockerfiles as the CLI does.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
import tarfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Built", "Dockerfile", "DockerfileError", "Instruction", "read_dockerfile"]

# Flags of COPY/ADD that change only ownership, permissions or caching, not what lands where.
_HARMLESS_FLAGS = ("--chown", "--chmod", "--link", "--checksum", "--keep-git-dir")
_HEREDOC = re.compile(r"<<-?[\"']?(\w+)[\"']?")
_VARIABLE = re.compile(r"\$(?:\{(\w+)(?::?([-+])([^}]*))?\}|(\w+))")
# Shell commands that leave a folder's files as they are (permissions, listing).
_READ_ONLY_COMMANDS = ("chmod", "chown", "chgrp", "mkdir", "ls", "true")


class DockerfileError(ValueError):
    """A Dockerfile the build itself would refuse: line and problem."""

    def __init__(self, line: int, problem: str) -> None:
        super().__init__(problem)
        self.line = line
        self.problem = problem


@dataclass(frozen=True)
class Instruction:
    keyword: str  # upper case
    text: str  # the rest, continuation lines joined
    line: int  # of the keyword


@dataclass
class Stage:
    base: str  # as written after FROM (flags removed)
    name: str | None
    instructions: list[Instruction]
    line: int


@dataclass
class Built:
    """What the built stage holds: `files` maps a path in the image to the context
    file placed there; `problem` says what could not be followed (then the rest may be
    incomplete)."""

    base: str  # the image it starts from, variables substituted where they could be
    unresolved: str | None = None  # a build arg in the FROM line with no value
    env: dict[str, str] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    workdir: str = "/"
    problem: str | None = None


def _logical_lines(text: str) -> list[tuple[int, str]]:
    """(line number, instruction text) with comments dropped and continuations joined."""
    escape = "\\"
    lines = text.splitlines()
    for raw in lines:  # parser directives: only at the very top
        found = re.match(r"^#\s*escape\s*=\s*(\S)\s*$", raw, re.I)
        if found:
            escape = found.group(1)
        if not re.match(r"^#\s*\w+\s*=", raw):
            break
    out: list[tuple[int, str]] = []
    pending: list[str] = []
    start = 0
    heredoc: str | None = None  # the word that ends a here-document's body
    for number, raw in enumerate(lines, 1):
        stripped = raw.strip()
        if heredoc is not None:  # the body belongs to the instruction before it
            if stripped == heredoc:
                heredoc = None
            else:
                out[-1] = (out[-1][0], f"{out[-1][1]}\n{raw}")
            continue
        if stripped.startswith("#") or (pending and not stripped):
            continue  # comments and blank lines inside a continued instruction too
        if not pending:
            start = number
        if stripped.endswith(escape):
            pending.append(stripped[:-1])
            continue
        pending.append(stripped)
        joined = " ".join(part for part in pending if part).strip()
        pending = []
        if joined:
            out.append((start, joined))
            found = _HEREDOC.search(joined)
            heredoc = found.group(1) if found else None
    if pending:
        out.append((start, " ".join(pending).strip()))
    return out


def _ignore_patterns(text: str) -> list[tuple[bool, re.Pattern[str]]]:
    """A .dockerignore's patterns in order: (an exception `!`, the path regex)."""
    patterns = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        exception = line.startswith("!")
        line = posixpath.normpath(line.lstrip("!").strip()).lstrip("/")
        regex, i = "", 0
        while i < len(line):
            if line.startswith("**/", i):
                regex, i = regex + "(?:.*/)?", i + 3
            elif line.startswith("**", i):
                regex, i = regex + ".*", i + 2
            elif line[i] == "*":
                regex, i = regex + "[^/]*", i + 1
            elif line[i] == "?":
                regex, i = regex + "[^/]", i + 1
            elif line[i] == "[" and "]" in line[i:]:
                end = line.index("]", i)
                regex, i = regex + line[i : end + 1].replace("[!", "[^"), end + 1
            elif line[i] == "\\" and i + 1 < len(line):
                regex, i = regex + re.escape(line[i + 1]), i + 2
            else:
                regex, i = regex + re.escape(line[i]), i + 1
        patterns.append((exception, re.compile(regex)))
    return patterns


@dataclass
class Dockerfile:
    name: str  # as reports show it
    context: Path
    global_args: dict[str, str | None]
    stages: list[Stage]
    ignore: list[tuple[bool, re.Pattern[str]]] = field(default_factory=list)

    def ignored(self, path: Path) -> bool:
        """Whether the build context's .dockerignore leaves `path` out (a pattern
        matching a folder leaves out what is in it; the last matching pattern wins)."""
        parts = path.relative_to(self.context).parts
        prefixes = ["/".join(parts[: n + 1]) for n in range(len(parts))]
        left_out = False
        for exception, pattern in self.ignore:
            if any(pattern.fullmatch(prefix) for prefix in prefixes):
                left_out = not exception
        return left_out

    def stage(self, target: str | None) -> Stage | None:
        if target is None:
            return self.stages[-1] if self.stages else None
        return next((s for s in self.stages if s.name == target.lower()), None)

    def built(self, target: str | None, args: Mapping[str, str], watch: str) -> Built | None:
        """The built stage's base, environment and the files it places in the folder
        `watch`; None with no stage."""
        stage = self.stage(target)
        if stage is None:
            return None
        chain = [stage]  # the stage, then the stages it starts FROM
        while True:  # FROM an earlier stage's name builds on that stage
            parent = next((s for s in self.stages if s.name == chain[-1].base.lower()), None)
            if parent is None or parent in chain:
                break
            chain.append(parent)
        root = chain[-1]
        scope: dict[str, str | None] = {
            k: args.get(k, v) for k, v in self.global_args.items()
        }  # ARGs before the first FROM: what FROM lines may use
        base, missing = _substitute(root.base, scope)
        built = Built(base=base, unresolved=missing)
        for each in reversed(chain):
            problem = _follow(self, each, args, built, watch)
            if problem is not None:
                built.problem = problem
                break
        return built


def read_dockerfile(text: str, name: str, context: Path, ignore: str = "") -> Dockerfile:
    """`ignore`: the text of the .dockerignore that applies, if any."""
    global_args: dict[str, str | None] = {}
    stages: list[Stage] = []
    for line, logical in _logical_lines(text):
        keyword, _, rest = logical.partition(" ")
        keyword = keyword.upper()
        rest = rest.strip()
        if keyword == "FROM":
            words = [w for w in rest.split() if not w.startswith("--")]
            if not words:
                raise DockerfileError(line, "FROM names no image")
            stage_name = words[2].lower() if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append(Stage(words[0], stage_name, [], line))
        elif not stages:
            if keyword == "ARG":
                for arg_name, default in _arg_pairs(rest, line):
                    global_args[arg_name] = default
        else:
            stages[-1].instructions.append(Instruction(keyword, rest, line))
    return Dockerfile(name, context, global_args, stages, _ignore_patterns(ignore))


def _arg_pairs(text: str, line: int) -> list[tuple[str, str | None]]:
    pairs: list[tuple[str, str | None]] = []
    for word in _words(text, line):
        arg_name, equals, default = word.partition("=")
        pairs.append((arg_name, default if equals else None))
    return pairs


def _words(text: str, line: int) -> list[str]:
    """Shell-like words (quotes removed, backslash escapes), as the build splits them."""
    try:
        return shlex.split(text)
    except ValueError as exc:  # an unclosed quote
        raise DockerfileError(line, f"{text}: {exc}") from None


def _substitute(
    text: str, scope: Mapping[str, str | None], unset: str | None = None
) -> tuple[str, str | None]:
    """`text` with `$NAME`, `${NAME}`, `${NAME:-word}`, `${NAME:+word}` replaced from
    `scope`; the second item names the first variable that has no value (or None).
    With `unset` given, such a variable reads as it instead."""
    missing: list[str] = []

    def replace(found: re.Match[str]) -> str:
        name = found.group(1) or found.group(4)
        operator, word = found.group(2), found.group(3) or ""
        value = scope.get(name)
        if operator == "-":
            return value or word
        if operator == "+":
            return word if value else ""
        if value is None:
            if unset is not None:
                return unset
            missing.append(name)
            return found.group(0)
        return value

    return _VARIABLE.sub(replace, text), (missing[0] if missing else None)


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def _follow(
    dockerfile: Dockerfile, stage: Stage, args: Mapping[str, str], built: Built, watch: str
) -> str | None:
    """Apply one stage's instructions to `built`; the reason it cannot be followed, or None."""
    scope: dict[str, str | None] = dict(built.env)
    for instruction in stage.instructions:
        keyword, text = instruction.keyword, instruction.text
        if keyword == "ARG":
            for name, default in _arg_pairs(text, instruction.line):
                if name in args:
                    scope[name] = args[name]
                elif default is not None:
                    scope[name] = _substitute(default, scope)[0]
                else:
                    scope[name] = dockerfile.global_args.get(name)
        elif keyword == "ENV":
            for name, value in _env_pairs(text, instruction.line):
                # A variable with no value reads as empty here, as the build reads it.
                built.env[name] = scope[name] = _substitute(value, scope, unset="")[0]
        elif keyword == "WORKDIR":
            where, missing = _substitute(text, scope)
            if missing:
                return f"WORKDIR {text}: build arg {missing} has no value"
            built.workdir = posixpath.normpath(posixpath.join(built.workdir, where))
        elif keyword in ("COPY", "ADD"):
            problem = _copy(dockerfile, instruction, scope, built, watch)
            if problem is not None:
                return problem
        elif keyword == "RUN":
            problem = _run(text, built.workdir, watch)
            if problem is not None:
                return problem
    return None


def _env_pairs(text: str, line: int) -> list[tuple[str, str]]:
    first = text.split(None, 1)
    if first and "=" not in first[0]:  # the old form: ENV NAME the rest is the value
        return [(first[0], " ".join(_words(first[1], line)) if len(first) > 1 else "")]
    pairs = []
    for word in _words(text, line):
        name, _, value = word.partition("=")
        pairs.append((name, value))
    return pairs


def _copy(
    dockerfile: Dockerfile,
    instruction: Instruction,
    scope: Mapping[str, str | None],
    built: Built,
    watch: str,
) -> str | None:
    keyword = instruction.keyword
    text = instruction.text.split("\n", 1)[0]  # a here-document's body is not a source
    rest, flags = text, []
    while rest.startswith("--"):
        flag, _, rest = rest.partition(" ")
        flags.append(flag)
        rest = rest.lstrip()
    words = _words(rest, instruction.line) if not rest.startswith("[") else []
    if rest.startswith("["):  # the JSON form
        try:
            words = [str(w) for w in json.loads(rest)]
        except ValueError:
            raise DockerfileError(instruction.line, f"{keyword} {text}: not a JSON list") from None
    if len(words) < 2:
        raise DockerfileError(
            instruction.line, f"{keyword} {text}: needs a source and a destination"
        )
    dest, missing = _substitute(words[-1], scope)
    if missing:
        return f"{keyword} {text}: build arg {missing} has no value"
    target = posixpath.normpath(posixpath.join(built.workdir, dest))
    if not (_inside(target, watch) or _inside(watch, target)):
        return None  # it places nothing where the analysis looks
    said = f"{keyword} {text}"
    for flag in flags:
        if flag.startswith("--from"):
            return f"{said}: copies from another stage or image, which the analyzer does not follow"
        if not flag.startswith(_HARMLESS_FLAGS):
            return f"{said}: the flag {flag.split('=', 1)[0]} is not followed"
    if any(word.startswith("<<") for word in words[:-1]):
        return f"{said}: a here-document is not followed"
    matches: list[Path] = []
    for written in words[:-1]:
        source, missing = _substitute(written, scope)
        if missing:
            return f"{said}: build arg {missing} has no value"
        if keyword == "ADD" and ("://" in source or source.startswith("git@")):
            return f"{said}: downloads {source} as the image builds, which the analyzer does not follow"
        matches += _sources(dockerfile, source, instruction, said)
    into_folder = dest.endswith("/") or len(matches) > 1 or _inside(watch, target)
    for match in matches:
        if keyword == "ADD" and match.is_file() and tarfile.is_tarfile(match):
            return (
                f"{said}: ADD unpacks the archive {match.name}, which the analyzer does not follow"
            )
        if match.is_dir():
            for child in sorted(match.rglob("*")):
                if child.is_file() and not dockerfile.ignored(child):
                    place = posixpath.join(target, child.relative_to(match).as_posix())
                    built.files[place] = child
        else:
            built.files[posixpath.join(target, match.name) if into_folder else target] = match
    return None


def _sources(
    dockerfile: Dockerfile, source: str, instruction: Instruction, said: str
) -> list[Path]:
    """The context files a COPY/ADD source names (a glob may name several), less what
    the .dockerignore leaves out of the context."""
    context = dockerfile.context
    relative = posixpath.normpath(source.lstrip("/")) if source.strip("/.") else "."
    if relative.startswith(".."):
        raise DockerfileError(instruction.line, f"{said}: {source} is outside the build context")
    if any(char in relative for char in "*?["):
        found = [p for p in sorted(context.glob(relative)) if not dockerfile.ignored(p)]
        if not found:
            raise DockerfileError(instruction.line, f"{said}: no file matches {source}")
        return found
    path = context / relative
    if not path.exists() or (relative != "." and dockerfile.ignored(path)):
        raise DockerfileError(instruction.line, f"{said}: {source} not found in the build context")
    return [path]


def _run(text: str, workdir: str, watch: str) -> str | None:
    """A RUN that may write into `watch` (other than changing permissions) is not followed."""
    for part in re.split(r"&&|\|\||;|\n|\|", text):
        words = part.split()
        if not words or (watch not in part and not _inside(workdir, watch)):
            continue
        if words[0].rsplit("/", 1)[-1] in _READ_ONLY_COMMANDS and ">" not in part:
            continue
        shown = text.split("\n", 1)[0] + (" ..." if "\n" in text else "")  # one line
        return (
            f"RUN {shown}: changes {watch} as the image builds, which the analyzer does not follow"
        )
    return None
