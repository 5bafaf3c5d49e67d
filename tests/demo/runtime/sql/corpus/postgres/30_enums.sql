-- Enum types (CREATE TYPE ... AS ENUM), as applications declare a status or a mood:
-- Postgres reads a string literal beside an enum value as a label of that enum, so
-- `feel > 'sad'` follows the order CREATE TYPE gave, `max()`/ORDER BY follow it too, and
-- a word that is not a label fails `invalid input value for enum`; an enum compared with
-- text is refused. DuckDB compared an enum with a string as text (alphabetically; a
-- misspelled label matched nothing) and answered comparisons with text
-- (transforms/enum_literals.py). An array of enum values comes back in Postgres' text
-- form, as node-postgres gives an array of a type it does not know. Written after a
-- probe against PGlite found those silent answers.
-- setup
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE people (id int PRIMARY KEY, name text, feel mood, other mood);
INSERT INTO people VALUES (1, 'ann', 'happy', 'sad'), (2, 'bob', 'sad', 'sad'), (3, 'cy', 'ok', NULL), (4, 'dee', NULL, 'happy');
-- probe
SELECT id, name, feel FROM people ORDER BY id;
-- case: cast invalid label
SELECT 'zzz'::mood AS m;
-- case: compare greater
SELECT name FROM people WHERE feel > 'sad' ORDER BY name;
-- case: compare reversed
SELECT name FROM people WHERE 'ok' <= feel ORDER BY name;
-- case: equal invalid
SELECT name FROM people WHERE feel = 'zzz';
-- case: between
SELECT name FROM people WHERE feel BETWEEN 'sad' AND 'ok' ORDER BY name;
-- case: in list
SELECT name FROM people WHERE feel IN ('sad', 'happy') ORDER BY name;
-- case: in list invalid
SELECT name FROM people WHERE feel IN ('sad', 'meh') ORDER BY name;
-- case: two columns
SELECT name FROM people WHERE feel > other ORDER BY name;
-- case: order by
SELECT name, feel FROM people ORDER BY feel, name;
-- case: max min
SELECT max(feel) AS mx, min(feel) AS mn FROM people;
-- case: greatest
SELECT name, greatest(feel, 'ok') AS g FROM people ORDER BY name;
-- case: case when
SELECT name, CASE WHEN feel >= 'ok' THEN 'good' ELSE 'bad' END AS v FROM people ORDER BY name;
-- case: update where
UPDATE people SET feel = 'ok' WHERE feel < 'happy' RETURNING name, feel;
-- case: insert invalid
INSERT INTO people VALUES (5, 'e', 'meh', NULL);
-- case: text cast compare
SELECT name FROM people WHERE feel::text > 'ok' ORDER BY name;
-- case: coalesce
SELECT name, coalesce(feel, 'ok') AS f FROM people ORDER BY name;
-- case: not equal
SELECT name FROM people WHERE feel <> 'sad' ORDER BY name;
-- case: like on enum
SELECT name FROM people WHERE feel::text LIKE 's%' ORDER BY name;
-- case: any array
SELECT name FROM people WHERE feel = ANY(ARRAY['sad', 'ok']::mood[]) ORDER BY name;
-- case: subquery compare
SELECT name FROM people WHERE feel > (SELECT feel FROM people WHERE id = 3) ORDER BY name;
-- case: cte enum compare
WITH w AS (SELECT name, feel FROM people) SELECT name FROM w WHERE feel > 'sad' ORDER BY name;
-- case: group by order
SELECT feel, count(*) AS n FROM people GROUP BY feel ORDER BY feel;
-- case: any of a text array
SELECT name FROM people WHERE feel = ANY(ARRAY['sad', 'ok']) ORDER BY name;
-- case: compare with a text column
SELECT p.name FROM people p, (SELECT 'ok'::text AS t) q WHERE p.feel > q.t ORDER BY 1;
-- case: simple case
SELECT name, CASE feel WHEN 'sad' THEN 1 WHEN 'happy' THEN 3 ELSE 2 END AS v FROM people ORDER BY name;
-- case: simple case invalid label
SELECT name, CASE feel WHEN 'meh' THEN 1 ELSE 2 END AS v FROM people ORDER BY name;
-- case: nullif
SELECT name, nullif(feel, 'sad') AS v FROM people ORDER BY name;
-- case: view compare
CREATE VIEW moods AS SELECT name, feel FROM people; SELECT name FROM moods WHERE feel >= 'ok' ORDER BY name;
-- case: string_agg ordered by enum
SELECT string_agg(name, ',' ORDER BY feel DESC) AS s FROM people;
-- case: enum label in a join condition
SELECT a.name, b.name AS other FROM people a JOIN people b ON a.feel < b.feel AND b.feel <= 'happy' ORDER BY 1, 2;
-- case: window order by enum
SELECT name, rank() OVER (ORDER BY feel) AS r FROM people ORDER BY name;
-- case: is distinct from label
SELECT name FROM people WHERE feel IS DISTINCT FROM 'sad' ORDER BY name;
-- case: enum text concatenation
SELECT name || ':' || feel AS s FROM people ORDER BY name;
-- case: enum cast to text compare
SELECT name FROM people WHERE feel::text < 'ok' ORDER BY name;
-- case: enum array column
CREATE TABLE days (moods mood[]); INSERT INTO days VALUES ('{sad,ok}'); SELECT moods FROM days;
-- case: enum_range of the type is the enum's array
SELECT enum_range(NULL::mood) AS r, enum_first(NULL::mood) AS f, enum_last(NULL::mood) AS l;
-- case: enum_range inside other calls
SELECT array_length(enum_range(NULL::mood), 1) AS n, 'ok'::mood = ANY(enum_range(NULL::mood)) AS b;
