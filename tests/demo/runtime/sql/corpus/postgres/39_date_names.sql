-- to_char() of dates and timestamps with day and month names (transforms/date_format.py),
-- refused until 2026-11-29: `Day` and `Month` padded to nine characters unless `FM`
-- precedes them, upper- and lower-case forms, `Dy`/`Mon` abbreviations, AM/PM, beside the
-- number patterns. Reports group by them ("sales by weekday"). Found by a probe of
-- everyday statements; every answer is PGlite's.
-- setup
CREATE TABLE visits (id int PRIMARY KEY, day date, at timestamp, atz timestamptz);
INSERT INTO visits VALUES (1, '2024-01-05', '2024-01-05 09:15:00', '2024-01-05 09:15:00+00'), (2, '2024-09-03', '2024-09-03 15:04:05', '2024-09-03 23:59:59+00'), (3, '2024-09-08', '2024-09-08 00:00:00', '2024-09-08 12:00:00+00'), (4, NULL, NULL, NULL);
-- probe
SELECT id FROM visits ORDER BY id;
-- case: day names padded and in fill mode
SELECT id, to_char(day, 'Day') AS a, to_char(day, 'FMDay') AS b, to_char(day, 'DAY') AS c, to_char(day, 'fmday') AS d, to_char(day, 'Dy') AS e, to_char(day, 'DY') AS f FROM visits ORDER BY id;
-- case: month names padded and in fill mode
SELECT id, to_char(day, 'Month') AS a, to_char(day, 'FMMonth') AS b, to_char(day, 'MONTH') AS c, to_char(day, 'month') AS d, to_char(day, 'MON') AS e, to_char(day, 'mon') AS f FROM visits ORDER BY id;
-- case: a long date as a page writes it
SELECT id, to_char(day, 'FMDay, FMMonth FMDD, YYYY') AS long, to_char(at, 'Dy DD Mon YYYY HH24:MI') AS short FROM visits ORDER BY id;
-- case: a twelve-hour clock
SELECT id, to_char(at, 'HH12:MI AM') AS a, to_char(at, 'FMHH12:MI pm') AS b, to_char(atz, 'HH12:MI:SS PM') AS c FROM visits ORDER BY id;
-- case: visits by weekday
SELECT to_char(day, 'FMDay') AS weekday, count(*) AS n FROM visits WHERE day IS NOT NULL GROUP BY 1 ORDER BY 1;
-- case: visits by month
SELECT to_char(day, 'YYYY-MM') AS ym, to_char(day, 'FMMonth YYYY') AS label, count(*) AS n FROM visits WHERE day IS NOT NULL GROUP BY 1, 2 ORDER BY 1;
-- case: a timestamptz's names
SELECT id, to_char(atz, 'FMDay FMDD Month YYYY') AS a FROM visits ORDER BY id;
-- case: an ordinal suffix
SELECT to_char(day, 'FMDDth Month') FROM visits;
