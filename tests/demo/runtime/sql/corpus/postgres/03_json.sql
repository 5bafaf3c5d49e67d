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
