"""English the console writes outside its catalogues, found in its source.

Two places hold words a person reads: the static parts of lit's html`` templates (text
between tags, and the attributes shown or read aloud: label, heading, placeholder, ...) and
the strings handed to toasts, confirmations, errors and announcements; any literal that
reads like a sentence is caught too, wherever it goes. Everything there must come from
t(); what may stay is listed in ALLOWED (names, acronyms) and HOST_IDS; text in <code> and
<pre> is code and stays as written."""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["english_left"]

# Shown as written in every language: the product's name, acronyms, and text in <code>.
ALLOWED = {"Helio", "HDR", "CPU"}
SHOWN_ATTRIBUTES = r"(?:label|heading|subtitle|placeholder|help-text|aria-label|title|alt|summary)"
WORD = re.compile(r"[A-Za-z]{2,}")
# A string literal handed to something that shows it.
HANDED_ON = re.compile(
    r"""(?:\b(?:heading|message|confirmLabel|success|label|text|next|verb|title|reason)\s*:\s*"""
    r"""|\btoast\(\s*this\s*,\s*"\w+"\s*,\s*|\bnew ApiError\(\s*\d+\s*,\s*"""
    r"""|\bthis\.(?:announcement|createError|signInReason|heading)\s*=\s*|\bannounce\(\s*)"""
    r"""(["'`])([^"'`]*?[A-Za-z]{2,}[^"'`]*)\1"""
)
# Any other literal that reads like a sentence ("Shown to clients in their app list.")
# passed around before it is shown; the host's own identifiers are not sentences.
SENTENCE = re.compile(r"""(["'`])([A-Z][a-z]+ [a-z][^"'`\n]*)\1""")
HOST_IDS = {
    "Hardware metrics",
    "Games and tools",
    "Invalid setting ${path}:",
    "Invalid setting ${path}",
}
COMMENT = re.compile(r"^\s*(//|/?\*)", re.M)
# Where the console's English may stay: developers' errors (icons.js, i18n.js), the route
# table (its titles are looked up as route.<path>).
SKIPPED = {"icons.js", "i18n.js", "router.js"}


def _skip_string(source: str, i: int) -> int:
    quote = source[i]
    i += 1
    while source[i] != quote:
        i += 2 if source[i] == "\\" else 1
    return i + 1


def _skip_expression(source: str, i: int) -> int:
    """Index after the `}` closing a `${` whose body starts at i."""
    depth = 1
    while True:
        c = source[i]
        if c in "\"'":
            i = _skip_string(source, i)
            continue
        if c == "`":
            i = _template(source, i + 1)[0]
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1


def _template(source: str, i: int) -> tuple[int, list[str]]:
    """(index after the closing backtick, the static pieces) of a template opened before i."""
    pieces: list[str] = []
    start = i
    while True:
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c == "`":
            pieces.append(source[start:i])
            return i + 1, pieces
        if source.startswith("${", i):
            pieces.append(source[start:i])
            i = _skip_expression(source, i + 2)
            start = i
            continue
        i += 1


def _template_words(source: str) -> list[str]:
    found: list[str] = []
    for opening in re.finditer(r"\bhtml`", source):
        static = "\0".join(_template(source, opening.end())[1])
        static = re.sub(r"<!--.*?-->|<(code|pre)\b[^>]*>.*?</\1>", "", static, flags=re.S)
        for tag in re.findall(r"<[^>]*>", static):
            found += re.findall(SHOWN_ATTRIBUTES + r'="([^"\0]*)"', tag)
        found += re.sub(r"<[^>]*>", "\0", static).split("\0")
    return [text.strip() for text in found if WORD.search(text) and text.strip() not in ALLOWED]


def english_left(web_src: Path) -> list[str]:
    """'file: text' for each piece of English outside the catalogues under web_src."""
    left: list[str] = []
    for path in sorted(web_src.rglob("*.js")):
        if path.name in SKIPPED:
            continue
        source = path.read_text()
        handed = [m.group(2) for m in HANDED_ON.finditer(source)]
        code = "\n".join(line for line in source.splitlines() if not COMMENT.match(line))
        sentences = [m.group(2) for m in SENTENCE.finditer(code) if m.group(2) not in HOST_IDS]
        texts = _template_words(source) + [
            h for h in handed if WORD.search(re.sub(r"\$\{[^}]*\}", "", h))
        ]
        texts += [s for s in sentences if s not in texts]
        left += [f"{path.relative_to(web_src)}: {text}" for text in texts]
    return left
