-- setup
CREATE TABLE profiles (
  id integer PRIMARY KEY,
  name text NOT NULL,
  prefs jsonb NOT NULL,
  raw json
);
INSERT INTO profiles VALUES
  (1, 'ada', '{"theme": "dark", "lang": "en", "tags": ["a", "b"], "n": 3, "nested": {"k": "v"}}', '{"b": 1, "a": 2}'),
  (2, 'bob', '{"theme": "light", "n": 5, "flag": true}', '[1, 2, 3]'),
  (3, 'cy', '{}', NULL);
-- probe
SELECT id, prefs FROM profiles ORDER BY id;
-- case: jsonb column as object
SELECT id, prefs FROM profiles WHERE id = 1;
-- case: json column keeps its text order
SELECT raw FROM profiles WHERE id = 1;
-- case: arrow text operator
SELECT id, prefs->>'theme' AS theme FROM profiles ORDER BY id;
-- case: arrow json operator
SELECT prefs->'nested' AS nested FROM profiles WHERE id = 1;
-- case: chained arrows
SELECT prefs->'nested'->>'k' AS k FROM profiles WHERE id = 1;
-- case: array element
SELECT prefs->'tags'->>0 AS first_tag FROM profiles WHERE id = 1;
-- case: path operator
SELECT prefs #>> '{nested,k}' AS k FROM profiles WHERE id = 1;
-- case: key exists operator
SELECT id FROM profiles WHERE prefs ? 'lang';
-- case: containment
SELECT id FROM profiles WHERE prefs @> '{"theme": "light"}' ORDER BY id;
-- case: filter on text value
SELECT name FROM profiles WHERE prefs->>'theme' = 'dark';
-- case: cast json number
SELECT sum((prefs->>'n')::int) AS total FROM profiles;
-- case: jsonb_build_object
SELECT jsonb_build_object('id', id, 'name', name) AS obj FROM profiles ORDER BY id;
-- case: json_build_object
SELECT json_build_object('a', 1, 'b', 'two') AS obj;
-- case: jsonb_agg
SELECT jsonb_agg(name ORDER BY id) AS names FROM profiles;
-- case: json_agg of rows
SELECT json_agg(json_build_object('id', id)) AS items FROM profiles;
-- case: jsonb_object_keys
SELECT jsonb_object_keys(prefs) AS k FROM profiles WHERE id = 2 ORDER BY 1;
-- case: jsonb_array_length
SELECT jsonb_array_length(prefs->'tags') AS n FROM profiles WHERE id = 1;
-- case: jsonb_typeof
SELECT jsonb_typeof(prefs->'n') AS t FROM profiles WHERE id = 1;
-- case: update with jsonb concatenation
UPDATE profiles SET prefs = prefs || '{"theme": "blue"}' WHERE id = 3 RETURNING prefs;
-- case: jsonb_set
UPDATE profiles SET prefs = jsonb_set(prefs, '{theme}', '"sepia"') WHERE id = 1 RETURNING prefs->>'theme' AS theme;
-- case: remove key
SELECT prefs - 'tags' AS rest FROM profiles WHERE id = 1;
-- case: insert json literal
INSERT INTO profiles VALUES (4, 'dee', '{"x": [1, {"y": null}]}', '{"z": 1}') RETURNING prefs, raw;
-- case: json literal cast
SELECT '{"b": 2, "a": 1}'::jsonb AS j, '[1, "x", null]'::json AS arr;
-- case: to_jsonb of text
SELECT to_jsonb('hi'::text) AS j;
-- case: jsonb_each_text
SELECT key, value FROM jsonb_each_text('{"a": "1", "b": "x"}') ORDER BY key;
-- case: jsonb_array_elements
SELECT value FROM jsonb_array_elements('[1, 2, 3]'::jsonb);
-- case: jsonb equality
SELECT '{"a": 1, "b": 2}'::jsonb = '{"b": 2, "a": 1}'::jsonb AS same;
-- case: missing key is null
SELECT prefs->>'missing' AS m FROM profiles WHERE id = 1;
-- case: jsonb pretty text
SELECT prefs::text AS t FROM profiles WHERE id = 2;
-- case: path operator as json
SELECT prefs #> '{tags,1}' AS t, prefs #> '{nested}' AS n FROM profiles WHERE id = 1;
-- case: negative array index
SELECT prefs->'tags'->>-1 AS last_tag, prefs->'tags'->5 AS none FROM profiles WHERE id = 1;
-- case: text key on an array is null
SELECT raw->>'0' AS k, raw->>0 AS i FROM profiles WHERE id = 2;
-- case: contained by
SELECT id FROM profiles WHERE '{"n": 5}' <@ prefs ORDER BY id;
-- case: nested containment
SELECT id FROM profiles WHERE prefs @> '{"tags": ["b"], "nested": {}}' ORDER BY id;
-- case: key exists on array elements
SELECT prefs->'tags' ? 'a' AS has_a, prefs->'tags' ? 'z' AS has_z FROM profiles WHERE id = 1;
-- case: remove array element by index
SELECT (prefs->'tags') - 0 AS rest FROM profiles WHERE id = 1;
-- case: jsonb_set creates a missing key
SELECT jsonb_set(prefs, '{extra}', '[1, 2]') AS j FROM profiles WHERE id = 3;
-- case: jsonb_set without creating
SELECT jsonb_set(prefs, '{extra}', '1', false) AS j FROM profiles WHERE id = 3;
-- case: json_agg ordered with nulls
SELECT json_agg(raw ORDER BY id DESC) AS raws FROM profiles;
-- case: jsonb_agg over no rows
SELECT jsonb_agg(id) AS ids FROM profiles WHERE id > 10;
-- case: jsonb_build_object of mixed values
SELECT jsonb_build_object('b', true, 'a', NULL, 'n', 2.50, 'j', prefs->'nested') AS obj FROM profiles WHERE id = 1;
-- case: jsonb_each
SELECT key, value FROM jsonb_each('{"a": {"x": 1}, "b": [true]}'::jsonb) ORDER BY key;
-- case: jsonb_each_text over a column
SELECT p.id, e.key, e.value FROM profiles p, jsonb_each_text(p.prefs) AS e WHERE p.id = 2 ORDER BY e.key;
-- case: jsonb_array_elements_text
SELECT value FROM jsonb_array_elements_text('["a", null, 3]'::jsonb);
-- case: jsonb_array_elements in select list
SELECT jsonb_array_elements(prefs->'tags') AS tag FROM profiles WHERE id = 1;
-- case: jsonb_typeof of each kind
SELECT jsonb_typeof(prefs->'tags') AS a, jsonb_typeof(prefs->'nested') AS o, jsonb_typeof(prefs->'flag') AS b, jsonb_typeof(prefs->'theme') AS s FROM profiles WHERE id IN (1, 2) ORDER BY id;
-- case: cast text to jsonb
SELECT name::jsonb AS j FROM profiles WHERE id = 1;
-- case: array length of an object
SELECT jsonb_array_length(prefs) AS n FROM profiles WHERE id = 1;
-- case: concatenate arrays
SELECT prefs->'tags' || '["c"]'::jsonb AS tags FROM profiles WHERE id = 1;
-- case: json error rolls back the request
UPDATE profiles SET name = 'changed' WHERE id = 1; SELECT jsonb_array_length(prefs) FROM profiles WHERE id = 1;
-- case: to_json of numbers and booleans
SELECT to_json(42) AS i, to_jsonb(true) AS b, to_jsonb(1.50) AS n, to_json('a"b'::text) AS s;
-- case: invalid jsonb literal
INSERT INTO profiles VALUES (5, 'eve', '{oops', NULL);
-- case: text concatenated with json-looking text
SELECT name || '{"x": 1}' AS t FROM profiles WHERE id = 1;
-- case: jsonb equality with a literal in another key order
SELECT id FROM profiles WHERE prefs = '{"n": 5, "flag": true, "theme": "light"}';
-- case: json has no equality
SELECT id FROM profiles WHERE raw = '[1, 2, 3]';
-- case: jsonb_agg of set-returning values
SELECT jsonb_agg(value) AS vals FROM jsonb_array_elements('[{"b": 1, "a": 2}, 3]'::jsonb);
-- case: jsonb_build_object with an array as a key fails
SELECT jsonb_build_object(ARRAY[id], name) AS obj FROM profiles ORDER BY id;
-- case: ordering by a json value
SELECT id FROM profiles ORDER BY raw;
-- case: max of jsonb values
SELECT max(prefs->'n') FROM profiles;
-- case: LIKE of a jsonb value
SELECT id FROM profiles WHERE prefs LIKE '%dark%';
-- case: NOT ILIKE of a jsonb value
SELECT id FROM profiles WHERE prefs NOT ILIKE '%dark%';
-- case: ordering by a jsonb value's text cast answers
SELECT id FROM profiles WHERE prefs ? 'n' ORDER BY (prefs->>'n')::integer DESC;
-- case: LIKE of a jsonb value's text answers
SELECT id FROM profiles WHERE prefs->>'theme' LIKE 'd%';
-- case: jsonb IS NOT DISTINCT FROM a literal written with other spacing
SELECT id FROM profiles WHERE prefs IS NOT DISTINCT FROM '{"flag": true, "theme":"light","n":5}';
-- case: jsonb IS DISTINCT FROM a literal that is no JSON
SELECT id FROM profiles WHERE prefs IS DISTINCT FROM 'dark';
-- case: jsonb compared with a number
SELECT id FROM profiles WHERE prefs -> 'n' = 3;
-- case: jsonb compared with a boolean, IS DISTINCT FROM
SELECT id FROM profiles WHERE prefs -> 'flag' IS DISTINCT FROM true;
-- case: jsonb compared with a text value
SELECT id FROM profiles WHERE prefs -> 'theme' <> 'dark'::text;
-- case: jsonb compared with JSON literals and jsonb values still answers
SELECT id, prefs -> 'n' = '3' AS n3, prefs -> 'theme' IS DISTINCT FROM '"dark"' AS not_dark,
  prefs -> 'n' = (prefs ->> 'n')::jsonb AS same FROM profiles ORDER BY id;
-- case: jsonb starts with
SELECT id FROM profiles WHERE prefs ^@ 'a';
-- case: jsonb_object_agg of jsonb values (DuckDB's namesake wrote each value as a JSON string, and answered json)
SELECT jsonb_object_agg(name, prefs) AS j FROM profiles;
-- case: json_object_agg of text values keyed by an integer
SELECT json_object_agg(id, name) AS j FROM profiles;
-- case: jsonb_object_agg keeps the last value of a repeated key and orders the keys as jsonb does
SELECT jsonb_object_agg(k, v::int) AS j FROM (VALUES ('b', 1), ('a', 2), ('b', 3)) AS t(k, v);
-- case: json_object_agg of no rows is NULL
SELECT json_object_agg(name, id) AS j FROM profiles WHERE false;
-- case: jsonb_object_agg of a NULL key fails
SELECT jsonb_object_agg(k, 1) AS j FROM (VALUES ('a'), (NULL)) AS t(k);
