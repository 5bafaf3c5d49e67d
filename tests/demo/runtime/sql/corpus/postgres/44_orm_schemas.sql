-- Statements as ORMs write them, found by a probe against PGlite until 2026-11-29: a
-- Prisma migration declares every relation `ON DELETE RESTRICT ON UPDATE CASCADE`, and
-- the demo refused the whole schema at its first ALTER TABLE; a RESTRICT key's violation
-- lacked Postgres' "RESTRICT setting of"; Drizzle's relational queries build rows with
-- json_build_array (refused); `date_trunc('month', d) + interval '1 month - 1 day'` (a
-- sign apart from its number) was refused. An UPDATE that would cascade a key change to
-- rows that reference it is refused in the demo's words (test_pg_features.py). Every
-- answer is PGlite's.
-- setup
CREATE TABLE "public"."User" ("id" SERIAL NOT NULL, "email" TEXT NOT NULL, "name" TEXT, "createdAt" TIMESTAMP(3) NOT NULL DEFAULT '2024-01-01 00:00:00', "role" TEXT NOT NULL DEFAULT 'USER', CONSTRAINT "User_pkey" PRIMARY KEY ("id"));
CREATE UNIQUE INDEX "User_email_key" ON "public"."User"("email");
CREATE TABLE "public"."Post" ("id" SERIAL NOT NULL, "title" VARCHAR(255) NOT NULL, "content" TEXT, "published" BOOLEAN NOT NULL DEFAULT false, "authorId" INTEGER NOT NULL, "score" DOUBLE PRECISION NOT NULL DEFAULT 0, CONSTRAINT "Post_pkey" PRIMARY KEY ("id"));
ALTER TABLE "public"."Post" ADD CONSTRAINT "Post_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "public"."User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE TABLE "Tag" ("id" SERIAL PRIMARY KEY, "name" TEXT NOT NULL, "postId" INTEGER REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE);
INSERT INTO "public"."User" ("email", "name") VALUES ('alice@prisma.io', 'Alice'), ('bob@prisma.io', 'Bob'), ('carol@prisma.io', NULL);
INSERT INTO "public"."Post" ("title", "content", "published", "authorId", "score") VALUES ('Hello', 'First', true, 1, 4.5), ('Draft', NULL, false, 1, 0), ('Bob post', 'Hi', true, 2, 3.25);
INSERT INTO "Tag" ("name", "postId") VALUES ('intro', 1), ('sql', 1), ('misc', 3);
-- probe
SELECT (SELECT count(*) FROM "User") AS u, (SELECT count(*) FROM "Post") AS p, (SELECT count(*) FROM "Tag") AS t;
-- case: prisma findMany
SELECT "public"."User"."id", "public"."User"."email", "public"."User"."name" FROM "public"."User" WHERE 1=1 ORDER BY "public"."User"."id" ASC LIMIT 10 OFFSET 0;
-- case: prisma create returning
INSERT INTO "public"."User" ("email","name","role") VALUES ('dave@prisma.io','Dave','ADMIN') RETURNING "public"."User"."id", "public"."User"."email", "public"."User"."createdAt", "public"."User"."role";
-- case: prisma update returning
UPDATE "public"."Post" SET "published" = true WHERE ("public"."Post"."id" = 2 AND 1=1) RETURNING "public"."Post"."id", "public"."Post"."published";
-- case: prisma foreign key violation
INSERT INTO "public"."Post" ("title", "authorId") VALUES ('Orphan', 99) RETURNING "id";
-- case: prisma delete of a referenced user
DELETE FROM "public"."User" WHERE "id" = 1;
-- case: delete of an unreferenced user
DELETE FROM "public"."User" WHERE "id" = 3 RETURNING "email";
-- case: delete cascading to tags
DELETE FROM "Post" WHERE "id" = 1; SELECT "name" FROM "Tag" ORDER BY "id";
-- case: update of an unreferenced key
UPDATE "User" SET "id" = 30 WHERE "id" = 3 RETURNING "id";
-- case: update of other columns of a referenced row
UPDATE "User" SET "name" = 'Alicia', "role" = 'ADMIN' WHERE "id" = 1 RETURNING "id", "name";
-- case: drizzle json_build_array rows
SELECT "id", "title", (SELECT json_build_array("User"."id", "User"."email") FROM "User" WHERE "User"."id" = "Post"."authorId") AS "author" FROM "Post" ORDER BY "id";
-- case: drizzle coalesce json_agg of arrays
SELECT "User"."id", coalesce((SELECT json_agg(json_build_array("p"."id", "p"."title") ORDER BY "p"."id") FROM "Post" "p" WHERE "p"."authorId" = "User"."id"), '[]'::json) AS "posts" FROM "User" ORDER BY "User"."id";
-- case: json_build_array values and text
SELECT json_build_array(1, 'a', NULL, true, 2.50) AS a, jsonb_build_array('x', 1.0) AS b, json_build_array() AS c, json_build_array(1, 'a')::text AS t, pg_typeof(jsonb_build_array(1)) AS k;
-- case: last day of the month
SELECT (date_trunc('month', date '2024-02-10') + interval '1 month - 1 day')::date AS last_day, interval '2 years - 3 months' AS i, interval '- 1 day' AS j;
