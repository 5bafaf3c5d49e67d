-- PostgreSQL regression suite, select.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/select.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/select.sql, PostgreSQL 17).
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
CREATE TABLE nocols();
INSERT INTO nocols DEFAULT VALUES;
CREATE TABLE foo (f1 int);
INSERT INTO foo VALUES (42),(3),(10),(7),(null),(null),(1);
create table list_parted_tbl (a int,b int) partition by list (a);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM nocols) AS nocols, (SELECT count(*) FROM foo) AS foo, (SELECT count(*) FROM list_parted_tbl) AS list_parted_tbl;
-- case: select.sql:114
select foo from (select 1 offset 0) as foo;
-- case: select.sql:115
select foo from (select null offset 0) as foo;
-- case: select.sql:116
select foo from (select 'xyzzy',1,null offset 0) as foo;
-- case: select.sql:138
VALUES (1,2), (3,4+4), (7,77.7);
-- case: select.sql:140
VALUES (1,2), (3,4+4), (7,77.7)
UNION ALL
SELECT 2+2, 57
UNION ALL
TABLE int8_tbl;
-- case: select.sql:149
SELECT * FROM nocols n, LATERAL (VALUES(n.*)) v;
-- case: select.sql:159
SELECT * FROM foo ORDER BY f1;
-- case: select.sql:160
SELECT * FROM foo ORDER BY f1 ASC;
-- case: select.sql:161
SELECT * FROM foo ORDER BY f1 NULLS FIRST;
-- case: select.sql:162
SELECT * FROM foo ORDER BY f1 DESC;
-- case: select.sql:163
SELECT * FROM foo ORDER BY f1 DESC NULLS LAST;
-- case: select.sql:242
SELECT 1 AS x ORDER BY x;
-- case: select.sql:248
select sillysrf(42);
-- case: select.sql:249
select sillysrf(-1) order by 1;
-- case: select.sql:255
select * from (values (2),(null),(1)) v(k) where k = k order by k;
-- case: select.sql:256
select * from (values (2),(null),(1)) v(k) where k = k;
