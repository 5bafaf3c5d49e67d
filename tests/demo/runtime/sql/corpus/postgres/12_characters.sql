-- setup
CREATE TABLE codes (
  id integer PRIMARY KEY,
  code char(4),
  flag char,
  label varchar(10),
  note text
);
INSERT INTO codes VALUES
  (1, 'zz', 'a', 'zz', 'zz'),
  (2, 'ab  ', 'b', 'ab  ', 'ab  '),
  (3, NULL, NULL, NULL, NULL),
  (4, 'abcd      ', ' ', 'abcd', 'abcd ');
CREATE TABLE short_codes (id integer, code char(2), note text);
-- probe
SELECT * FROM codes ORDER BY id;
-- case: char(n) values come back padded to n, also through * and RETURNING
SELECT id, code, flag FROM codes ORDER BY id;
-- case: length and char_length ignore the padding
SELECT code, length(code) AS n, char_length(code) AS m FROM codes ORDER BY id;
-- case: equality with a literal ignores trailing spaces on both sides
SELECT id FROM codes WHERE code = 'zz  ' OR code = 'ab' ORDER BY id;
-- case: comparison with a text column reads the char value as text
SELECT id, code = note AS same FROM codes ORDER BY id;
-- case: comparison with a varchar column ignores trailing spaces
SELECT id, code = label AS same, label = code AS same2 FROM codes ORDER BY id;
-- case: ordering, grouping and distinct ignore trailing spaces
SELECT code, count(*) AS n FROM codes GROUP BY code ORDER BY code;
-- case: distinct char values
SELECT DISTINCT code FROM codes ORDER BY code DESC;
-- case: || and casts to text or varchar drop the padding
SELECT code || '|' AS a, code::text AS t, code::varchar AS v, upper(code) AS u FROM codes ORDER BY id;
-- case: LIKE and regular expressions read the padded value
SELECT id, code LIKE 'zz' AS exact, code LIKE 'zz%' AS prefix, code ~ 'z $' AS re FROM codes ORDER BY id;
-- case: concat and format read the padded value
SELECT concat(code, '|') AS c, concat_ws('-', code, note) AS w, format('[%s]', code) AS f FROM codes ORDER BY id;
-- case: explicit casts to char(n) pad and cut
SELECT 'ab'::char(4) AS a, 'abcdef'::char(4) AS b, 'ab'::char AS c, CAST('xy' AS character(3)) AS d, 'ab  '::char(4) || '|' AS e;
-- case: a char column cast to a narrower or wider char
SELECT code::char(2) AS a, code::char(6) AS b FROM codes ORDER BY id;
-- case: insert of a value longer than n fails
INSERT INTO codes VALUES (5, 'abcde', 'a', 'a', 'a');
-- case: insert of a value longer than n by spaces only is cut
INSERT INTO codes VALUES (5, 'abcd   ', 'x  ', 'a', 'a') RETURNING code, flag, length(code) AS n;
-- case: char without a length is char(1)
INSERT INTO codes (id, flag) VALUES (5, 'ab');
-- case: insert of a number into a char column
INSERT INTO codes (id, code) VALUES (5, 1234), (6, 12) RETURNING code;
-- case: insert of a number too long for a char column
INSERT INTO codes (id, code) VALUES (5, 12345);
-- case: update pads the new value and checks its length
UPDATE codes SET code = 'q' WHERE id = 1 RETURNING *;
-- case: update with a value too long fails and changes nothing
UPDATE codes SET code = note || 'xyz' WHERE id = 1;
-- case: update from a text column cuts its trailing spaces
UPDATE codes SET code = note WHERE id = 4 RETURNING code, length(code) AS n;
-- case: a char value assigned to text and varchar columns loses its padding
UPDATE codes SET note = code, label = code || '|' WHERE id <> 3 RETURNING note, label, length(note) AS n;
-- case: insert select from another table checks each value
INSERT INTO short_codes (id, code) SELECT id, code FROM codes WHERE id <> 4 RETURNING code;
-- case: insert select of a value too long fails
INSERT INTO short_codes (id, code) SELECT id, code FROM codes;
-- case: insert on conflict update writes the checked value
INSERT INTO codes (id, code) VALUES (1, 'x ') ON CONFLICT (id) DO UPDATE SET code = excluded.code RETURNING code;
-- case: a COALESCE of a char column cast to text (the way round a refusal names)
SELECT coalesce(code::text, 'q') AS c, CASE WHEN id = 1 THEN code::text ELSE note END AS d FROM codes ORDER BY id;
-- case: count and string_agg of distinct char values ignore the padding
SELECT count(DISTINCT code) AS n, string_agg(DISTINCT code, ',' ORDER BY code) AS s FROM codes;
-- case: max and min of a char column are padded
SELECT max(code) AS hi, min(code) AS lo, string_agg(code, ',' ORDER BY id) AS s FROM codes;
-- case: a char column read through a subquery or a WITH query stays padded
WITH w AS (SELECT id, code FROM codes) SELECT s.code, w.code AS c2 FROM (SELECT id, code FROM codes) s JOIN w USING (id) ORDER BY s.id;
-- case: delete matching a literal with trailing spaces
DELETE FROM codes WHERE code = 'zz   ' RETURNING id;
-- case: IN list and BETWEEN of char values
SELECT id FROM codes WHERE code IN ('zz  ', 'ab') OR code BETWEEN 'abc ' AND 'abcd' ORDER BY id;
-- case: a char column's default is padded
CREATE TABLE defaults (id integer, k char(3) DEFAULT 'a  '); INSERT INTO defaults (id) VALUES (1); INSERT INTO defaults VALUES (2, 'bb'); SELECT * FROM defaults ORDER BY id;
-- case: a char column added by ALTER TABLE is padded and checked
ALTER TABLE short_codes ADD COLUMN tag char(3) DEFAULT 'q'; INSERT INTO short_codes (id, code) VALUES (1, 'a'); UPDATE short_codes SET tag = 'z ' WHERE id = 1; SELECT * FROM short_codes;
-- case: a value too long for a char column added by ALTER TABLE
ALTER TABLE short_codes ADD COLUMN tag char(3); INSERT INTO short_codes (id, tag) VALUES (1, 'abcd');
-- case: a varchar(n) value longer than n fails
INSERT INTO codes (id, label) VALUES (5, 'abcdefghijk');
-- case: a varchar(n) value longer than n by spaces only is cut to n, shorter ones keep theirs
INSERT INTO codes (id, label) VALUES (5, 'abcdefghij    '), (6, 'ab  ') RETURNING label, length(label) AS n;
-- case: national strings (N'...') written into char, varchar and text columns lose their trailing spaces
INSERT INTO codes (id, code, label, note) VALUES (5, N'ab  ', N'xy  ', N'pq  '), (6, N'q', N'abcdefghij   ', N'r') RETURNING code, label, length(label) AS n, note, length(note) AS m;
-- case: a national string too long for a varchar(n) column fails
INSERT INTO codes (id, label) VALUES (5, N'abcdefghijk');
-- case: an update writes a national string without its trailing spaces
UPDATE codes SET note = N'set  ' WHERE id = 1 RETURNING note, length(note) AS n;
-- case: a national string written into an integer column fails (no cast from character)
INSERT INTO codes (id) VALUES (N'7');
-- case: a national string read as an expression is refused (its type is character)
SELECT N'ab  ' || 'z' AS cat, length(N'ab  ') AS n;
-- case: an update making a varchar(n) value too long fails
UPDATE codes SET label = label || 'abcdefgh' WHERE id = 1;
-- case: insert select into a varchar(n) column checks each value
INSERT INTO codes (id, label) SELECT id + 10, note || '      ' FROM codes RETURNING label, length(label) AS n;
-- case: casts to varchar(n) cut silently
SELECT 'abcdef'::varchar(3) AS a, 'ab  '::varchar(3) AS b, code::varchar(1) AS c, note::varchar(2) AS d FROM codes ORDER BY id;
-- case: a varchar(n) column added by ALTER TABLE cuts excess spaces
ALTER TABLE short_codes ADD COLUMN label varchar(3); INSERT INTO short_codes (id, label) VALUES (1, 'ab    ') RETURNING label, length(label) AS n;
-- case: a char column in information_schema and pg_typeof
SELECT column_name, data_type, udt_name FROM information_schema.columns WHERE table_name = 'codes' ORDER BY ordinal_position;
