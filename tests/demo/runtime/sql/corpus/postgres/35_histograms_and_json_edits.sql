-- Calls Postgres has that the demo refused as "not supported" until 2026-11-29:
-- width_bucket() (histograms: numeric computed exactly, float8 in double precision as
-- Postgres 17 does, bounds either way round, its own errors) and jsonb_insert() (an
-- element before or after an array position, a new key, Postgres' errors for an existing
-- key and a scalar). Written from Postgres' documentation of the two functions; every
-- answer is PGlite's.
-- setup
CREATE TABLE m (id int PRIMARY KEY, x numeric(10,3), f float8, n int);
INSERT INTO m VALUES (1, 5.35, 5.35, 5), (2, 0.024, 0.024, 0), (3, 10.06, 10.06, 10), (4, -1.5, -1.5, -2), (5, 9.999, 9.999, 9), (6, NULL, NULL, NULL);
CREATE TABLE docs (id int PRIMARY KEY, body jsonb);
INSERT INTO docs VALUES (1, '{"a": [0, 1, 2], "b": {"c": 1}}'), (2, '[1, 2]'), (3, '{}'), (4, '[]');
-- probe
SELECT id FROM m ORDER BY id;
-- case: width_bucket of numeric literals
SELECT width_bucket(5.35, 0.024, 10.06, 5) AS a, width_bucket(0.024, 0.024, 10.06, 5) AS b, width_bucket(10.06, 0.024, 10.06, 5) AS c, width_bucket(-1, 0.024, 10.06, 5) AS d;
-- case: width_bucket of a numeric column
SELECT id, width_bucket(x, 0, 10, 4) AS w FROM m ORDER BY id;
-- case: width_bucket of a float8 column
SELECT id, width_bucket(f, 0.024, 10.06, 5) AS w FROM m ORDER BY id;
-- case: width_bucket of integers
SELECT id, width_bucket(n, 0, 10, 5) AS w, width_bucket(n, 0, 9, 3) AS t FROM m ORDER BY id;
-- case: width_bucket with bounds reversed
SELECT id, width_bucket(x, 10, 0, 4) AS n, width_bucket(f, 10, 0, 4) AS f FROM m ORDER BY id;
-- case: width_bucket as a histogram
SELECT width_bucket(f, 0, 10, 2) AS bucket, count(*) AS n FROM m GROUP BY 1 ORDER BY 1;
-- case: width_bucket where the double rounds near a bucket's edge
SELECT width_bucket(0.3::float8, 0, 1, 10) AS a, width_bucket(0.7::float8, 0, 1, 10) AS b, width_bucket(0.3, 0, 1, 10) AS c, width_bucket(0.7, 0, 1, 10) AS d, width_bucket(2.9999999999999996::float8, 0, 3, 3) AS e;
-- case: width_bucket's type
SELECT pg_typeof(width_bucket(5.35, 0.024, 10.06, 5)) AS a, pg_typeof(width_bucket(1.5::float8, 0, 3, 3)) AS b;
-- case: width_bucket with a zero count
SELECT width_bucket(5.35, 0.024, 10.06, 0);
-- case: width_bucket with equal bounds
SELECT width_bucket(5.35, 1, 1, 3);
-- case: width_bucket with equal float bounds
SELECT width_bucket(5.35::float8, 1, 1, 3);
-- case: width_bucket of NaN
SELECT width_bucket('NaN'::float8, 0, 1, 3);
-- case: width_bucket with an infinite bound
SELECT width_bucket(5::float8, 0, 'Infinity'::float8, 3);
-- case: width_bucket with a null
SELECT width_bucket(NULL::numeric, 0, 1, 3) AS a, width_bucket(0.5, 0, 1, NULL) AS b;
-- case: width_bucket of a large count
SELECT width_bucket(0.5, 0, 1, 2147483647) AS a, width_bucket(2, 0, 1, 100) AS b;
-- case: width_bucket past the top of the largest count
SELECT width_bucket(2, 0, 1, 2147483647);
-- case: jsonb_insert into an array
SELECT jsonb_insert('{"a": [0, 1, 2]}', '{a, 1}', '"new_value"') AS before, jsonb_insert('{"a": [0, 1, 2]}', '{a, 1}', '"new_value"', true) AS after;
-- case: jsonb_insert at a negative and an out-of-range position
SELECT jsonb_insert('[1, 2, 3]', '{-1}', '9') AS a, jsonb_insert('[1, 2, 3]', '{-1}', '9', true) AS b, jsonb_insert('[1, 2, 3]', '{10}', '9') AS c, jsonb_insert('[1, 2, 3]', '{-10}', '9') AS d;
-- case: jsonb_insert of a new key
SELECT jsonb_insert('{"a": 1}', '{b}', '[1, 2]') AS a, jsonb_insert('{"a": {"x": 1}}', '{a, y}', 'true') AS b;
-- case: jsonb_insert of an existing key
SELECT jsonb_insert('{"a": 1}', '{a}', '2');
-- case: jsonb_insert into a scalar
SELECT jsonb_insert('5', '{0}', '2');
-- case: jsonb_insert where the path is missing
SELECT jsonb_insert('{"a": 1}', '{b, c}', '2') AS a, jsonb_insert('{"a": [1]}', '{a, 0, x}', '2') AS b, jsonb_insert('{"a": 1}', '{}', '2') AS c;
-- case: jsonb_insert with a path step that is not an integer
SELECT jsonb_insert('[1, 2]', '{x}', '2');
-- case: jsonb_insert with a null path element
SELECT jsonb_insert('[1, 2]', '{NULL}', '2');
-- case: jsonb_insert of a column
SELECT id, jsonb_insert(body, '{0}', '"first"') AS j FROM docs WHERE jsonb_typeof(body) = 'array' ORDER BY id;
-- case: jsonb_insert in an UPDATE
UPDATE docs SET body = jsonb_insert(body, '{a, 0}', '-1') WHERE id = 1 RETURNING id, body;
-- case: jsonb_insert of a null value and a null document
SELECT jsonb_insert('[1]', '{0}', 'null') AS a, jsonb_insert(NULL, '{0}', '1') AS b, jsonb_insert('[1]', '{0}', NULL) AS c, jsonb_set(NULL, '{0}', '1') AS d;
-- case: jsonb_insert's type
SELECT pg_typeof(jsonb_insert('[1]', '{0}', '2')) AS t;
