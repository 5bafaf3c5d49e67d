-- setup
CREATE TABLE prices (
  id integer PRIMARY KEY,
  amount numeric(8,2) NOT NULL,
  weight real,
  ratio double precision,
  stock smallint NOT NULL,
  views bigint NOT NULL
);
INSERT INTO prices VALUES
  (1, 19.99, 1.5, 0.25, 10, 1000000),
  (2, 5.00, NULL, 1.0 / 3, 0, 9007199254740993),
  (3, 0.10, 2.25, -2.5, -3, 7);
-- probe
SELECT id, amount, stock, views FROM prices ORDER BY id;
-- case: integer division
SELECT 7 / 2 AS q;
-- case: negative integer division
SELECT -7 / 2 AS q;
-- case: integer division of columns
SELECT stock / 4 AS q FROM prices ORDER BY id;
-- case: modulo
SELECT 7 % 3 AS m, -7 % 3 AS n;
-- case: numeric division
SELECT 7.0 / 2 AS q;
-- case: long and tiny numerics
SELECT 0.0000000005::numeric(12,10) AS tiny, 12345678901234567890123456789012.345::numeric(38,3) AS big, 12345678901234567890.12::numeric(22,2) / 3 AS q;
-- case: numeric division scales
SELECT 1.0 / 3 AS a, 10000.0 / 10000 AS b, 0.0001 / 7 AS c, 100000.0 / 3 AS d, -7.5 / 2 AS e;
-- case: numeric literal arithmetic
SELECT 0.1 + 0.2 AS s;
-- case: division by zero
SELECT 1 / 0 AS boom;
-- case: numeric division by zero
SELECT 1.5 / 0 AS boom;
-- case: modulo by zero
SELECT 5 % 0 AS boom;
-- case: float division by zero
SELECT 1.0::float8 / 0 AS boom;
-- case: numeric column
SELECT amount FROM prices ORDER BY id;
-- case: numeric times integer
SELECT amount * stock AS total FROM prices ORDER BY id;
-- case: real column
SELECT weight FROM prices ORDER BY id;
-- case: double column
SELECT ratio FROM prices ORDER BY id;
-- case: smallint column
SELECT stock FROM prices ORDER BY id;
-- case: bigint column
SELECT views FROM prices ORDER BY id;
-- case: bigint arithmetic
SELECT views + 1 AS v FROM prices WHERE id = 1;
-- case: sum of bigint
SELECT sum(views) AS s FROM prices WHERE id <> 2;
-- case: sum of smallint
SELECT sum(stock) AS s FROM prices;
-- case: cast text to int
SELECT '42'::int AS i, '42'::bigint AS b, '4'::smallint AS s;
-- case: cast to numeric with scale
SELECT 3.14159::numeric(5,2) AS n;
-- case: cast float to int rounds
SELECT 2.5::int AS a, 3.5::int AS b, (-2.5)::int AS c;
-- case: cast numeric to int
SELECT 2.5::numeric::int AS a;
-- case: round
SELECT round(2.5) AS a, round(3.14159, 3) AS b, round(-2.5) AS c;
-- case: round double
SELECT round(2.5::float8) AS a;
-- case: ceil floor
SELECT ceil(1.2) AS c, floor(-1.2) AS f;
-- case: abs sign
SELECT abs(-5) AS a, sign(-2.5) AS s;
-- case: power sqrt
SELECT power(2, 10) AS p, sqrt(16) AS s;
-- case: trunc
SELECT trunc(2.789, 1) AS t;
-- case: greatest least
SELECT greatest(1, 5, 3) AS g, least(2.5, 1.5) AS l;
-- case: bad integer cast
SELECT 'abc'::int AS i;
-- case: integer overflow
SELECT 2147483647 + 1 AS o;
-- case: bigint literal
SELECT 5000000000 AS big;
-- case: numeric literal type
SELECT 1.50 AS n;
-- case: float literal
SELECT 1.5e3 AS f;
-- case: exponent literals
SELECT 1.5E-3 AS a, -3.25e1 AS b, 2e2 AS c;
-- case: literal cast to bare numeric
SELECT 1.5::numeric AS a, '2.250'::numeric AS b, 5::numeric AS c;
-- case: boolean cast
SELECT 'yes'::boolean AS a, 't'::boolean AS b, 0::boolean AS c;
-- case: numeric comparison
SELECT id FROM prices WHERE amount > 5 ORDER BY id;
-- case: random in range
SELECT random() BETWEEN 0 AND 1 AS ok;
-- case: integer division in expression with alias order
SELECT id, views / 1000 AS k FROM prices ORDER BY k;
-- case: count divided
SELECT count(*) / 2 AS half FROM prices;
-- case: numeric to text
SELECT amount::text AS t FROM prices ORDER BY id;
-- case: double to text
SELECT (0.1::float8 + 0.2)::text AS t;
-- case: division of numeric columns
SELECT amount / 3 AS third FROM prices WHERE id = 1;
-- case: numeric column divided by numeric
SELECT id, amount / 7.5 AS q, round(amount / 3, 1) AS r FROM prices ORDER BY id;
-- case: exponent operator
SELECT 2 ^ 3 AS e;
-- case: bitwise
SELECT 5 & 3 AS a, 5 | 3 AS o, 1 << 4 AS s;
-- case: population variance of one infinite or NaN value
SELECT var_pop('inf'::float8) AS a, stddev_pop('nan'::float8) AS b, var_pop(1.0::float8) AS c, var_samp('inf'::float8) AS d;
-- case: population variance over a window and with FILTER, an infinite value among them
SELECT x, var_pop(x) OVER () AS everyone, stddev_pop(x) OVER (ORDER BY x ROWS BETWEEN CURRENT ROW AND CURRENT ROW) AS alone, var_pop(x) FILTER (WHERE x > 1) OVER () AS over_one FROM (VALUES (1.0::float8), (2), ('inf')) AS v(x) ORDER BY x;
-- case: a constant division by zero in a CASE branch no row takes
SELECT CASE WHEN x > 100 THEN 1/0 ELSE 0 END AS c FROM (VALUES (1), (2)) AS v(x);
-- case: a constant division by zero in CASE arms constant folding drops
SELECT CASE WHEN 1=0 THEN 1/0 WHEN 1=1 THEN 1 ELSE 2/0 END AS a, CASE 1 WHEN 0 THEN 1/0 WHEN 1 THEN 1 ELSE 2/0 END AS b;
-- case: avg of a smallint column whose name another table gives another type
CREATE TABLE stock_notes (stock text); SELECT avg(stock) AS a, sum(stock) AS s FROM prices;
-- case: float8 NaN divided by zero is NaN, another float8 divided by zero fails
SELECT 'nan'::float8 / '0'::float8 AS q, ('nan'::float8 / 0) IS NULL AS is_null,
  (SELECT count(*) FROM prices WHERE ratio / 0 > 0) AS fails;
-- case: float8 NaN divided by zero is NaN
SELECT 'nan'::float8 / '0'::float8 AS q, ('nan'::float8 / 0) IS NULL AS is_null;
-- case: avg of a numeric and an integer column in a group of NULLs is NULL, not a division by zero
SELECT g, avg(amount) AS a, avg(stock) AS s FROM (SELECT id % 2 AS g, CASE WHEN id % 2 = 0 THEN NULL ELSE amount END AS amount, CASE WHEN id % 2 = 0 THEN NULL ELSE stock END AS stock FROM prices) p GROUP BY g ORDER BY g;
-- case: avg of a numeric column over a window of NULLs is NULL
SELECT id, avg(CASE WHEN id = 2 THEN NULL ELSE amount END) OVER (PARTITION BY id = 2) AS a FROM prices ORDER BY id;
-- case: coalesce of a numeric sum with 0 keeps each value's own scale
SELECT g, coalesce(sum(amount) FILTER (WHERE id > 1), 0) AS s FROM (SELECT id, amount, id % 2 AS g FROM prices) p GROUP BY g ORDER BY g;
-- case: coalesce of a numeric column with a literal, ordered by its value
SELECT id, coalesce(CASE WHEN id = 1 THEN NULL ELSE amount END, 0.5) AS a, coalesce(amount, 0) AS b FROM prices ORDER BY b;
-- case: greatest and least of integers and decimals keep the chosen value's own scale
SELECT greatest(1, 2.5, 3) AS g, least(4, 2.50, 3) AS l, greatest(1.0, 1) AS first_of_ties, least(1, 1.0) AS other_first;
-- case: greatest and least of a numeric column with an integer keep each value's scale
SELECT id, greatest(amount, 5) AS g, least(amount, stock) AS l FROM prices ORDER BY id;
-- case: CASE choosing a numeric column or 0, ordered by its value
SELECT id, CASE WHEN stock > 0 THEN amount ELSE 0 END AS c FROM prices ORDER BY c, id;
-- case: lead and lag with a default keep the default's own scale
SELECT id, lead(amount, 1, 0) OVER (ORDER BY id) AS next, lag(amount, 1, 0.5) OVER (ORDER BY id) AS prev, lag(stock, 1, 2.5) OVER (ORDER BY id) AS s FROM prices ORDER BY id;
-- case: a choice between scales compared, sorted on or rounded answers as before
SELECT id, round(coalesce(CASE WHEN id = 2 THEN NULL ELSE amount END, 0), 1) AS r FROM prices WHERE greatest(amount, 1) > 1 ORDER BY least(amount, stock), id;
-- case: a choice between scales over grouped columns keeps each value's scale
SELECT stock, coalesce(amount, 0) AS a, count(*) AS n FROM prices GROUP BY stock, amount ORDER BY stock;
-- case: NULL divided by zero is NULL (the CASE guard against a zero divisor)
SELECT id, CASE WHEN stock = 0 THEN NULL ELSE amount END / stock AS per_unit, CASE WHEN stock = 0 THEN NULL ELSE id END / stock AS q, CASE WHEN stock = 0 THEN NULL ELSE id END % stock AS r FROM prices ORDER BY id;
-- case: NULLIF of an integer and a numeric is numeric, and divides as numeric
SELECT id, nullif(stock, 2.5) AS n, nullif(stock, 0) / 4 AS q, nullif(stock, 0.5) / 4 AS d FROM prices ORDER BY id;
-- case: integer division of a WITH query's column (DuckDB decides the operands' types)
WITH w AS (SELECT 7 AS x, -7 AS y) SELECT x / 2 AS a, y / 2 AS b, x / y AS c FROM w;
-- case: integer division of a VALUES list's and a subquery's columns
SELECT v.x / 2 AS a, s.n / 3 AS b FROM (VALUES (9), (-9)) v(x), (SELECT count(*) AS n FROM prices) s ORDER BY v.x;
-- case: integer division over generate_series
SELECT g, g / 2 AS half FROM generate_series(1, 4) g ORDER BY g;
-- case: bigint and smallint division of a subquery's columns
SELECT v / 2 AS b, s / 2::smallint AS s FROM (SELECT views AS v, stock AS s FROM prices) q ORDER BY 1;
-- case: float quotients of a VALUES list stay doubles
SELECT avg(x) AS a, max(x) / 2 AS h FROM (VALUES (1.5::float8), (2.5::float8)) v(x);
-- case: avg of a VALUES list's values cast to their type
SELECT avg(x::integer) AS a FROM (VALUES (1), (2)) v(x);
-- case: round of a float column rounds half to even, an integer's is a float8
SELECT id, round(ratio * 10) AS r, round(weight) AS w, round(stock) AS s, round(7) AS seven FROM prices ORDER BY id;
-- case: round of halves as float8, real and numeric
SELECT round(2.5::float8) AS a, round(3.5::float8) AS b, round(-2.5::float8) AS c, round(2.5::real) AS d, round(2.5) AS e, round(-2.5) AS f;
-- case: round of an integer to places is numeric
SELECT round(7, 2) AS a, round(-7::smallint, 1) AS b, round(1234, -2) AS c, round(stock, 1) AS d FROM prices ORDER BY id;
-- case: round of a float to places does not exist
SELECT round(ratio, 2) FROM prices;
-- case: trunc of an integer is a float8, of an integer to places a numeric
SELECT id, trunc(id) AS a, trunc(views) AS b, trunc(7) AS c, trunc(stock, 1) AS d, trunc(1234, -2) AS e, trunc(amount) AS f, trunc(amount, 1) AS g FROM prices ORDER BY id;
-- case: trunc of a float, and of a float to places, which does not exist
SELECT trunc(ratio * 10) AS t FROM prices ORDER BY id; SELECT trunc(ratio, 2) FROM prices;
-- case: trunc of a WITH query's integer product
WITH w AS (SELECT id * 3 AS y FROM prices) SELECT trunc(y) AS t, trunc(y, 1) AS u FROM w ORDER BY 1;
-- case: variance of a VALUES list's floats
SELECT stddev(x) AS s, var_pop(x) AS v FROM (VALUES (1::float8), (2::float8), (4::float8)) v(x);
-- case: sign is a float8 of a float or an integer, a numeric of a numeric
SELECT id, sign(ratio) AS r, sign(stock) AS s, sign(amount) AS a, sign(-3) AS c FROM prices ORDER BY id;
-- case: transcendental functions of integers and floats are float8
SELECT sqrt(4) AS a, sqrt(ratio + 3) AS b, power(2, 3) AS c, 2 ^ 10 AS d, log10(1000) AS e, log(100) AS f, ln(ratio + 3) AS g, exp(1) AS h, cbrt(27) AS i FROM prices ORDER BY id;
-- case: avg and integer division of a generate_series column
SELECT avg(g) AS a, sum(g) / 2 AS h FROM generate_series(1, 10) g;
-- case: avg of a VALUES list's integers is numeric
SELECT avg(x) AS a, sum(x) AS s FROM (VALUES (1), (2), (4)) v(x);
-- case: sum of a subquery's counts is numeric, as sum of bigints
SELECT sum(n) AS s FROM (SELECT count(*) AS n FROM prices GROUP BY stock > 0) c;
-- case: a subquery's smallint and bigint columns keep their types
SELECT s / 2 AS a, v / 3 AS b, sum(v) AS c FROM (SELECT stock AS s, views AS v FROM prices) q GROUP BY s, v ORDER BY s;
-- case: a WITH query's column list names its typed columns
WITH w(n, k) AS (SELECT count(*), 5 FROM prices) SELECT sum(n) AS s, k / 2 AS h, avg(k) AS a FROM w GROUP BY k;
-- case: a subquery's column passed through keeps its table's type
SELECT amount / 2 AS h, avg(amount) AS a FROM (SELECT amount FROM prices) p GROUP BY amount ORDER BY amount;
-- case: gcd and lcm of int4 values are int4, of a bigint int8; factorial is numeric
SELECT id, gcd(id, 6) AS g, lcm(stock, 4) AS l, gcd(views, 10) AS gv, factorial(id + 4) AS f FROM prices ORDER BY id;
-- case: pg_size_pretty of bigints in Postgres' units, half-rounded
SELECT id, pg_size_pretty(views) AS v, pg_size_pretty(views / 7) AS k, pg_size_pretty(11170334::bigint * id) AS m, pg_size_pretty(-views) AS n, pg_size_pretty(sum(views) OVER ()) AS total FROM prices ORDER BY id;
-- case: pg_size_pretty of an int4 or int2 value is not unique
SELECT pg_size_pretty(stock) AS s FROM prices;
-- case: pg_size_pretty of a numeric with a fraction is refused
SELECT pg_size_pretty(amount) AS a FROM prices ORDER BY id;
-- case: a smallint times an integer constant is int4 arithmetic, as in Postgres
SELECT id, stock * 86400 AS secs, stock * 1000 * 1000 AS m, 86400 * stock AS r, stock + 32767 AS a, -1000 * stock AS n, (stock + stock) * 2000 AS e, stock::int2 * 20000 AS c FROM prices ORDER BY id;
-- case: a sum of a smallint times a constant
SELECT sum(stock * 10000) AS s, avg(stock * 2) AS a FROM prices;
-- case: a smallint times smallints stays smallint arithmetic and overflows as in Postgres
SELECT stock * stock * stock * stock * stock AS p FROM prices ORDER BY id;
-- case: a choice between a smallint and an integer constant is int4, as in Postgres
SELECT id, greatest(stock, 1) AS g, least(stock, 100) AS l, coalesce(stock, 0) AS c, CASE WHEN stock > 5 THEN stock ELSE 0 END AS k, greatest(stock, stock) AS s FROM prices ORDER BY id;
-- case: trunc() of an avg() to places is numeric, as round() of one is (DuckDB's avg is a double)
SELECT trunc(avg(amount), 3) AS t, trunc(avg(amount)) AS t0, trunc(avg(amount), -1) AS tn, round(avg(amount), 2) AS r, trunc(avg(stock), 2) AS s FROM prices;
-- case: trunc() of a numeric quotient to places
SELECT trunc(sum(amount) / 3, 4) AS t, trunc(-7.0 / 3, 1) AS n FROM prices;
