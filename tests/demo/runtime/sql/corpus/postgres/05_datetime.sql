-- setup
CREATE TABLE events (
  id integer PRIMARY KEY,
  title text NOT NULL,
  starts timestamp NOT NULL,
  created timestamptz NOT NULL,
  day date NOT NULL
);
INSERT INTO events VALUES
  (1, 'standup', '2024-01-05 09:30:00', '2024-01-05 09:30:00+00', '2024-01-05'),
  (2, 'review', '2024-02-29 14:00:00', '2024-02-29 14:00:00+02', '2024-02-29'),
  (3, 'retro', '2024-12-31 23:59:59.5', '2024-12-31 23:00:00-05', '2024-12-31');
-- probe
SELECT id, starts, created, day FROM events ORDER BY id;
-- case: timestamp column
SELECT starts FROM events WHERE id = 1;
-- case: timestamptz column
SELECT created FROM events ORDER BY id;
-- case: date column
SELECT day FROM events ORDER BY id;
-- case: timestamp literal
SELECT TIMESTAMP '2024-01-05 09:30:00' AS ts, DATE '2024-04-01' AS d;
-- case: cast strings
SELECT '2024-03-10'::date AS d, '2024-03-10 08:00'::timestamp AS ts;
-- case: add interval
SELECT starts + interval '1 day' AS next FROM events WHERE id = 1;
-- case: subtract interval
SELECT day - interval '1 month' AS prev FROM events WHERE id = 2;
-- case: date plus integer
SELECT day + 7 AS week_later FROM events WHERE id = 1;
-- case: date minus date
SELECT DATE '2024-03-01' - DATE '2024-02-01' AS days;
-- case: timestamp difference
SELECT TIMESTAMP '2024-01-02 12:00' - TIMESTAMP '2024-01-01 00:00' AS diff;
-- case: extract year
SELECT extract(year FROM starts) AS y FROM events ORDER BY id;
-- case: extract epoch
SELECT extract(epoch FROM TIMESTAMP '2024-01-01 00:00:00') AS e;
-- case: date_part
SELECT date_part('month', day) AS m FROM events ORDER BY id;
-- case: date_part epoch and unnamed
SELECT date_part('epoch', TIMESTAMP '2024-01-01 00:00:00.5') AS e, date_part('dow', day) FROM events ORDER BY id;
-- case: date_trunc month
SELECT date_trunc('month', starts) AS m FROM events ORDER BY id;
-- case: date_trunc day of timestamptz
SELECT date_trunc('day', created) AS d FROM events ORDER BY id;
-- case: to_char date
SELECT to_char(starts, 'YYYY-MM-DD HH24:MI') AS s FROM events ORDER BY id;
-- case: to_char month name
SELECT to_char(day, 'DD Mon YYYY') AS s FROM events WHERE id = 1;
-- case: filter by date range
SELECT id FROM events WHERE starts >= '2024-02-01' AND starts < '2024-12-01';
-- case: group by month
SELECT date_trunc('month', day) AS m, count(*) AS n FROM events GROUP BY 1 ORDER BY 1;
-- case: age in days
SELECT id, DATE '2025-01-01' - day AS days_left FROM events ORDER BY id;
-- case: now is recent
SELECT now() > TIMESTAMP '2020-01-01' AS recent, current_date > DATE '2020-01-01' AS today_recent;
-- case: make_date
SELECT make_date(2024, 2, 29) AS d;
-- case: interval literal
SELECT interval '1 day 2 hours' AS i;
-- case: insert timestamp returning
INSERT INTO events VALUES (4, 'party', '2025-06-01 18:00', '2025-06-01 18:00+00', '2025-06-01') RETURNING starts, created, day;
-- case: to_timestamp
SELECT to_timestamp(1700000000) AS ts;
-- case: timestamp to date cast
SELECT starts::date AS d FROM events WHERE id = 3;
-- case: date to text
SELECT day::text AS t FROM events WHERE id = 1;
-- case: timestamp to text
SELECT starts::text AS t FROM events WHERE id = 3;
-- case: extract dow
SELECT extract(dow FROM day) AS dow FROM events ORDER BY id;
-- case: order by timestamp desc
SELECT title FROM events ORDER BY starts DESC LIMIT 1;
-- case: interval literals with days and a time of day, signed
SELECT INTERVAL '-1 days +02:03' AS a, INTERVAL '1 day -02:03' AS b, INTERVAL '1 day 02:03:04.5' AS c;
-- case: pg_sleep answers void
SELECT pg_sleep(0.01);
-- case: dates and timestamps before the year 1000
SELECT '0597-02-16 17:32:01'::timestamp AS t, '0044-03-15'::date AS d;
-- case: 'now' stored and compared within one request
CREATE TABLE stamps (d timestamp(2), z timestamp(2) with time zone);
INSERT INTO stamps VALUES ('now', 'now');
INSERT INTO stamps VALUES ('now', 'now');
SELECT count(*) AS same, count(DISTINCT d) AS moments,
  count(*) FILTER (WHERE z = timestamp(2) with time zone 'now') AS same_z
FROM stamps WHERE d = timestamp(2) without time zone 'now';
-- case: interval literals with + signs and a day count without its unit
SELECT INTERVAL '+02:00' AS a, INTERVAL '-1 +02:03' AS b, INTERVAL '10 years -11 month -12 days +13:14' AS c,
  INTERVAL '1 12:59:10' AS d, INTERVAL '-1 -02:03' AS e, INTERVAL '+1 day +02:03' AS f,
  INTERVAL '-3 02:03:04.5' AS g, INTERVAL '2 -02:03' AS h;
-- case: a timestamptz column at time zone UTC is its UTC wall time, a timestamp
SELECT id, created AT TIME ZONE 'UTC' AS utc, timezone('utc', created) AS u FROM events ORDER BY id;
-- case: a timestamptz column at another time zone (refused here: DuckDB shifted it the wrong way)
SELECT id, created AT TIME ZONE 'America/New_York' AS ny FROM events ORDER BY id;
-- case: to_char with patterns that mean the same in strftime
SELECT id, to_char(starts, 'FMDD/FMMM/YY HH12:MI:SS') AS short, to_char(day, 'DDD IYYY') AS doy FROM events ORDER BY id;
-- case: to_char with a day name, padded as Postgres pads it
SELECT id, to_char(day, 'Day') AS d FROM events ORDER BY id;
-- case: show the session time zone
SHOW timezone;
-- case: time zone statements that keep UTC
SET TIME ZONE 'UTC'; SET timezone = 'utc'; SET TIME ZONE LOCAL; RESET timezone;
SELECT created::text AS c FROM events ORDER BY id;
-- case: show time zone after setting UTC
SET timezone TO DEFAULT; SHOW TIME ZONE;
-- case: show the date style
SHOW DateStyle;
-- case: show the interval style, quoted name
SHOW "IntervalStyle";
-- case: show the encodings and string rules
SHOW client_encoding; SHOW server_encoding; SHOW standard_conforming_strings; SHOW integer_datetimes;
-- case: date style statements that keep ISO, MDY
SET datestyle = 'ISO, MDY'; SET DateStyle TO 'iso'; SET datestyle = us; SET LOCAL datestyle = 'mdy, iso';
SELECT day, '03/04/2024'::date AS md FROM events ORDER BY id;
-- case: settings set to their defaults, then shown
SET datestyle TO DEFAULT; SET intervalstyle = 'postgres'; SET client_encoding = 'utf-8';
SET standard_conforming_strings = on; RESET datestyle; RESET ALL;
SHOW datestyle; SHOW intervalstyle; SHOW client_encoding; SHOW standard_conforming_strings;
-- case: a read-only setting cannot be set
SET server_encoding = 'UTF8';
-- case: current_setting reads the held settings
SELECT current_setting('DateStyle') AS ds, current_setting('timezone') AS tz, current_setting('intervalstyle'), current_setting('client_encoding', true) AS ce, current_setting('search_path') AS sp;
-- case: set_config keeping a held setting answers its value
SELECT set_config('datestyle', 'us', false) AS ds, set_config('TimeZone', 'utc', true) AS tz, set_config('standard_conforming_strings', 'yes', false) AS scs;
-- case: set_config of a read-only setting
SELECT set_config('server_encoding', 'UTF8', false);
-- case: set_config's value is a string, so TimeZone's keywords are not values
SELECT set_config('TimeZone', 'local', false);
-- case: a timestamptz converted to UTC is a column named timezone
SELECT '19970210 173201'::timestamptz AT TIME ZONE 'UTC';
-- case: a string literal converted to UTC is read as a timestamptz
SELECT '1997-02-10 17:32:01+02' AT TIME ZONE 'UTC';
-- case: timezone() of a string literal reads it as a timestamptz
SELECT timezone('UTC', '19970210 173201');
-- case: the span of min() and max() of dates is an int4 count of days
SELECT max(day) - min(day) AS span, (max(day) + 1) - min(day) AS inclusive, max(day) - 7 AS week_before FROM events;
-- case: date_trunc of a date literal, a cast date and a date plus days is a timestamptz
SELECT date_trunc('week', date '2024-03-07') AS w, date_trunc('month', '2024-03-07'::date) AS m, date_trunc('month', day + 30) AS later FROM events ORDER BY id LIMIT 1;
-- case: date_trunc of current_date is a timestamptz
SELECT pg_typeof(date_trunc('day', current_date)) AS t;
-- case: a time less a time is an interval (DuckDB has no such operator)
SELECT time '10:00' - time '08:30' AS d, time '08:00' - time '10:00' AS n, time '23:59:59.5' - time '00:00' AS x;
-- case: a time added to a time is refused, by Postgres as not unique, here as this demo's limit
SELECT time '10:00' + time '01:00' AS a;
