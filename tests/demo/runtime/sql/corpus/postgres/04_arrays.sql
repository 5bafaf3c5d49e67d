-- setup
CREATE TABLE items (
  id integer PRIMARY KEY,
  tags text[] NOT NULL,
  scores integer[]
);
INSERT INTO items VALUES (1, '{red,green}', '{1,2,3}'), (2, ARRAY['blue'], ARRAY[10]), (3, '{}', NULL);
-- probe
SELECT id, tags, scores FROM items ORDER BY id;
-- case: array column
SELECT tags FROM items WHERE id = 1;
-- case: array literal
SELECT ARRAY[1, 2, 3] AS a, ARRAY['x', 'y'] AS b;
-- case: array subscript
SELECT tags[1] AS first FROM items WHERE id = 1;
-- case: any
SELECT id FROM items WHERE 'blue' = ANY(tags);
-- case: array_length of empty array
SELECT array_length('{}'::text[], 1) AS n;
-- case: array_length
SELECT id, array_length(tags, 1) AS n FROM items ORDER BY id;
-- case: cardinality
SELECT id, cardinality(tags) AS n FROM items ORDER BY id;
-- case: unnest
SELECT unnest(ARRAY[3, 1, 2]) AS v;
-- case: unnest column
SELECT id, unnest(tags) AS tag FROM items ORDER BY id, tag;
-- case: array_agg
SELECT array_agg(id ORDER BY id) AS ids FROM items;
-- case: array_append
UPDATE items SET tags = array_append(tags, 'new') WHERE id = 2 RETURNING tags;
-- case: array concatenation
SELECT ARRAY[1, 2] || ARRAY[3] AS a;
-- case: array contains
SELECT id FROM items WHERE tags @> ARRAY['red'];
-- case: array overlap
SELECT id FROM items WHERE tags && ARRAY['blue', 'red'] ORDER BY id;
-- case: array_to_string
SELECT array_to_string(tags, ',') AS s FROM items WHERE id = 1;
-- case: string_to_array
SELECT string_to_array('a,b,c', ',') AS parts;
-- case: array_position
SELECT array_position(ARRAY['a', 'b', 'c'], 'b') AS pos;
-- case: array of numeric
SELECT ARRAY[1.5, 2.25]::numeric[] AS nums;
-- case: empty array literal
SELECT '{}'::int[] AS empty;
-- case: array_remove
SELECT array_remove(ARRAY[1, 2, 1], 1) AS r;
-- case: insert array returning
INSERT INTO items VALUES (4, ARRAY['x'], ARRAY[7, 8]) RETURNING *;
-- case: = ANY of a NULL array is NULL, and NOT of it keeps no row
SELECT 'a' = ANY (NULL::text[]) AS any_null, 'a' = ANY ('{a,b}'::text[]) AS found, 'c' = ANY ('{a,NULL}'::text[]) AS unknown, (SELECT count(*) FROM (VALUES (NULL::int[])) v(a) WHERE NOT (1 = ANY (a))) AS kept;
-- case: <> ALL of a NULL array is NULL, so a filter on it keeps no row
SELECT id, 2 <> ALL (scores) AS none_is_2, 1 = ALL (scores) AS all_1, 1 = ALL (NULL::int[]) AS all_null FROM items ORDER BY id;
-- case: rows whose array holds none of a value, a NULL array kept out
SELECT id FROM items WHERE 10 <> ALL (scores) ORDER BY id;
