-- Statements as web frameworks' migrations and ORMs write them (Django: bigserial keys,
-- DEFERRABLE INITIALLY DEFERRED foreign keys, varchar_pattern_ops indexes, quoted names,
-- `__count`; Rails: `"users".*`, timestamps), written for this corpus from their documented
-- forms. When written, the Django schema could not be created (DEFERRABLE, then the
-- operator class) and concat() printed a boolean column as true/false. Left out, and listed
-- in docs/demo-runtime.md: x ILIKE ANY (array) and ALTER TYPE ... ADD VALUE (refused), and
-- a WITH query that changes data (refused; it answered no rows).
-- setup
CREATE TABLE "users" ("id" bigserial NOT NULL PRIMARY KEY, "email" varchar(254) NOT NULL UNIQUE, "created_at" timestamp with time zone NOT NULL, "is_staff" boolean NOT NULL, "profile" jsonb DEFAULT '{}'::jsonb NOT NULL);
CREATE TABLE "posts" ("id" bigserial NOT NULL PRIMARY KEY, "author_id" bigint NOT NULL, "title" varchar(200) NOT NULL, "body" text NOT NULL, "published_at" timestamp with time zone NULL);
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_fk" FOREIGN KEY ("author_id") REFERENCES "users" ("id") DEFERRABLE INITIALLY DEFERRED;
CREATE INDEX "posts_author_id_idx" ON "posts" ("author_id");
CREATE INDEX "users_email_like" ON "users" ("email" varchar_pattern_ops);
INSERT INTO "users" ("email", "created_at", "is_staff") VALUES ('a@x.io', '2024-01-01T10:00:00+00:00', true), ('b@x.io', '2024-02-01T10:00:00+01:00', false);
INSERT INTO "posts" ("author_id", "title", "body", "published_at") VALUES (1, 'Hello', 'First', '2024-01-02T00:00:00Z'), (1, 'Draft', 'WIP', NULL), (2, 'Hi', 'Second', '2024-02-03T12:00:00Z');
-- probe
SELECT (SELECT count(*) FROM users) AS u, (SELECT count(*) FROM posts) AS p;
-- case: django count
SELECT COUNT(*) AS "__count" FROM "posts" WHERE "posts"."published_at" IS NOT NULL;
-- case: django select with limit
SELECT "users"."id", "users"."email", "users"."created_at", "users"."is_staff" FROM "users" WHERE "users"."email"::text LIKE 'a%' ORDER BY "users"."id" ASC LIMIT 21;
-- case: django insert returning
INSERT INTO "users" ("email", "created_at", "is_staff", "profile") VALUES ('c@x.io', '2024-03-01T00:00:00+00:00'::timestamptz, false, '{"a": 1}'::jsonb) RETURNING "users"."id";
-- case: rails select star
SELECT "users".* FROM "users" WHERE "users"."id" = 1 LIMIT 1;
-- case: rails update timestamps
UPDATE "posts" SET "title" = 'Hello!', "published_at" = '2024-05-01 00:00:00' WHERE "posts"."id" = 1;
SELECT title, published_at FROM posts WHERE id = 1;
-- case: upsert do nothing
INSERT INTO "users" ("email", "created_at", "is_staff") VALUES ('a@x.io', now(), false) ON CONFLICT ("email") DO NOTHING RETURNING id;
-- case: coalesce sum cast
SELECT u.email, COALESCE(SUM(length(p.body)), 0)::int AS chars FROM users u LEFT JOIN posts p ON p.author_id = u.id GROUP BY u.email ORDER BY u.email;
-- case: extract epoch of a difference
SELECT id, EXTRACT(EPOCH FROM (published_at - '2024-01-01T00:00:00Z'::timestamptz)) AS secs FROM posts WHERE published_at IS NOT NULL ORDER BY id;
-- case: date of timestamptz
SELECT DATE(created_at) AS d, created_at::date AS d2 FROM users ORDER BY id;
-- case: format and concat
SELECT format('%s <%s>', id, email), concat(id, ':', is_staff) FROM users ORDER BY id;
-- case: join using
SELECT id, title FROM posts JOIN (SELECT id AS author_id, email FROM users) u USING (author_id) ORDER BY id;
-- case: create extension
CREATE EXTENSION IF NOT EXISTS "uuid-ossp";
-- case: gen_random_uuid default
CREATE TABLE tok (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), n int);
INSERT INTO tok (n) VALUES (1);
SELECT count(*) FROM tok WHERE id IS NOT NULL;
-- case: comment on
COMMENT ON TABLE users IS 'People';
COMMENT ON COLUMN users.email IS 'Login';
SELECT 1;
-- case: jsonb default and merge
UPDATE users SET profile = profile || '{"theme": "dark"}' WHERE id = 1 RETURNING profile;
-- case: timestamptz output with offset input
SELECT id, created_at FROM users ORDER BY id;
-- case: now comparisons on timestamptz
SELECT count(*) FROM users WHERE created_at < now() AND created_at > now() - interval '100 years';
-- case: deferrable fk violation at commit
BEGIN;
INSERT INTO posts (author_id, title, body) VALUES (99, 'x', 'y');
COMMIT;
-- case: string_agg distinct
SELECT string_agg(DISTINCT title, ',' ORDER BY title) FROM posts;
-- case: exists with correlated limit
SELECT email FROM users u WHERE EXISTS (SELECT 1 FROM posts p WHERE p.author_id = u.id AND p.published_at IS NULL LIMIT 1);
-- case: window over partition with frame
SELECT id, author_id, count(*) OVER (PARTITION BY author_id ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) FROM posts ORDER BY id;
-- case: array agg of rows as json
SELECT u.email, json_agg(json_build_object('id', p.id, 'title', p.title) ORDER BY p.id) FROM users u JOIN posts p ON p.author_id = u.id GROUP BY u.email ORDER BY u.email;
-- case: lower unique lookup with index
SELECT id FROM users WHERE lower(email) = lower('A@X.IO');
-- case: pagination with count window
SELECT id, title, count(*) OVER () AS total FROM posts ORDER BY id LIMIT 2 OFFSET 1;
