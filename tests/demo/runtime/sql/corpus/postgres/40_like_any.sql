-- `x LIKE ANY (patterns)` and `LIKE ALL`, of arrays, array text and subqueries, with
-- NOT, ILIKE, `~~` and NULL patterns (transforms/like_any.py). sqlglot wrote them for
-- DuckDB without the ANY: `title LIKE ANY ('{%world,abc}')` matched nothing, silently;
-- of an array the demo refused with Postgres' "operator does not exist" (Postgres has
-- the operator), of a subquery with a syntax error. Found on 2026-11-29 by a probe of
-- everyday statements; every answer is PGlite's.
-- setup
CREATE TABLE posts (id int PRIMARY KEY, title text, pats text[]);
INSERT INTO posts VALUES (1, 'Hello world', '{%world,H%}'), (2, 'Bob here', '{%x%}'), (3, NULL, '{%}'), (4, 'abc', NULL), (5, 'abc', '{}');
CREATE TABLE pats (p text);
INSERT INTO pats VALUES ('%o%'), ('a%');
-- probe
SELECT id FROM posts ORDER BY id;
-- case: ILIKE ANY of an array
SELECT id, title ILIKE ANY (ARRAY['%hello%', '%BOB%']) AS a FROM posts ORDER BY id;
-- case: LIKE ANY and ALL of an array column
SELECT id, title LIKE ANY (pats) AS a, title LIKE ALL (pats) AS b FROM posts ORDER BY id;
-- case: NOT LIKE ANY and NOT ILIKE ALL
SELECT id, title NOT LIKE ANY (ARRAY['%o%', 'a%']) AS a, title NOT ILIKE ALL (ARRAY['%O%']) AS b FROM posts ORDER BY id;
-- case: LIKE ANY of a subquery
SELECT id, title LIKE ANY (SELECT p FROM pats) AS a FROM posts ORDER BY id;
-- case: LIKE ANY of array text in WHERE
SELECT id FROM posts WHERE title LIKE ANY ('{%world,abc}') ORDER BY id;
-- case: a NULL among the patterns
SELECT id, title LIKE ANY (ARRAY['%o%', NULL]) AS a, title LIKE ALL (ARRAY['%o%', NULL]) AS b FROM posts ORDER BY id;
-- case: the ~~ spelling
SELECT id, title ~~ ANY (ARRAY['H%']) AS a FROM posts ORDER BY id;
