-- PostgreSQL regression suite, insert.sql, picked by tests/demo/runtime/sql/regress_pick.py.
-- Source: test/sql/postgres_regress/insert.sql of https://github.com/pganalyze/libpg_query at 06670290ad39e61805ecacbc6267df61f6ae3d91
-- (a copy of postgres/postgres src/test/regress/sql/insert.sql, PostgreSQL 17).
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
create table inserttest (col1 int4, col2 int4 NOT NULL, col3 text default 'testing');
insert into inserttest (col2, col3) values (3, DEFAULT);
insert into inserttest (col1, col2, col3) values (DEFAULT, 5, DEFAULT);
insert into inserttest values (DEFAULT, 5, 'test');
insert into inserttest values (DEFAULT, 7);
insert into inserttest values(10, 20, '40'), (-1, 2, DEFAULT),
    ((select 2), (select i from (values(3)) as foo (i)), 'values are fun!');
insert into inserttest values(30, 50, repeat('x', 10000));
CREATE TABLE large_tuple_test (a int, b text) WITH (fillfactor = 10);
create table inserttest2 (f1 bigint, f2 text);
create table range_parted (
	a text,
	b int
) partition by range (a, (b+0));
create table list_parted (
	a text,
	b int
) partition by list (lower(a));
create table mlparted (a int, b int) partition by range (a, b);
create table mlparted1 (b int not null, a int not null) partition by range ((b+0));
create table mlparted11 (like mlparted1);
create table lparted_nonullpart (a int, b char) partition by list (b);
create table mlparted2 (b int not null, a int not null);
create table mlparted4 (like mlparted);
create table mlparted5 (c text, a int not null, b int not null) partition by list (c);
create table mlparted5a (a int not null, c text, b int not null);
create table mlparted5_b (d int, b int, c text, a int);
create table key_desc (a int, b int) partition by list ((a+0));
create table mcrparted (a int, b int, c int) partition by range (a, abs(b), c);
create table brtrigpartcon (a int, b text) partition by list (a);
create table inserttest3 (f1 text default 'foo', f2 text default 'bar', f3 int);
create table donothingbrtrig_test (a int, b text) partition by list (a);
create table donothingbrtrig_test1 (b text, a int);
create table donothingbrtrig_test2 (c text, b text, a int);
create table returningwrtest (a int) partition by list (a);
create table returningwrtest2 (b text, c int, a int);
-- probe
SELECT (SELECT count(*) FROM CHAR_TBL) AS char_tbl, (SELECT count(*) FROM FLOAT8_TBL) AS float8_tbl, (SELECT count(*) FROM INT2_TBL) AS int2_tbl, (SELECT count(*) FROM INT4_TBL) AS int4_tbl, (SELECT count(*) FROM INT8_TBL) AS int8_tbl, (SELECT count(*) FROM TEXT_TBL) AS text_tbl, (SELECT count(*) FROM VARCHAR_TBL) AS varchar_tbl, (SELECT count(*) FROM inserttest) AS inserttest, (SELECT count(*) FROM large_tuple_test) AS large_tuple_test, (SELECT count(*) FROM inserttest2) AS inserttest2, (SELECT count(*) FROM range_parted) AS range_parted, (SELECT count(*) FROM list_parted) AS list_parted, (SELECT count(*) FROM mlparted) AS mlparted, (SELECT count(*) FROM mlparted1) AS mlparted1, (SELECT count(*) FROM mlparted11) AS mlparted11, (SELECT count(*) FROM lparted_nonullpart) AS lparted_nonullpart, (SELECT count(*) FROM mlparted2) AS mlparted2, (SELECT count(*) FROM mlparted4) AS mlparted4, (SELECT count(*) FROM mlparted5) AS mlparted5, (SELECT count(*) FROM mlparted5a) AS mlparted5a, (SELECT count(*) FROM mlparted5_b) AS mlparted5_b, (SELECT count(*) FROM key_desc) AS key_desc, (SELECT count(*) FROM mcrparted) AS mcrparted, (SELECT count(*) FROM brtrigpartcon) AS brtrigpartcon, (SELECT count(*) FROM inserttest3) AS inserttest3, (SELECT count(*) FROM donothingbrtrig_test) AS donothingbrtrig_test, (SELECT count(*) FROM donothingbrtrig_test1) AS donothingbrtrig_test1, (SELECT count(*) FROM donothingbrtrig_test2) AS donothingbrtrig_test2, (SELECT count(*) FROM returningwrtest) AS returningwrtest, (SELECT count(*) FROM returningwrtest2) AS returningwrtest2;
-- case: insert.sql:5
insert into inserttest (col1, col2, col3) values (DEFAULT, DEFAULT, DEFAULT);
-- case: insert.sql:11
select * from inserttest;
-- case: insert.sql:16
insert into inserttest (col1, col2, col3) values (DEFAULT, DEFAULT);
-- case: insert.sql:17
insert into inserttest (col1, col2, col3) values (1, 2);
-- case: insert.sql:18
insert into inserttest (col1) values (1, 2);
-- case: insert.sql:19
insert into inserttest (col1) values (DEFAULT, DEFAULT);
-- case: insert.sql:36
select col1, col2, char_length(col3) from inserttest;
-- case: insert.sql:47
INSERT INTO large_tuple_test (select 1, NULL);
-- case: insert.sql:50
INSERT INTO large_tuple_test (select 2, repeat('a', 1000));
-- case: insert.sql:51
SELECT pg_size_pretty(pg_relation_size('large_tuple_test'::regclass, 'main'));
-- case: insert.sql:54
INSERT INTO large_tuple_test (select 3, NULL);
-- case: insert.sql:58
INSERT INTO large_tuple_test (select 4, repeat('a', 8126));
-- case: insert.sql:73
insert into inserttest (f2[1], f2[2]) values (1,2);
-- case: insert.sql:74
insert into inserttest (f2[1], f2[2]) values (3,4), (5,6);
-- case: insert.sql:75
insert into inserttest (f2[1], f2[2]) select 7,8;
-- case: insert.sql:76
insert into inserttest (f2[1], f2[2]) values (1,default);
-- case: insert.sql:78
insert into inserttest (f3.if1, f3.if2) values (1,array['foo']);
-- case: insert.sql:79
insert into inserttest (f3.if1, f3.if2) values (1,'{foo}'), (2,'{bar}');
-- case: insert.sql:80
insert into inserttest (f3.if1, f3.if2) select 3, '{baz,quux}';
-- case: insert.sql:81
insert into inserttest (f3.if1, f3.if2) values (1,default);
-- case: insert.sql:83
insert into inserttest (f3.if2[1], f3.if2[2]) values ('foo', 'bar');
-- case: insert.sql:84
insert into inserttest (f3.if2[1], f3.if2[2]) values ('foo', 'bar'), ('baz', 'quux');
-- case: insert.sql:85
insert into inserttest (f3.if2[1], f3.if2[2]) select 'bear', 'beer';
-- case: insert.sql:87
insert into inserttest (f4[1].if2[1], f4[1].if2[2]) values ('foo', 'bar');
-- case: insert.sql:88
insert into inserttest (f4[1].if2[1], f4[1].if2[2]) values ('foo', 'bar'), ('baz', 'quux');
-- case: insert.sql:89
insert into inserttest (f4[1].if2[1], f4[1].if2[2]) select 'bear', 'beer';
-- case: insert.sql:117
insert into range_parted values ('a', 11);
-- case: insert.sql:190
insert into list_parted values ('ab', 21);
-- case: insert.sql:191
insert into list_parted values ('xx', 1);
-- case: insert.sql:192
insert into list_parted values ('yy', 2);
