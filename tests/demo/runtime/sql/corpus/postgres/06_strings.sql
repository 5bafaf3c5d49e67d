-- setup
CREATE TABLE people (
  id integer PRIMARY KEY,
  first_name varchar(40) NOT NULL,
  last_name varchar(40) NOT NULL,
  email text,
  phone char(8)
);
INSERT INTO people VALUES
  (1, 'Ada', 'Lovelace', 'Ada@Example.com', '555-0100'),
  (2, 'Grace', 'Hopper', NULL, '555-0199'),
  (3, '  Linus ', 'Torvalds', 'linus@kernel.org', NULL);
-- probe
SELECT id, first_name, last_name, email FROM people ORDER BY id;
-- case: concatenation
SELECT first_name || ' ' || last_name AS full_name FROM people ORDER BY id;
-- case: concat with null
SELECT concat(first_name, ' ', email) AS c FROM people ORDER BY id;
-- case: concat_ws
SELECT concat_ws('-', 'a', NULL, 'b') AS c;
-- case: varchar column
SELECT first_name FROM people WHERE id = 1;
-- case: upper lower
SELECT upper(last_name) AS u, lower(email) AS l FROM people ORDER BY id;
-- case: length
SELECT length(last_name) AS n, char_length(first_name) AS m FROM people ORDER BY id;
-- case: trim
SELECT trim(first_name) AS t, ltrim('  x') AS l, rtrim('x  ') AS r FROM people WHERE id = 3;
-- case: substring
SELECT substring(last_name FROM 1 FOR 3) AS s, substr(last_name, 2) AS t FROM people ORDER BY id;
-- case: position
SELECT position('@' IN email) AS at FROM people ORDER BY id;
-- case: replace
SELECT replace(email, '.com', '.org') AS e FROM people WHERE id = 1;
-- case: left right
SELECT left(last_name, 2) AS l, right(last_name, 2) AS r FROM people WHERE id = 2;
-- case: lpad rpad
SELECT lpad(id::text, 4, '0') AS padded, rpad('x', 3, '.') AS r FROM people ORDER BY id;
-- case: split_part
SELECT split_part(email, '@', 2) AS domain FROM people WHERE email IS NOT NULL ORDER BY id;
-- case: initcap
SELECT initcap('hello world') AS s;
-- case: reverse repeat
SELECT reverse('abc') AS r, repeat('ab', 3) AS rr;
-- case: starts_with
SELECT starts_with(last_name, 'Ho') AS s FROM people ORDER BY id;
-- case: regex match operator
SELECT id FROM people WHERE email ~ '^[a-z]+@' ORDER BY id;
-- case: regex case-insensitive match
SELECT id FROM people WHERE email ~* '^ada@' ORDER BY id;
-- case: regex not match
SELECT id FROM people WHERE last_name !~ 'o' ORDER BY id;
-- case: regexp_replace
SELECT regexp_replace(phone, '[0-9]', '#') AS once, regexp_replace(phone, '[0-9]', '#', 'g') AS every FROM people WHERE id = 1;
-- case: regexp_matches
SELECT regexp_matches('abc123', '[0-9]+') AS m;
-- case: regexp_matches global with groups
SELECT regexp_matches('a1b22c', '([a-z])([0-9]*)', 'g') AS m;
-- case: regexp_matches one row per matching row
SELECT id, regexp_matches(last_name, '([a-z])([a-z])$') AS m FROM people ORDER BY id;
-- case: regexp_matches alternatives inside a group
SELECT regexp_matches('x-b7 a8', '(?:x|-)(a|b)([0-9])', 'g') AS m;
-- case: regexp_matches case-insensitive global
SELECT regexp_matches('ABcab', 'b', 'ig') AS m;
-- case: similar to
SELECT 'abc' SIMILAR TO 'a%' AS s;
-- case: like escape
SELECT 'a_c' LIKE 'a\_c' AS esc;
-- case: format
SELECT format('%s has %s', first_name, id) AS s FROM people WHERE id = 1;
-- case: md5
SELECT md5('hello') AS h;
-- case: ascii chr
SELECT ascii('A') AS a, chr(66) AS b;
-- case: string comparison
SELECT last_name FROM people WHERE last_name > 'Ho' ORDER BY last_name;
-- case: coalesce email
SELECT coalesce(email, '(none)') AS e FROM people ORDER BY id;
-- case: char column padding
SELECT phone, length(phone) AS n FROM people WHERE id = 1;
-- case: text cast of integer
SELECT id::text || '#' AS tag FROM people ORDER BY id;
-- case: quote_ident and quote_literal
SELECT quote_ident('my col') AS i, quote_literal('it''s') AS l;
-- case: quote_ident and quote_literal of values
SELECT x, quote_ident(x) AS i, quote_literal(x) AS l FROM (VALUES (1, 'a$b'), (2, 'select'), (3, 'name'), (4, E'a\\b''c'), (5, NULL), (6, 'Ab'), (7, '')) v(n, x) ORDER BY n;
-- case: translate
SELECT translate('12-34', '-', '/') AS t;
-- case: string_agg
SELECT string_agg(last_name, ';' ORDER BY id) AS names FROM people;
-- case: gen_random_uuid shape
SELECT length(gen_random_uuid()::text) AS n;
-- case: uuid literal
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid AS u;
-- case: bytea hex input in an escape string, with spaces between pairs
SELECT E'\\xDeAdBeEf'::bytea AS a, E'\\x De Ad Be Ef '::bytea AS b, '\x'::bytea AS c;
-- case: bytea hex input with an odd number of digits
SELECT E'\\xDeAdBeE'::bytea AS a;
-- case: bytea hex input with a digit that is not hex
SELECT E'\\xDeAdBeEg'::bytea AS a;
-- case: || between two numbers
SELECT 3 || 4.0 AS a;
-- case: || between two integers
SELECT 3 || -4 AS a;
-- case: || between a number and a string
SELECT 3 || 'b' AS a, 'a' || 4.5 AS b;
-- case: varchar columns read through a subquery stay varchar
SELECT first_name, upper(last_name) AS up FROM (SELECT * FROM people) AS s ORDER BY id;
-- case: COALESCE, CASE and GREATEST of varchar columns and literals are varchar
SELECT coalesce(first_name, 'x'), CASE WHEN id = 1 THEN last_name ELSE 'other' END AS l, greatest(first_name, last_name) AS g, coalesce(first_name, email) AS fe, coalesce(email, first_name) AS ef FROM people ORDER BY id;
-- case: to_number with a format is refused (its format would be dropped)
SELECT to_number('12,345.6', '99G999D9') AS n;
