-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "bot" TEXT,
ADD COLUMN     "bot_claim_seq" INTEGER,
ADD COLUMN     "bot_claimed_at" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "computer" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "hints" BOOLEAN NOT NULL DEFAULT false;
