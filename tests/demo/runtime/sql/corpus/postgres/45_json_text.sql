-- JSON built by SQL, as APIs return it, found by a probe against PGlite until 2026-11-29:
-- an array column made JSON (`jsonb_build_object('tags', tags)`, `to_jsonb(tags)`,
-- `json_agg(tags)`) was refused ("converting VARCHAR[] values to JSON"), and JSON text
-- read as text differed, silently, from Postgres' own spacing: json_build_object writes
-- `{"a" : 1}`, json_object_agg `{ "k" : 1 }`, a row `{"a":1,"b":2}`, and json_agg of rows
-- or arrays puts each on a line of its own. Every answer is PGlite's.
-- setup
CREATE TABLE posts (id int PRIMARY KEY, title text NOT NULL, tags text[], scores int[], meta jsonb);
INSERT INTO posts VALUES (1, 'Hello', '{intro,sql}', '{4,5}', '{"lang": "en"}'), (2, 'Quotes "and", commas', '{"a,b","say \"hi\"",NULL}', NULL, NULL), (3, 'Empty', '{}', '{}', '{}');
-- probe
SELECT count(*) FROM posts;
-- case: an array column in a built object
SELECT id, jsonb_build_object('id', id, 'title', title, 'tags', tags) AS doc FROM posts ORDER BY id;
-- case: arrays made JSON
SELECT id, to_jsonb(tags) AS t, to_json(scores) AS s FROM posts ORDER BY id;
-- case: arrays made JSON, as text
SELECT id, to_json(tags)::text AS t, json_build_object('scores', scores)::text AS s FROM posts ORDER BY id;
-- case: json_agg of an array column
SELECT json_agg(tags ORDER BY id) AS a, json_agg(tags ORDER BY id)::text AS t FROM posts;
-- case: json_build_object as text
SELECT json_build_object('id', id, 'title', title)::text AS o FROM posts ORDER BY id;
-- case: json_object_agg as text
SELECT json_object_agg(title, id)::text AS o FROM (SELECT title, id FROM posts ORDER BY id) t;
-- case: rows as JSON text
SELECT row_to_json(p)::text AS r FROM (SELECT id, title FROM posts) p ORDER BY 1;
-- case: json_agg of rows as text
SELECT json_agg(p ORDER BY p.id)::text AS rows FROM (SELECT id, title FROM posts) p;
-- case: json_agg of built objects and arrays as text
SELECT json_agg(json_build_object('i', id) ORDER BY id)::text AS a, json_agg(json_build_array(id, title) ORDER BY id)::text AS b FROM posts;
