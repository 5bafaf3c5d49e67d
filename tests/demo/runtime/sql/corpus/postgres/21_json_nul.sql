-- The character 0 in JSON (json_encoding.sql, PostgreSQL 17, judged by PGlite): Postgres'
-- text cannot hold it, so jsonb refuses `\u0000` and `->>` refuses to take it out of a
-- json string; json keeps it as text. When written, both refusals answered.
-- setup
CREATE TABLE doc (id int, body json);
INSERT INTO doc VALUES (1, '{"a": "null \u0000 escape", "b": "plain"}');
-- probe
SELECT count(*) AS doc FROM doc;
-- case: jsonb refuses the escape
SELECT '"\u0000"'::jsonb;
-- case: text taken out of a json string refuses it
SELECT body ->> 'a' AS a FROM doc;
-- case: a literal's text taken out
SELECT json '{ "a": "null \u0000 escape" }' ->> 'a' AS fails;
-- case: text of another member of such a document is refused too
SELECT body ->> 'b' AS b FROM doc;
-- case: an escaped backslash before u0000 is no escape
SELECT '{"a": "x\\u0000"}'::jsonb ->> 'a' AS a;
-- case: json of the other member
SELECT body -> 'b' AS b FROM doc;
-- case: json of the member holding it
SELECT body -> 'a' AS a FROM doc;
-- case: a path to the other member as text
SELECT body #>> '{b}' AS b FROM doc;
