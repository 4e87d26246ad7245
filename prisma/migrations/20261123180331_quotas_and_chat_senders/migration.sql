-- AlterTable
ALTER TABLE "chat_messages" ADD COLUMN     "sender_key" TEXT;

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "created_from" TEXT;

-- CreateIndex
CREATE INDEX "chat_messages_match_id_sender_key_idx" ON "chat_messages"("match_id", "sender_key");

-- CreateIndex
CREATE INDEX "matches_created_by_id_status_idx" ON "matches"("created_by_id", "status");

-- CreateIndex
CREATE INDEX "matches_created_from_status_idx" ON "matches"("created_from", "status");
