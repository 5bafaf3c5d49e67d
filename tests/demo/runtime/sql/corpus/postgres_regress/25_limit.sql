-- PostgreSQL regression suite, limit.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/limit.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/limit.sql, PostgreSQL 17).
-- PostgreSQL Licence: Portions Copyright (c) 1996-2024, The PostgreSQL Global Development
-- Group; Portions Copyright (c) 1994, The Regents of the University of California.
-- setup
CREATE TABLE CHAR_TBL(f1 char(4));
INSERT INTO CHAR_TBL (f1) VALUES
  ('a'),
  ('ab'),
  ('abcd'),
  ('abcd    ');
CREATE TABLE FLOAT8_TBL(f1 float8);
INSERT INTO FLOAT8_TBL(f1) VALUES
  ('0.0'),
  ('-34.84'),
  ('-1004.30'),
  ('-1.2345678901234e+200'),
  ('-1.2345678901234e-200');
CREATE TABLE INT2_TBL(f1 int2);
INSERT INTO INT2_TBL(f1) VALUES
  ('0   '),
  ('  1234 '),
  ('    -1234'),
  ('32767'),  
  ('-32767');
CREATE TABLE INT4_TBL(f1 int4);
INSERT INTO INT4_TBL(f1) VALUES
  ('   0  '),
  ('123456     '),
  ('    -123456'),
  ('2147483647'),  
  ('-2147483647');
CREATE TABLE INT8_TBL(q1 int8, q2 int8);
INSERT INTO INT8_TBL VALUES
  ('  123   ','  456'),
  ('123   ','4567890123456789'),
  ('4567890123456789','123'),
  (+4567890123456789,'4567890123456789'),
  ('+4567890123456789','-4567890123456789');
CREATE TABLE TEXT_TBL (f1 text);
INSERT INTO TEXT_TBL VALUES
  ('doh!'),
  ('hi de ho neighbor');
CREATE TABLE VARCHAR_TBL(f1 varchar(4));
INSERT INTO VARCHAR_TBL (f1) VALUES
  ('a'),
  ('ab'),
  ('abcd'),
  ('abcd    ');
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl;
-- case: limit.sql:36
select * from int8_tbl limit (case when random() < 0.5 then null::bigint end);
-- case: limit.sql:37
select * from int8_tbl offset (case when random() < 0.5 then null::bigint end);
-- case: limit.sql:88
SELECT
  (SELECT n
     FROM (VALUES (1)) AS x,
          (SELECT n FROM generate_series(1,10) AS n
             ORDER BY n LIMIT 1 OFFSET s-1) AS y) AS z
  FROM generate_series(1,10) AS s;
-- case: limit.sql:138
select generate_series(0,2) as s1, generate_series((random()*.1)::int,2) as s2;
-- case: limit.sql:144
select generate_series(0,2) as s1, generate_series((random()*.1)::int,2) as s2
order by s2 desc;
-- case: limit.sql:177
SELECT  thousand
		FROM onek WHERE thousand < 5
		ORDER BY thousand FETCH FIRST 1 ROW WITH TIES FOR UPDATE SKIP LOCKED;
-- case: limit.sql:182
SELECT ''::text AS two, unique1, unique2, stringu1
		FROM onek WHERE unique1 > 50
		FETCH FIRST 2 ROW WITH TIES;
