-- Arrays joined with `||` and array_cat() where a side is NULL, and `||` of an array and
-- one element (transforms/arrays.py). Postgres takes a NULL array as empty: appending
-- a tag to a row without tags (`UPDATE ... SET tags = tags || '{new}'`) gives `{new}`,
-- where the demo answered NULL, silently; array_cat of two NULLs is NULL (the demo: {}).
-- `||` of an array and a typed element appends or prepends it (refused before). Found on
-- 2026-11-29 by a probe of everyday statements; every answer is PGlite's.
-- setup
CREATE TABLE posts (id int PRIMARY KEY, tags text[], scores int[], extra int);
INSERT INTO posts VALUES (1, '{a,b}', '{1,2}', 5), (2, NULL, NULL, NULL), (3, '{}', '{}', 7);
-- probe
SELECT id, tags, scores FROM posts ORDER BY id;
-- case: array || array with a NULL side
SELECT id, tags || '{z}'::text[] AS a, '{z}'::text[] || tags AS b, tags || tags AS c FROM posts ORDER BY id;
-- case: array_cat with NULL sides
SELECT id, array_cat(tags, NULL) AS a, array_cat(NULL::text[], tags) AS b, array_cat(scores, ARRAY[9]) AS c FROM posts ORDER BY id;
-- case: two NULL arrays
SELECT NULL::int[] || NULL::int[] AS a, ARRAY[1] || NULL::int[] AS b, NULL::int[] || ARRAY[2] AS c, array_cat(NULL::int[], NULL::int[]) AS d;
-- case: three arrays in a row
SELECT id, tags || ARRAY['x'] || tags AS a, scores || ARRAY[0] || scores AS b FROM posts ORDER BY id;
-- case: an array and one element
SELECT id, tags || 'q'::text AS a, 'q'::text || tags AS b, scores || 3 AS c, 0 || scores AS d, scores || extra AS e FROM posts ORDER BY id;
-- case: appending a tag to rows with and without tags
UPDATE posts SET tags = tags || '{new}'::text[] RETURNING id, tags;
-- case: appending a score
UPDATE posts SET scores = scores || 10 WHERE id = 2 RETURNING id, scores;
-- case: an array and an untyped string
SELECT id, tags || '{x,y}' AS a FROM posts ORDER BY id;
-- case: an untyped string that is no array
SELECT tags || 'plain' FROM posts;
