-- AlterTable
ALTER TABLE "match_actions" ALTER COLUMN "action" SET DATA TYPE JSON,
ALTER COLUMN "events" SET DATA TYPE JSON;

-- AlterTable
ALTER TABLE "match_snapshots" ALTER COLUMN "state" SET DATA TYPE JSON;
