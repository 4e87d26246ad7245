-- Every action updates its match row (seq, whose turn, updated_at). With updated_at in an index,
-- no such update could be a HOT update: each wrote a new row version elsewhere plus an entry in
-- every index of matches (five), and left a dead version behind, which the embedded database
-- (no autovacuum) never cleaned. The lobby's open list is the one ordered by creation, so the
-- status index now pairs with created_at, a column an action never changes.

-- DropIndex
DROP INDEX "matches_status_updated_at_idx";

-- CreateIndex
CREATE INDEX "matches_status_created_at_idx" ON "matches"("status", "created_at");

-- Room on each page for a row's next version, so that an action's update stays on its page (HOT).
-- Prisma's schema cannot express a storage parameter, and its schema diff does not compare them.
ALTER TABLE "matches" SET (fillfactor = 70);
