-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "auto_pass" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "seen_seq" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "rematch_offers" (
    "id" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "from_user_id" TEXT NOT NULL,
    "to_user_id" TEXT NOT NULL,
    "seating" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "new_match_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMP(3),

    CONSTRAINT "rematch_offers_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "rematch_offers_match_id_key" ON "rematch_offers"("match_id");

-- CreateIndex
CREATE INDEX "rematch_offers_to_user_id_status_idx" ON "rematch_offers"("to_user_id", "status");

-- AddForeignKey
ALTER TABLE "rematch_offers" ADD CONSTRAINT "rematch_offers_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
