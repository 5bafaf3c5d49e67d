-- PostgreSQL regression suite, select_distinct.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/select_distinct.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/select_distinct.sql, PostgreSQL 17).
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
CREATE TABLE disttable (f1 integer);
INSERT INTO DISTTABLE VALUES(1);
INSERT INTO DISTTABLE VALUES(2);
INSERT INTO DISTTABLE VALUES(3);
INSERT INTO DISTTABLE VALUES(NULL);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM disttable) AS disttable;
-- case: select_distinct.sql:195
SELECT f1, f1 IS DISTINCT FROM 2 as "not 2" FROM disttable;
-- case: select_distinct.sql:196
SELECT f1, f1 IS DISTINCT FROM NULL as "not null" FROM disttable;
-- case: select_distinct.sql:197
SELECT f1, f1 IS DISTINCT FROM f1 as "false" FROM disttable;
-- case: select_distinct.sql:198
SELECT f1, f1 IS DISTINCT FROM f1+1 as "not null" FROM disttable;
-- case: select_distinct.sql:201
SELECT 1 IS DISTINCT FROM 2 as "yes";
-- case: select_distinct.sql:202
SELECT 2 IS DISTINCT FROM 2 as "no";
-- case: select_distinct.sql:203
SELECT 2 IS DISTINCT FROM null as "yes";
-- case: select_distinct.sql:204
SELECT null IS DISTINCT FROM null as "no";
-- case: select_distinct.sql:207
SELECT 1 IS NOT DISTINCT FROM 2 as "no";
-- case: select_distinct.sql:208
SELECT 2 IS NOT DISTINCT FROM 2 as "yes";
-- case: select_distinct.sql:209
SELECT 2 IS NOT DISTINCT FROM null as "no";
-- case: select_distinct.sql:210
SELECT null IS NOT DISTINCT FROM null as "yes";
