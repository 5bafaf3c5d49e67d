-- Text and bytea calls whose DuckDB namesakes answer otherwise (transforms/string_calls.py):
-- to_hex() (DuckDB's upper-case, 64-bit), substring(s FROM pattern) (read as a start
-- position), string_to_array()'s empty string, NULL and empty delimiters and its third
-- argument, octet_length() of text and length() of bytea (DuckDB has each for the other
-- type only), encode()/decode() (sqlglot dropped the format: decode('aGk=', 'base64')
-- answered its own text), bit_length() and generate_subscripts() (int4), and an interval
-- divided (DuckDB's `//` has no interval form). Written after probes against PGlite found
-- those silent answers and refusals of calls Postgres has.
-- setup
CREATE TABLE t (id int PRIMARY KEY, s text, b bytea, i int, big bigint, small smallint);
INSERT INTO t VALUES (1, 'order-1234 shipped', '\x68656c6c6f', 255, 4294967296, -2), (2, 'no digits', '\x', -7, -1, 300), (3, NULL, NULL, NULL, NULL, NULL);
-- probe
SELECT id FROM t ORDER BY id;
-- case: to_hex of int4 values and literals
SELECT id, to_hex(i) AS h, to_hex(255) AS l, to_hex(-1) AS n FROM t ORDER BY id;
-- case: to_hex of bigint and smallint values
SELECT id, to_hex(big) AS b, to_hex(small) AS s, to_hex(5000000000) AS l FROM t ORDER BY id;
-- case: substring of a regex with a group
SELECT id, substring(s FROM '(\d+)') AS n, substring(s FROM '[a-z]+') AS w FROM t ORDER BY id;
-- case: substring of a regex as a function call
SELECT substring('abc123def', '[0-9]+') AS a, substring('abc', 'x') AS b, substring('key=value', '=(.*)$') AS c;
-- case: substring by position still
SELECT substring(s FROM 3 FOR 4) AS a, substring(s, 2) AS b FROM t ORDER BY id;
-- case: substring with an optional group refused
SELECT substring('abc', '(x)?abc') AS a;
-- case: string_to_array edge cases
SELECT string_to_array('', ',') AS a, string_to_array('a,b', '') AS b, string_to_array('abc', NULL) AS c, string_to_array('a,,b', ',') AS d, string_to_array(NULL, ',') AS e;
-- case: string_to_array with a null string
SELECT string_to_array('a,*,b', ',', '*') AS a, string_to_array('x y', ' ', NULL) AS b;
-- case: string_to_array of a column
SELECT id, string_to_array(s, ' ') AS w FROM t ORDER BY id;
-- case: octet_length and length of text and bytes
SELECT id, octet_length(s) AS o, length(b) AS l, octet_length(b) AS ob, length(s) AS ls FROM t ORDER BY id;
-- case: octet_length of multibyte text
SELECT octet_length('héllo') AS o, octet_length('日本'::text) AS j;
-- case: encode to base64 and hex
SELECT id, encode(b, 'base64') AS b64, encode(b, 'hex') AS hx FROM t ORDER BY id;
-- case: encode of a long value wraps lines
SELECT encode(decode(repeat('ab', 60), 'hex'), 'base64') AS b64;
-- case: decode base64 and hex
SELECT decode('aGk=', 'base64') AS a, decode('68 69', 'hex') AS b, decode('AbCd', 'hex') AS c;
-- case: decode a wrapped base64
SELECT length(decode(encode(decode(repeat('cd', 70), 'hex'), 'base64'), 'base64')) AS n;
-- case: encode of a text column refused
SELECT encode(s, 'base64') FROM t;
-- case: encode escape refused
SELECT encode(b, 'escape') FROM t;
-- case: bit_length is int4
SELECT bit_length('ab') AS b, bit_length(s) AS c FROM t ORDER BY id;
-- case: generate_subscripts is int4
SELECT generate_subscripts(ARRAY['a','b','c'], 1) AS s;
-- case: an interval divided is refused in the demo's words
SELECT interval '1 day' / 3 AS b;
-- case: an interval multiplied still answers
SELECT interval '1 hour' * 2.5 AS a, interval '1 month' * 2 AS c;
-- case: a call Postgres has for these arguments is never said not to exist
SELECT array_position(ARRAY['a', 'b'], 'b') AS p, length('abc'::text) AS l;
