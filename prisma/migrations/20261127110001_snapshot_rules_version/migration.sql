-- AlterTable
ALTER TABLE "match_snapshots" ADD COLUMN     "rules_version" TEXT;
