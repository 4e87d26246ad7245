-- Usernames become unique regardless of case (Alice = alice): each account gets its name folded to
-- lower case in username_key, which is unique, while the display spelling stays in username.

-- AlterTable: nullable first, so existing accounts can be filled in.
ALTER TABLE "users" ADD COLUMN     "username_key" TEXT;

-- Existing accounts: the oldest holder of a folded name keeps it. A later account whose name differs
-- only by case (possible before this migration) gets a key no sign-in can type, so the index can be
-- built. It still signs in with its exact spelling, which stays unique.
UPDATE "users" AS u SET "username_key" = CASE
    WHEN EXISTS (
      SELECT 1 FROM "users" AS o
      WHERE lower(o."username") = lower(u."username")
        AND (o."created_at", o."id") < (u."created_at", u."id")
    ) THEN lower(u."username") || ' ' || u."id"
    ELSE lower(u."username")
  END;

ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key_key" ON "users"("username_key");
