-- COMMENT ON, as pg_dump writes it for every documented table and column. When written,
-- a comment replaced the adapter's own record in DuckDB's one comment per table or
-- column: after `COMMENT ON TABLE child`, a row whose parent does not exist was stored;
-- after `COMMENT ON COLUMN child.label`, a varchar(3) column took 'abcdef' and reported
-- text. Comments on missing tables and columns were errors in DuckDB's words.
-- setup
CREATE TABLE parent (id int PRIMARY KEY);
CREATE TABLE child (id int GENERATED ALWAYS AS IDENTITY, parent_id int REFERENCES parent (id), label varchar(3));
COMMENT ON TABLE child IS 'rows that belong to a parent';
COMMENT ON COLUMN child.label IS 'three letters at most';
COMMENT ON COLUMN public.child.id IS 'given by the database';
COMMENT ON COLUMN child.parent_id IS NULL;
COMMENT ON SCHEMA public IS 'standard public schema';
INSERT INTO parent VALUES (1);
INSERT INTO child (parent_id, label) VALUES (1, 'abc');
-- probe
SELECT (SELECT count(*) FROM parent) AS parent, (SELECT count(*) FROM child) AS child;
-- case: the foreign key still holds
INSERT INTO child (parent_id, label) VALUES (99, 'x');
-- case: the varchar limit still holds
INSERT INTO child (parent_id, label) VALUES (1, 'abcd');
-- case: the identity rule still holds
INSERT INTO child VALUES (5, 1, 'x');
-- case: the declared type is still reported
SELECT label, pg_typeof(label) AS t FROM child;
-- case: a comment on a missing table
COMMENT ON TABLE nosuch IS 'x';
-- case: a comment on a missing column
COMMENT ON COLUMN child.nosuch IS 'x';
-- case: a comment changed
COMMENT ON COLUMN child.label IS 'changed';
-- case: a view's comment
CREATE VIEW labels AS SELECT label FROM child; COMMENT ON VIEW labels IS 'the labels';
