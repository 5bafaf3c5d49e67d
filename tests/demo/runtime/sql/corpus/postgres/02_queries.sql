-- setup
CREATE TABLE orders (
  id integer PRIMARY KEY,
  customer text NOT NULL,
  region text NOT NULL,
  amount numeric(10,2) NOT NULL,
  qty integer NOT NULL,
  placed date NOT NULL
);
INSERT INTO orders VALUES
  (1, 'acme', 'north', 120.50, 3, '2024-01-03'),
  (2, 'acme', 'north', 80.00, 1, '2024-01-10'),
  (3, 'bolt', 'south', 15.25, 5, '2024-02-01'),
  (4, 'bolt', 'south', 300.00, 2, '2024-02-14'),
  (5, 'core', 'north', 42.10, 7, '2024-03-01'),
  (6, 'core', 'east', 42.10, 1, '2024-03-02'),
  (7, 'dyna', 'east', 9.99, 10, '2024-03-15');
-- probe
SELECT count(*) AS n, sum(qty) AS q FROM orders;
-- case: group by with sum of integers
SELECT region, sum(qty) AS total FROM orders GROUP BY region ORDER BY region;
-- case: group by with sum of numeric
SELECT customer, sum(amount) AS total FROM orders GROUP BY customer ORDER BY customer;
-- case: avg of numeric
SELECT avg(amount) AS mean FROM orders;
-- case: avg of integer
SELECT avg(qty) AS mean FROM orders;
-- case: round avg
SELECT round(avg(amount), 2) AS mean FROM orders;
-- case: avg per group ordered by the average
SELECT region, avg(amount) AS mean, round(avg(qty), 1) AS q FROM orders GROUP BY region ORDER BY mean DESC;
-- case: integer sum divided by count
SELECT sum(qty) / count(*) AS per_order, sum(amount) / count(*) AS mean_amount FROM orders;
-- case: avg over a window
SELECT id, avg(qty) OVER (PARTITION BY region) AS m FROM orders ORDER BY id;
-- case: unnamed avg ordered by position
SELECT customer, avg(qty) FROM orders GROUP BY customer ORDER BY 2, 1;
-- case: min max
SELECT min(amount) AS lo, max(amount) AS hi, min(placed) AS first, max(customer) AS last FROM orders;
-- case: having
SELECT customer, count(*) AS n FROM orders GROUP BY customer HAVING count(*) > 1 ORDER BY customer;
-- case: cte
WITH big AS (SELECT * FROM orders WHERE amount > 50) SELECT customer, count(*) AS n FROM big GROUP BY customer ORDER BY customer;
-- case: two ctes
WITH a AS (SELECT customer, sum(qty) AS q FROM orders GROUP BY customer), b AS (SELECT max(q) AS m FROM a) SELECT a.customer FROM a, b WHERE a.q = b.m;
-- case: recursive cte
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 5) SELECT n FROM t;
-- case: row_number
SELECT id, row_number() OVER (ORDER BY amount DESC) AS rn FROM orders ORDER BY id;
-- case: rank and dense_rank
SELECT id, rank() OVER (ORDER BY amount) AS r, dense_rank() OVER (ORDER BY amount) AS dr FROM orders ORDER BY id;
-- case: running total
SELECT id, sum(qty) OVER (ORDER BY id) AS running FROM orders ORDER BY id;
-- case: partitioned window
SELECT id, region, sum(amount) OVER (PARTITION BY region) AS region_total FROM orders ORDER BY id;
-- case: lag and lead
SELECT id, lag(qty) OVER (ORDER BY id) AS prev, lead(qty, 1, 0) OVER (ORDER BY id) AS next FROM orders ORDER BY id;
-- case: first_value
SELECT DISTINCT region, first_value(customer) OVER (PARTITION BY region ORDER BY amount DESC) AS top FROM orders ORDER BY region;
-- case: ntile
SELECT id, ntile(3) OVER (ORDER BY id) AS bucket FROM orders ORDER BY id;
-- case: count over partition
SELECT id, count(*) OVER (PARTITION BY customer) AS per_customer FROM orders ORDER BY id;
-- case: distinct on
SELECT DISTINCT ON (customer) customer, id, amount FROM orders ORDER BY customer, amount DESC;
-- case: distinct
SELECT DISTINCT region FROM orders ORDER BY region;
-- case: count distinct
SELECT count(DISTINCT region) AS regions FROM orders;
-- case: scalar subquery
SELECT id, (SELECT max(amount) FROM orders) - amount AS gap FROM orders ORDER BY id LIMIT 3;
-- case: exists
SELECT DISTINCT customer FROM orders o WHERE EXISTS (SELECT 1 FROM orders x WHERE x.customer = o.customer AND x.qty > 5) ORDER BY customer;
-- case: union
SELECT customer AS name FROM orders WHERE region = 'north' UNION SELECT region FROM orders ORDER BY name;
-- case: union all count
SELECT count(*) AS n FROM (SELECT id FROM orders UNION ALL SELECT id FROM orders) s;
-- case: except
SELECT customer FROM orders EXCEPT SELECT customer FROM orders WHERE region = 'north' ORDER BY customer;
-- case: case expression
SELECT id, CASE WHEN amount > 100 THEN 'big' WHEN amount > 40 THEN 'mid' ELSE 'small' END AS size FROM orders ORDER BY id;
-- case: unnamed expression columns
SELECT count(*), max(qty), 1 + 1, upper(customer) FROM orders GROUP BY customer ORDER BY 4;
-- case: filter clause
SELECT count(*) FILTER (WHERE region = 'north') AS north, count(*) AS all_orders FROM orders;
-- case: coalesce nullif
SELECT coalesce(NULL, 'x') AS a, nullif(qty, 1) AS b FROM orders ORDER BY id LIMIT 2;
-- case: order by nulls last
SELECT v FROM (VALUES (1), (NULL), (3)) AS t(v) ORDER BY v DESC NULLS LAST;
-- case: order by default nulls
SELECT v FROM (VALUES (1), (NULL), (3)) AS t(v) ORDER BY v;
-- case: order by desc default nulls first
SELECT v FROM (VALUES (1), (NULL), (3)) AS t(v) ORDER BY v DESC;
-- case: lateral join
SELECT o.customer, l.id FROM (SELECT DISTINCT customer FROM orders) o
CROSS JOIN LATERAL (SELECT id FROM orders x WHERE x.customer = o.customer ORDER BY amount DESC LIMIT 1) l ORDER BY o.customer;
-- case: string_agg ordered
SELECT region, string_agg(customer, ', ' ORDER BY customer) AS who FROM orders GROUP BY region ORDER BY region;
-- case: bool_and bool_or
SELECT bool_and(qty > 0) AS all_pos, bool_or(qty > 9) AS any_big FROM orders;
-- case: percentile_cont
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY qty) AS median FROM orders;
-- case: values list
SELECT * FROM (VALUES (1, 'one'), (2, 'two')) AS v(n, word) ORDER BY n;
-- case: select without from
SELECT 1 AS one, 'two' AS two, true AS three;
-- case: untyped null column
SELECT NULL AS nothing, 1 AS one;
-- case: between and like
SELECT id FROM orders WHERE placed BETWEEN '2024-02-01' AND '2024-03-01' AND customer LIKE '%o%' ORDER BY id;
-- case: group by ordinal
SELECT region, count(*) AS n FROM orders GROUP BY 1 ORDER BY 2 DESC, 1;
-- case: limit all
SELECT id FROM orders ORDER BY id LIMIT ALL OFFSET 5;
-- case: fetch first
SELECT id FROM orders ORDER BY id FETCH FIRST 2 ROWS ONLY;
-- case: count of empty result
SELECT count(*) AS n, sum(qty) AS s FROM orders WHERE id > 100;
-- case: numeric sum with filter
SELECT sum(amount * qty) AS revenue FROM orders WHERE region <> 'east';
-- case: a subquery's column named like the subquery
SELECT foo FROM (SELECT 1 AS foo) AS foo;
-- case: a window sum of integer sums and of counts is numeric
SELECT region, sum(qty) AS q, sum(sum(qty)) OVER (ORDER BY region) AS running, sum(count(*)) OVER () AS n FROM orders GROUP BY region ORDER BY region;
-- case: ORDER BY a window function over a named window
SELECT customer, amount, rank() OVER w AS r FROM orders
WINDOW w AS (PARTITION BY region ORDER BY amount DESC) ORDER BY rank() OVER w, id;
-- case: a WITH query's unnamed column is ?column? under a star
WITH w AS (SELECT 1) SELECT * FROM w;
-- case: a WITH query's count column is read by its Postgres name
WITH w AS (SELECT count(*) FROM orders) SELECT count FROM w;
-- case: a subquery's unnamed columns take Postgres' names under a star
SELECT * FROM (SELECT region, count(*), upper(customer), qty + 1 FROM orders GROUP BY region, customer, qty) s ORDER BY 1, 2, 3, 4;
-- case: a subquery's cast column is named after the column cast
SELECT s.* FROM (SELECT qty::text FROM orders WHERE id = 1) s;
-- case: a view's unnamed columns take Postgres' names
CREATE VIEW order_sizes AS SELECT id, qty * 2, lower(region) FROM orders; SELECT * FROM order_sizes ORDER BY id;
