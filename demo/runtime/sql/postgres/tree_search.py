"""sqlglot's `Expression.find_all` as one loop: the transpile's hottest call.

Each rewrite (`rewrites.REWRITES`) finds its nodes with `find_all`, about 120 searches
of a statement's tree per transpile, and sqlglot's passes it calls do the same.
sqlglot's search goes through four nested generators per node (find_all, walk, bfs,
iter_expressions): half of the transpile's time over the regression corpus's
statements. `install()`, run when this package is imported, puts in its place one loop
that yields the same nodes in the same order (breadth first) and, like sqlglot's, reads
a node's children only once the caller has had the node: a caller that replaces the
node it was given still goes on into that node's children. A depth-first search
(`bfs=False`) stays sqlglot's.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sqlglot import exp

__all__ = ["SQLGLOT_FIND_ALL", "find_all", "install"]

SQLGLOT_FIND_ALL = exp.Expression.find_all


def find_all(self: exp.Expression, *types: type, bfs: bool = True) -> Iterator[Any]:
    """The nodes of `self`'s tree (itself included) that are instances of `types`."""
    if not bfs:
        yield from SQLGLOT_FIND_ALL(self, *types, bfs=False)
        return
    node_type = exp.Expr  # locals: read once, not per node
    queue: list[exp.Expr] = [self]
    append = queue.append
    for node in queue:  # the list grows as it is read: a queue without pops
        if isinstance(node, types):
            yield node
        for value in node.args.values():
            if type(value) is list:
                for item in value:
                    if isinstance(item, node_type):
                        append(item)
            elif isinstance(value, node_type):
                append(value)


def install() -> None:
    exp.Expression.find_all = find_all  # type: ignore[method-assign]
