-- A numeric division inside another expression or clause, as reports write it: in WHERE
-- (`amount / qty = 1.005`), under ceil/floor, a cast to numeric(p, s), round() of a
-- subquery's column, a window's sum as divisor. DuckDB divided decimals as doubles, so
-- `(2.01 / 2)::numeric(10,2)` was 1.00 (Postgres: 1.01) and the WHERE missed a row; the
-- quotient is now Postgres' exact value (transforms/exact_quotients.py). Where its own
-- scale would show in a result (abs(), coalesce(), sum(), a CTE's column, ::text) the
-- demo refuses in its own words: DuckDB's double was answered there. Written after a
-- report probe over a sales table found these silent answers.
-- setup
CREATE TABLE sales (id int PRIMARY KEY, region text, amount numeric(10,2), qty int, cost numeric(10,2));
INSERT INTO sales VALUES (1, 'n', 10.50, 3, 7.25), (2, 'n', 20.00, 1, 12.10), (3, 's', 7.33, 7, 5.00),
  (4, 's', 99.99, 2, 80.01), (5, 'e', 0.10, 9, 0.03), (6, 'e', 2.01, 2, 1.00), (7, 'e', 10.05, 10, 0.29);
-- probe
SELECT count(*) AS n FROM sales;
-- case: a quotient compared in WHERE, exactly
SELECT id FROM sales WHERE amount / qty = 1.005 ORDER BY id;
-- case: a quotient compared in WHERE with a bound
SELECT id FROM sales WHERE amount / qty > 3.5 ORDER BY id;
-- case: a quotient times its divisor is the dividend again
SELECT id FROM sales WHERE amount / qty * qty = amount ORDER BY id;
-- case: a quotient cast to numeric(10,2) rounds half away from zero
SELECT id, (amount / qty)::numeric(10,2) AS unit FROM sales ORDER BY id;
-- case: a quotient of literals cast to a sized numeric
SELECT (2.01 / 2)::numeric(10,2) AS c, (1 / 3.0)::numeric(5,4) AS d, (-2.01 / 2)::numeric(10,2) AS e;
-- case: ceil and floor of a quotient
SELECT id, ceil(amount / qty) AS c, floor(amount / qty) AS f FROM sales ORDER BY id;
-- case: round of a quotient inside arithmetic
SELECT id, round((amount - cost) / amount, 3) * 100 AS margin FROM sales ORDER BY id;
-- case: round of a subquery's rounded quotient
SELECT x FROM (SELECT round(amount / qty, 2) AS x FROM sales) t ORDER BY x;
-- case: a quotient cast to float8
SELECT id, (amount / qty)::float8 AS u FROM sales ORDER BY id;
-- case: a quotient cast to an integer rounds
SELECT id, (amount / qty)::int AS u FROM sales ORDER BY id;
-- case: ORDER BY a quotient
SELECT id FROM sales ORDER BY amount / qty DESC, id;
-- case: HAVING a sum of quotients
SELECT region FROM sales GROUP BY region HAVING sum(amount / qty) > 10 ORDER BY region;
-- case: share of a window's sum, rounded
SELECT id, round(amount / sum(amount) OVER () * 100, 2) AS share FROM sales ORDER BY id;
-- case: share within a partition, rounded
SELECT id, round(100.0 * amount / sum(amount) OVER (PARTITION BY region), 2) AS p FROM sales ORDER BY id;
-- case: percent of all rows per group
SELECT region, round(100.0 * count(*) / sum(count(*)) OVER (), 1) AS pct FROM sales GROUP BY region ORDER BY region;
-- case: a quotient as a CASE condition
SELECT id, CASE WHEN amount / qty > 5 THEN 'big' ELSE 'small' END AS size FROM sales ORDER BY id;
-- case: a quotient meeting a float is a float
SELECT id, amount / qty * 1.5::float8 AS f FROM sales ORDER BY id;
-- case: a quotient by zero fails
SELECT id FROM sales WHERE amount / (qty - qty) > 1;
-- case: abs of a quotient
SELECT id, abs((cost - amount) / amount) AS d FROM sales ORDER BY id;
-- case: coalesce of a quotient (a safe division)
SELECT id, coalesce(amount / nullif(qty, 0), 0) AS unit FROM sales ORDER BY id;
-- case: a quotient as a CASE value
SELECT id, CASE WHEN qty > 0 THEN amount / qty ELSE 0 END AS unit FROM sales ORDER BY id;
-- case: a quotient cast to text is its text
SELECT id, (amount / qty)::text AS u FROM sales ORDER BY id;
-- case: sum, max and min of quotients
SELECT sum(amount / qty) AS s, max(amount / qty) AS m, min(amount / qty) AS n FROM sales;
-- case: sums of quotients per group, ordered by the sum
SELECT region, sum(amount / qty) AS s FROM sales GROUP BY region ORDER BY s DESC;
-- case: a sum of quotients with no rows is NULL
SELECT sum(amount / qty) AS s, max(amount / qty) AS m FROM sales WHERE id < 0;
-- case: a sum of quotients whose terms all have Postgres' least scale
SELECT sum(amount / qty) AS s FROM sales WHERE id IN (1, 2, 4);
-- case: a sum of quotients in arithmetic is refused
SELECT sum(amount / qty) * 2 AS s FROM sales;
-- case: a WITH query's quotient column is refused
WITH u AS (SELECT id, amount / qty AS unit FROM sales) SELECT id, unit FROM u ORDER BY id;
-- case: greatest of a quotient
SELECT id, greatest(amount / qty, 1) AS g FROM sales ORDER BY id;
-- case: a quotient concatenated is its text
SELECT 'unit ' || (amount / qty) AS u FROM sales ORDER BY id;
-- case: abs of a quotient inside ceil
SELECT id, ceil(abs((cost - amount) / amount) * 10) AS c FROM sales ORDER BY id;
-- case: rows above the average
SELECT id FROM sales WHERE amount > (SELECT avg(amount) FROM sales) ORDER BY id;
-- case: a subquery's rounded average
SELECT r, a FROM (SELECT region AS r, round(avg(amount), 2) AS a FROM sales GROUP BY region) t ORDER BY r;
-- case: ceil of an average of integers
SELECT region, ceil(avg(qty)) AS a FROM sales GROUP BY region ORDER BY region;
-- case: an average over a window, rounded
SELECT id, round(avg(amount) OVER (PARTITION BY region), 2) AS a FROM sales ORDER BY id;
-- case: HAVING an average, exactly
SELECT region FROM sales GROUP BY region HAVING avg(amount) = 4.0533333333333333 ORDER BY region;
-- case: an average with FILTER cast to a sized numeric
SELECT (avg(amount) FILTER (WHERE region = 'e'))::numeric(10,3) AS a FROM sales;
-- case: an average in arithmetic with a column is refused
SELECT id, amount - (SELECT avg(amount) FROM sales) AS d FROM sales ORDER BY id;
-- case: a scalar subquery's average is refused
SELECT id, (SELECT avg(amount) FROM sales) AS a FROM sales WHERE id < 3 ORDER BY id;
-- case: HAVING an average of quotients
SELECT region FROM sales GROUP BY region HAVING avg(amount / qty) > 3 ORDER BY region;
-- case: a quotient of two averages
SELECT region, avg(amount) / avg(qty) AS r, round(avg(amount) / avg(qty), 4) AS r4 FROM sales GROUP BY region ORDER BY region;
-- case: a quotient written by UPDATE into a numeric(10,2) column
UPDATE sales SET cost = amount / qty WHERE id = 3 RETURNING cost;
-- case: a quotient written by INSERT ... SELECT
INSERT INTO sales SELECT id + 100, region, amount / 3, qty, cost FROM sales WHERE id = 1 RETURNING amount;
-- case: CREATE TABLE AS of a quotient is refused (its column would hold each value's scale)
CREATE TABLE unit_prices AS SELECT id, amount / qty AS unit FROM sales;
-- case: coalesce of an average
SELECT region, coalesce(avg(amount), 0) AS a, coalesce(avg(amount) FILTER (WHERE qty > 50), 0) AS none FROM sales GROUP BY region ORDER BY region;
