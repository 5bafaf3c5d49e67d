-- Queries of a small shop's application (customers, orders), written for this corpus
-- to probe what demos of ordinary stacks send: serial and identity keys, array and jsonb
-- columns with defaults, upserts, windows, FILTER, percentiles, date buckets. Seven found
-- a difference when written (array defaults twice, identity columns, every(),
-- percentile_cont's type, avg() with FILTER, the names of typed literals).
-- setup
CREATE TABLE customers (id serial PRIMARY KEY, name text NOT NULL, email varchar(100) UNIQUE, country text, created_at timestamp NOT NULL DEFAULT '2024-01-01 10:00:00', tags text[] DEFAULT '{}', active boolean DEFAULT true);
CREATE TABLE orders (id serial PRIMARY KEY, customer_id integer REFERENCES customers(id), total numeric(10,2) NOT NULL, status text NOT NULL, placed_at timestamp NOT NULL, meta jsonb);
INSERT INTO customers (name, email, country, created_at, tags) VALUES
  ('Ada', 'ada@example.com', 'UK', '2024-01-05 09:30:00', '{vip,early}'),
  ('Bob', 'bob@example.com', 'US', '2024-02-10 14:00:00', '{}'),
  ('Cy', NULL, 'US', '2024-03-15 08:15:00', '{early}'),
  ('Dee', 'dee@example.com', NULL, '2024-03-20 20:45:00', '{vip}');
INSERT INTO orders (customer_id, total, status, placed_at, meta) VALUES
  (1, 120.50, 'paid', '2024-01-06 10:00:00', '{"items": 3, "coupon": "NEW"}'),
  (1, 35.00, 'refunded', '2024-02-01 11:00:00', '{"items": 1, "list": ["b", "a"]}'),
  (2, 99.99, 'paid', '2024-02-11 12:30:00', '{"items": 2, "gift": true}'),
  (2, 10.00, 'pending', '2024-03-01 09:00:00', NULL),
  (3, 250.00, 'paid', '2024-03-16 16:20:00', '{"items": 5}');
-- probe
SELECT (SELECT count(*) FROM customers) AS c, (SELECT count(*) FROM orders) AS o;
-- case: revenue by month
SELECT date_trunc('month', placed_at) AS month, sum(total) AS revenue, count(*) FROM orders WHERE status = 'paid' GROUP BY 1 ORDER BY 1;
-- case: to_char month label
SELECT to_char(placed_at, 'YYYY-MM') AS ym, to_char(placed_at, 'Mon DD, YYYY HH24:MI') AS label FROM orders ORDER BY id;
-- case: customers with order counts, left join
SELECT c.name, count(o.id) AS orders, coalesce(sum(o.total), 0) AS spent FROM customers c LEFT JOIN orders o ON o.customer_id = c.id GROUP BY c.id, c.name ORDER BY spent DESC, c.name;
-- case: distinct on latest order per customer
SELECT DISTINCT ON (customer_id) customer_id, id, placed_at FROM orders ORDER BY customer_id, placed_at DESC;
-- case: string_agg ordered
SELECT country, string_agg(name, ', ' ORDER BY name) AS names FROM customers GROUP BY country ORDER BY country NULLS LAST;
-- case: array_agg and array_length
SELECT customer_id, array_agg(status ORDER BY id) AS statuses, array_length(array_agg(id), 1) AS n FROM orders GROUP BY customer_id ORDER BY customer_id;
-- case: ANY over a text array column
SELECT name FROM customers WHERE 'vip' = ANY(tags) ORDER BY name;
-- case: array contains
SELECT name, cardinality(tags) FROM customers WHERE tags @> ARRAY['early'] ORDER BY name;
-- case: unnest tags
SELECT name, unnest(tags) AS tag FROM customers ORDER BY name, tag;
-- case: jsonb field access and cast
SELECT id, meta->>'coupon' AS coupon, (meta->>'items')::int AS items, meta ? 'gift' AS has_gift FROM orders ORDER BY id;
-- case: jsonb_build_object and jsonb_agg
SELECT jsonb_build_object('name', name, 'country', country) AS doc FROM customers ORDER BY id;
-- case: json aggregation per customer
SELECT customer_id, jsonb_agg(jsonb_build_object('id', id, 'total', total) ORDER BY id) AS list FROM orders GROUP BY customer_id ORDER BY customer_id;
-- case: window running total
SELECT id, customer_id, total, sum(total) OVER (PARTITION BY customer_id ORDER BY placed_at) AS running FROM orders ORDER BY id;
-- case: rank and row_number
SELECT id, rank() OVER (ORDER BY total DESC) AS r, row_number() OVER (ORDER BY total DESC) AS rn, lag(total) OVER (ORDER BY id) AS prev FROM orders ORDER BY id;
-- case: percentile_cont and mode
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY total) AS median, mode() WITHIN GROUP (ORDER BY status) AS common FROM orders;
-- case: filter clause
SELECT count(*) FILTER (WHERE status = 'paid') AS paid, count(*) FILTER (WHERE status <> 'paid') AS other, avg(total) FILTER (WHERE status = 'paid') AS avg_paid FROM orders;
-- case: rollup
SELECT status, customer_id, sum(total) FROM orders GROUP BY ROLLUP (status, customer_id) ORDER BY status NULLS LAST, customer_id NULLS LAST;
-- case: age and interval arithmetic
SELECT id, placed_at + interval '30 days' AS due, age(timestamp '2024-04-01', placed_at) AS age FROM orders ORDER BY id;
-- case: extract and date parts
SELECT id, extract(year FROM placed_at) AS y, extract(dow FROM placed_at) AS dow, extract(epoch FROM placed_at) AS epoch, placed_at::date AS d FROM orders ORDER BY id;
-- case: generate_series of dates
SELECT d::date FROM generate_series(timestamp '2024-01-01', timestamp '2024-01-05', interval '1 day') AS d;
-- case: upsert
INSERT INTO customers (id, name, email) VALUES (2, 'Robert', 'bob@example.com') ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name RETURNING id, name;
-- case: insert returning serial
INSERT INTO customers (name, email) VALUES ('Eve', 'eve@example.com') RETURNING id, name, active, tags;
-- case: update with from
UPDATE orders o SET status = 'vip-paid' FROM customers c WHERE c.id = o.customer_id AND 'vip' = ANY(c.tags) AND o.status = 'paid' RETURNING o.id, o.status;
-- case: delete returning
DELETE FROM orders WHERE status = 'pending' RETURNING *;
-- case: ilike and regexp
SELECT name FROM customers WHERE email ILIKE '%EXAMPLE.COM' AND name ~ '^[A-C]' ORDER BY name;
-- case: string functions
SELECT initcap('hello world'), lpad('7', 3, '0'), split_part('a,b,c', ',', 2), regexp_replace('2024-01-05', '(\d+)-(\d+)-(\d+)', '\3/\2/\1'), left('abcdef', 3), md5('abc'), concat_ws('-', 'a', NULL, 'b');
-- case: round and numeric math
SELECT round(avg(total), 2) AS avg, round(sum(total) / count(*), 3) AS manual, max(total) - min(total) AS spread FROM orders;
-- case: case expression and coalesce
SELECT name, CASE WHEN country IS NULL THEN 'unknown' WHEN country = 'UK' THEN 'home' ELSE 'abroad' END AS zone, coalesce(email, '(none)') AS email FROM customers ORDER BY id;
-- case: lateral top order
SELECT c.name, t.total FROM customers c CROSS JOIN LATERAL (SELECT total FROM orders o WHERE o.customer_id = c.id ORDER BY total DESC LIMIT 1) t ORDER BY c.name;
-- case: exists and not exists
SELECT name FROM customers c WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.customer_id = c.id) ORDER BY name;
-- case: recursive cte
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) SELECT sum(i), string_agg(i::text, '') FROM n;
-- case: limit offset and fetch
SELECT id FROM orders ORDER BY id OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY;
-- case: date comparisons and between
SELECT id FROM orders WHERE placed_at BETWEEN '2024-02-01' AND '2024-02-29 23:59:59' ORDER BY id;
-- case: now-relative filter is stable
SELECT count(*) FROM orders WHERE placed_at < now();
-- case: enum type orders by its labels' order
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE moods (m mood);
INSERT INTO moods VALUES ('ok'), ('happy'), ('sad');
SELECT m::text AS m FROM moods ORDER BY m;
-- case: identity column
CREATE TABLE items (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, label text);
INSERT INTO items (label) VALUES ('a'), ('b') RETURNING id;
-- case: uuid
CREATE TABLE tokens (id uuid PRIMARY KEY, note text);
INSERT INTO tokens VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'x');
SELECT id, id::text AS id_text FROM tokens;
-- case: count distinct and having
SELECT customer_id, count(DISTINCT status) FROM orders GROUP BY customer_id HAVING count(*) > 1 ORDER BY 1;
-- case: grouping by expression with alias
SELECT extract(month FROM placed_at) AS m, count(*) AS n FROM orders GROUP BY m ORDER BY m;
-- case: integer division and modulo
SELECT 7 / 2 AS q, 7 % 2 AS r, 7.0 / 2 AS fq, -7 / 2 AS nq, power(2, 10) AS p, sqrt(16) AS s;
-- case: boolean aggregates
SELECT bool_and(active), bool_or(active), every(active) FROM customers;
-- case: nullif and greatest
SELECT nullif(status, 'paid'), greatest(total, 50), least(total, 50) FROM orders ORDER BY id;
-- case: text concatenation with numbers and nulls
SELECT 'Order #' || id || ': ' || total AS line, 'x' || NULL AS n FROM orders ORDER BY id;
-- case: interval output
SELECT interval '1 day 2 hours', interval '90 minutes', timestamp '2024-01-02' - timestamp '2024-01-01 12:00';
-- case: date arithmetic
SELECT date '2024-03-01' - date '2024-02-01' AS days, date '2024-01-31' + 1 AS next, date '2024-01-31' + interval '1 month' AS plus_month;
-- case: jsonb_each read through its alias
SELECT c.name, e.key, e.value FROM customers c JOIN orders o ON o.customer_id = c.id, jsonb_each(o.meta) e WHERE c.id = 1 ORDER BY o.id, e.key;
-- case: jsonb_each after CROSS JOIN LATERAL
SELECT o.id, e.key, e.value FROM orders o CROSS JOIN LATERAL jsonb_each(o.meta) AS e ORDER BY o.id, e.key;
-- case: jsonb_array_elements_text after LEFT JOIN LATERAL
SELECT o.id, t.value FROM orders o LEFT JOIN LATERAL jsonb_array_elements_text(o.meta -> 'list') t ON true ORDER BY o.id, t.value;
-- case: cube with grouping
SELECT status, grouping(status) AS g, count(*) FROM orders GROUP BY CUBE (status) ORDER BY status NULLS LAST;
-- case: mod written as a function is named mod
SELECT mod(id, 2), id % 2 FROM orders ORDER BY id;
-- case: generate_series with ordinality
SELECT * FROM generate_series(10, 12) WITH ORDINALITY AS g(n, i);
-- case: generate_series with ordinality, default names
SELECT * FROM generate_series(1, 2) WITH ORDINALITY;
-- case: truncate continue identity keeps the sequence going
TRUNCATE orders CONTINUE IDENTITY;
INSERT INTO orders (customer_id, total, status, placed_at) VALUES (1, 1, 'paid', '2024-05-01') RETURNING id;
-- case: to_date with a month name and to_timestamp with a format
SELECT to_date('05 Mar 2024', 'DD Mon YYYY') AS d, to_timestamp('2024-03-01 10:30', 'YYYY-MM-DD HH24:MI') AS ts;
-- case: timestamptz plus and minus intervals stays timestamptz
SELECT timestamptz '2024-03-01 10:30+00' + interval '1 hour' AS a, timestamptz '2024-03-01 10:30+02' - interval '1 day' - interval '30 minutes' AS b, to_timestamp('2024-03-01', 'YYYY-MM-DD') + interval '2 days' AS c;
-- case: now-relative window stays a timestamptz comparison
SELECT count(*) FROM orders WHERE placed_at > now() - interval '100 years';
-- case: a partial index is created and the table answers as before
CREATE INDEX orders_open ON orders (placed_at) WHERE status <> 'paid';
SELECT id FROM orders WHERE status <> 'paid' ORDER BY placed_at;
-- case: indexes as pg_dump writes them, and a unique one that still holds
CREATE INDEX orders_customer ON public.orders USING btree (customer_id);
CREATE INDEX orders_meta ON public.orders USING gin (meta);
CREATE UNIQUE INDEX customers_name ON public.customers USING btree (name);
INSERT INTO customers (name) VALUES ('Ada');
