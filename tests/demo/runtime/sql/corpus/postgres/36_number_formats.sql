-- to_char() of integers and numerics (number_format.py), refused as "not supported" until
-- 2026-11-29: digit places, the decimal point and group separators (also as D and G),
-- fill mode, the sign's forms (S before or after, MI, PR), rounding, overflow into `#`,
-- Postgres' own quirks (`  .50`, `1.`), its errors for a malformed format, and the demo's
-- refusal of a double precision value and of patterns it does not write. Formats as
-- reports and invoices write them; every answer is PGlite's.
-- setup
CREATE TABLE invoices (id int PRIMARY KEY, amount numeric(12,2), qty int, big bigint, rate numeric(8,4), f float8);
INSERT INTO invoices VALUES (1, 1234.5, 3, 9876543210, 0.0825, 1.5), (2, -0.5, -7, -1, 1.2345, 2.5), (3, 0, 0, 0, 0, 0), (4, 99999.99, 1000, 123456789012, -0.00005, -1), (5, NULL, NULL, NULL, NULL, NULL);
-- probe
SELECT id FROM invoices ORDER BY id;
-- case: money columns in fill mode with group separators
SELECT id, to_char(amount, 'FM999,999,990.00') AS a, to_char(amount, 'FM9G999G990D00') AS b FROM invoices ORDER BY id;
-- case: money columns padded
SELECT id, to_char(amount, '999,999.99') AS a, to_char(amount, '$999,990.00') AS b FROM invoices ORDER BY id;
-- case: integers and bigints
SELECT id, to_char(qty, '9999') AS q, to_char(qty, 'FM0000') AS z, to_char(big, '999,999,999,999') AS b FROM invoices ORDER BY id;
-- case: a rate as a percentage
SELECT id, to_char(rate * 100, 'FM990.00') || '%' AS pct, to_char(rate, '0.9999') AS r FROM invoices ORDER BY id;
-- case: the sign's forms
SELECT id, to_char(amount, 'S99999.99') AS s, to_char(amount, '99999.99S') AS t, to_char(amount, '99999.99MI') AS m, to_char(amount, '99999.99PR') AS p, to_char(amount, 'FM99999.99PR') AS f FROM invoices ORDER BY id;
-- case: rounding half away from zero
SELECT to_char(2.345, '9.99') AS a, to_char(-2.345, '9.99') AS b, to_char(0.005, '0.99') AS c, to_char(-0.004, '0.99') AS d, to_char(99.995, '999.99') AS e;
-- case: more digits than places
SELECT to_char(12345, '999') AS a, to_char(-12.3, '9.99') AS b, to_char(123.456, 'FM99.9') AS c, to_char(99999.99, '9,999.99') AS d;
-- case: Postgres' quirks around zero and fill mode
SELECT to_char(0.5, '9.99') AS a, to_char(0, '9.99') AS b, to_char(0, '999') AS c, to_char(1, 'FM9.99') AS d, to_char(0, 'FM9.99') AS e, to_char(0.1, 'FM9.99') AS f, to_char(1.5, 'FM9.00') AS g;
-- case: double-quoted text in the format
SELECT to_char(42, '"No. "999') AS a;
-- case: literal characters kept
SELECT to_char(42, '(999)') AS a, to_char(42.5, '999.9 kg') AS b, to_char(7, 'No. 000') AS c;
-- case: lower-case patterns
SELECT to_char(1234.5, 'fm9g999d99') AS a, to_char(-3, '999mi') AS b, to_char(-3, '999pr') AS c;
-- case: to_char in a report
SELECT qty > 0 AS positive, to_char(sum(amount), 'FM999,990.00') AS total FROM invoices GROUP BY 1 ORDER BY 1;
-- case: to_char of a sum and an average
SELECT to_char(sum(amount), 'FM999,999.00') AS total, to_char(avg(amount), 'FM999,999.00') AS average FROM invoices;
-- case: to_char's type and column name
SELECT pg_typeof(to_char(1, '9')) AS t, to_char(12, '99');
-- case: two decimal points
SELECT to_char(1.5, '9.9.9');
-- case: S twice
SELECT to_char(1, 'SS9');
-- case: a digit after PR
SELECT to_char(1, '9PR9');
-- case: S and MI together
SELECT to_char(1, 'S9MI');
-- case: a double precision value
SELECT to_char(f, '9.9') FROM invoices ORDER BY id;
-- case: a pattern the demo does not write
SELECT to_char(1234, '9.99EEEE');
-- case: roman numerals
SELECT to_char(12, 'RN');
