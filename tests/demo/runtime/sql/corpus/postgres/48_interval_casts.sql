-- Interval text cast or written into an interval column, as `interval '...'` literals
-- already read it (group 44): a `+` sign, a sign apart from its number and a day count
-- before a time of day were refused as "this demo does not read the interval form",
-- until 2026-11-29. Every answer is PGlite's.
-- setup
CREATE TABLE plans (id int PRIMARY KEY, name text, span interval);
INSERT INTO plans VALUES (1, 'monthly', '1 month'), (2, 'grace', '1 month - 1 day'), (3, 'trial', '+14 days');
-- probe
SELECT id, span FROM plans ORDER BY id;
-- case: casts of interval text
SELECT '+1 day'::interval AS a, '1 month - 1 day'::interval AS b, '-1 +02:03'::interval AS c, CAST('2 years - 3 months' AS interval) AS d;
-- case: spans written into an interval column
SELECT name, span, date '2024-01-31' + span AS ends FROM plans ORDER BY id;
-- case: an update with a signed span
UPDATE plans SET span = span + '- 2 days'::interval WHERE id = 3 RETURNING span;
