-- A row made JSON, as APIs written in SQL build their answers: row_to_json(t),
-- to_json(t), to_jsonb(t), json_agg(t) and jsonb_agg(t) of a subquery or a table of the
-- database (transforms/row_json.py), refused until 2026-11-29. Keys in the columns'
-- order, values converted as Postgres converts them (numbers, text, NULL, booleans,
-- numerics, dates, nested jsonb). A subquery with `*` stays refused. Found by a probe of
-- everyday statements; every answer is PGlite's.
-- setup
CREATE TABLE users (id int PRIMARY KEY, email text NOT NULL, name text, active boolean, balance numeric(8,2), joined date, prefs jsonb);
INSERT INTO users VALUES (1, 'a@x.io', 'Ann', true, 10.50, '2024-01-02', '{"theme": "dark"}'), (2, 'b@x.io', NULL, false, 0, '2024-02-03', NULL), (3, 'c@x.io', 'Cy', NULL, NULL, NULL, '[]');
-- probe
SELECT id FROM users ORDER BY id;
-- case: row_to_json of a subquery
SELECT row_to_json(u) AS j FROM (SELECT id, email, name FROM users) u ORDER BY u.id;
-- case: json_agg of a subquery
SELECT json_agg(u) AS j FROM (SELECT id, email, active FROM users ORDER BY id) u;
-- case: json_agg with ORDER BY
SELECT json_agg(u ORDER BY u.id DESC) AS j FROM (SELECT id, balance, joined FROM users) u;
-- case: jsonb_agg and to_jsonb
SELECT jsonb_agg(u) AS a, (SELECT to_jsonb(v) FROM (SELECT id, prefs FROM users WHERE id = 1) v) AS b FROM (SELECT id, name FROM users ORDER BY id) u;
-- case: a table's row
SELECT u.id, row_to_json(u) AS j FROM users u ORDER BY u.id;
-- case: to_json of a row with renamed columns
SELECT to_json(r) AS j FROM (SELECT id AS user_id, upper(email) AS mail, balance * 2 AS doubled FROM users) r ORDER BY r.user_id;
-- case: json_agg grouped
SELECT active, json_agg(u ORDER BY u.id) AS users FROM (SELECT id, email, active FROM users) u GROUP BY active ORDER BY active NULLS LAST;
-- case: a subquery with a star
SELECT row_to_json(u) FROM (SELECT * FROM users) u;
-- case: a scalar subquery of a JSON value
SELECT (SELECT jsonb_build_object('n', count(*)) FROM users) AS counts, (SELECT prefs FROM users WHERE id = 1) AS prefs;
