"""The transpile's tree search (tree_search.py) finds what sqlglot's own finds, in its
order, over the regression corpus's statements (PostgreSQL's, not the team's)."""

from __future__ import annotations

import functools

import pytest
from sqlglot import exp, parse_one

from demo.runtime.sql.postgres import tree_search
from demo.runtime.sql.postgres.dialect import PostgresForDuck
from demo.runtime.sql.postgres.split import split_postgres

from . import differential as diff

SEARCHES: list[tuple[type, ...]] = [
    (exp.Column,),
    (exp.Select, exp.Subquery, exp.Union),
    (exp.Literal, exp.Cast),
    (exp.Func,),
    (exp.Expr,),
]


@functools.cache  # read once; the searches change no tree
def _trees() -> list[exp.Expr]:
    trees = []
    for group in diff.load_corpus(diff.REGRESS):
        for _, sql in [("setup", group.setup), *group.cases]:
            for statement in split_postgres(sql):
                try:
                    trees.append(parse_one(statement, dialect=PostgresForDuck))
                except Exception:  # noqa: BLE001 - a statement sqlglot cannot read: none to search
                    continue
    return trees


def test_the_postgres_package_puts_the_one_loop_search_in_place() -> None:
    assert exp.Expression.find_all is tree_search.find_all


@pytest.mark.parametrize("types", SEARCHES, ids=lambda t: "-".join(c.__name__ for c in t))
def test_it_finds_the_nodes_sqlglot_finds_in_the_same_order(types: tuple[type, ...]) -> None:
    trees = _trees()
    assert len(trees) > 1000  # the corpus was read
    for tree in trees:
        ours = list(tree_search.find_all(tree, *types))
        sqlglots = list(tree_search.SQLGLOT_FIND_ALL(tree, *types))
        assert [id(n) for n in ours] == [id(n) for n in sqlglots], tree.sql()


def test_a_node_changed_while_searching_is_walked_into_as_changed_as_sqlglot_does() -> None:
    sql = "SELECT a + b, f(c, (SELECT d FROM t WHERE e > 1)) FROM u WHERE g IN (1, 2)"

    def renaming_columns(search: object) -> list[str]:
        tree = parse_one(sql, dialect=PostgresForDuck)
        seen = []
        for node in search(tree, exp.Column, exp.Identifier):  # type: ignore[operator]
            seen.append(node.sql())
            if isinstance(node, exp.Column):  # its children are read after this
                node.set("this", exp.to_identifier(f"new_{node.name}"))
        return [*seen, tree.sql()]

    ours = renaming_columns(tree_search.find_all)
    assert "new_a" in ours and "a" in ours
    assert ours == renaming_columns(tree_search.SQLGLOT_FIND_ALL)


def test_a_depth_first_search_is_sqlglots() -> None:
    tree = parse_one("SELECT a, (b + c) * d FROM t", dialect=PostgresForDuck)
    ours = [n.sql() for n in tree_search.find_all(tree, exp.Column, bfs=False)]
    assert ours == ["a", "b", "c", "d"]
