-- PostgreSQL regression suite, aggregates.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/aggregates.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/aggregates.sql, PostgreSQL 17).
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
CREATE TABLE aggtest (
	a 			int2,
	b			float4
);
CREATE TABLE regr_test (x float8, y float8);
INSERT INTO regr_test VALUES (10,150),(20,250),(30,350),(80,540),(100,200);
CREATE TABLE bitwise_test(
  i2 INT2,
  i4 INT4,
  i8 INT8,
  i INTEGER,
  x INT2,
  y BIT(4)
);
CREATE TABLE bool_test(
  b1 BOOL,
  b2 BOOL,
  b3 BOOL,
  b4 BOOL);
create table minmaxtest(f1 int);
create table minmaxtest1() inherits (minmaxtest);
create table minmaxtest2() inherits (minmaxtest);
create table minmaxtest3() inherits (minmaxtest);
insert into minmaxtest values(11), (12);
insert into minmaxtest1 values(13), (14);
insert into minmaxtest2 values(15), (16);
insert into minmaxtest3 values(17), (18);
CREATE table t1 (a int, b int, c int, d int, primary key (a, b));
CREATE table t2 (x int, y int, z int, primary key (x, y));
CREATE table t3 (a int, b int, c int, primary key(a, b) deferrable);
CREATE table t1c () inherits (t1);
CREATE table p_t1 (
  a int,
  b int,
  c int,
  d int,
  primary key(a,b)
) partition by list(a);
create table bytea_test_table(v bytea);
insert into bytea_test_table values(decode('ff','hex'));
insert into bytea_test_table values(decode('aa','hex'));
create table pagg_test (x int, y int);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM aggtest) AS aggtest, (SELECT count(*) FROM regr_test) AS regr_test, (SELECT count(*) FROM bitwise_test) AS bitwise_test, (SELECT count(*) FROM bool_test) AS bool_test, (SELECT count(*) FROM minmaxtest) AS minmaxtest, (SELECT count(*) FROM minmaxtest1) AS minmaxtest1, (SELECT count(*) FROM minmaxtest2) AS minmaxtest2, (SELECT count(*) FROM minmaxtest3) AS minmaxtest3, (SELECT count(*) FROM t1) AS t1, (SELECT count(*) FROM t2) AS t2, (SELECT count(*) FROM t3) AS t3, (SELECT count(*) FROM t1c) AS t1c, (SELECT count(*) FROM p_t1) AS p_t1, (SELECT count(*) FROM bytea_test_table) AS bytea_test_table, (SELECT count(*) FROM pagg_test) AS pagg_test;
-- case: aggregates.sql:25
SELECT avg(a) AS avg_32 FROM aggtest WHERE a < 100;
-- case: aggregates.sql:27
SELECT any_value(v) FROM (VALUES (1), (2), (3)) AS v (v);
-- case: aggregates.sql:28
SELECT any_value(v) FROM (VALUES (NULL)) AS v (v);
-- case: aggregates.sql:29
SELECT any_value(v) FROM (VALUES (NULL), (1), (2)) AS v (v);
-- case: aggregates.sql:30
SELECT any_value(v) FROM (VALUES (array['hello', 'world'])) AS v (v);
-- case: aggregates.sql:35
SELECT avg(b)::numeric(10,3) AS avg_107_943 FROM aggtest;
-- case: aggregates.sql:41
SELECT sum(a) AS sum_198 FROM aggtest;
-- case: aggregates.sql:42
SELECT sum(b) AS avg_431_773 FROM aggtest;
-- case: aggregates.sql:46
SELECT max(a) AS max_100 FROM aggtest;
-- case: aggregates.sql:47
SELECT max(aggtest.b) AS max_324_78 FROM aggtest;
-- case: aggregates.sql:50
SELECT stddev_pop(b) FROM aggtest;
-- case: aggregates.sql:51
SELECT stddev_samp(b) FROM aggtest;
-- case: aggregates.sql:52
SELECT var_pop(b) FROM aggtest;
-- case: aggregates.sql:53
SELECT var_samp(b) FROM aggtest;
-- case: aggregates.sql:55
SELECT stddev_pop(b::numeric) FROM aggtest;
-- case: aggregates.sql:56
SELECT stddev_samp(b::numeric) FROM aggtest;
-- case: aggregates.sql:57
SELECT var_pop(b::numeric) FROM aggtest;
-- case: aggregates.sql:58
SELECT var_samp(b::numeric) FROM aggtest;
-- case: aggregates.sql:62
SELECT var_pop(1.0::float8), var_samp(2.0::float8);
-- case: aggregates.sql:63
SELECT stddev_pop(3.0::float8), stddev_samp(4.0::float8);
-- case: aggregates.sql:64
SELECT var_pop('inf'::float8), var_samp('inf'::float8);
-- case: aggregates.sql:65
SELECT stddev_pop('inf'::float8), stddev_samp('inf'::float8);
-- case: aggregates.sql:66
SELECT var_pop('nan'::float8), var_samp('nan'::float8);
-- case: aggregates.sql:67
SELECT stddev_pop('nan'::float8), stddev_samp('nan'::float8);
-- case: aggregates.sql:68
SELECT var_pop(1.0::float4), var_samp(2.0::float4);
-- case: aggregates.sql:69
SELECT stddev_pop(3.0::float4), stddev_samp(4.0::float4);
-- case: aggregates.sql:70
SELECT var_pop('inf'::float4), var_samp('inf'::float4);
-- case: aggregates.sql:71
SELECT stddev_pop('inf'::float4), stddev_samp('inf'::float4);
-- case: aggregates.sql:72
SELECT var_pop('nan'::float4), var_samp('nan'::float4);
-- case: aggregates.sql:73
SELECT stddev_pop('nan'::float4), stddev_samp('nan'::float4);
