-- AlterTable
ALTER TABLE "match_seats" ADD COLUMN     "rating_after" INTEGER,
ADD COLUMN     "rating_at_start" INTEGER,
ADD COLUMN     "rating_provisional" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "matches" ADD COLUMN     "rated" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "rating_max" INTEGER,
ADD COLUMN     "rating_min" INTEGER,
ADD COLUMN     "tournament_id" TEXT,
ADD COLUMN     "tournament_round" INTEGER;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "last_seen_at" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "player_ratings" (
    "user_id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "volatility" DOUBLE PRECISION NOT NULL,
    "games" INTEGER NOT NULL DEFAULT 0,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_ratings_pkey" PRIMARY KEY ("user_id","game")
);

-- CreateTable
CREATE TABLE "rating_changes" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "before" DOUBLE PRECISION NOT NULL,
    "rating" DOUBLE PRECISION NOT NULL,
    "rd" DOUBLE PRECISION NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rating_changes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_notes" (
    "match_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_notes_pkey" PRIMARY KEY ("match_id","user_id")
);

-- CreateTable
CREATE TABLE "challenges" (
    "id" TEXT NOT NULL,
    "from_id" TEXT NOT NULL,
    "to_id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "scenario" TEXT NOT NULL,
    "seat" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "time_control" JSONB NOT NULL,
    "rated" BOOLEAN NOT NULL DEFAULT false,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "decline_reason" TEXT,
    "match_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answered_at" TIMESTAMP(3),

    CONSTRAINT "challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournaments" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "scenario" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "time_control" JSONB NOT NULL,
    "rated" BOOLEAN NOT NULL DEFAULT true,
    "size" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'registering',
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "tournaments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tournament_entries" (
    "tournament_id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "position" INTEGER,
    "joined_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tournament_entries_pkey" PRIMARY KEY ("tournament_id","user_id")
);

-- CreateTable
CREATE TABLE "tournament_timeouts" (
    "id" BIGSERIAL NOT NULL,
    "user_id" TEXT NOT NULL,
    "tournament_id" TEXT NOT NULL,
    "match_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tournament_timeouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "player_ratings_game_rating_idx" ON "player_ratings"("game", "rating");

-- CreateIndex
CREATE INDEX "rating_changes_user_id_game_created_at_idx" ON "rating_changes"("user_id", "game", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "rating_changes_match_id_user_id_key" ON "rating_changes"("match_id", "user_id");

-- CreateIndex
CREATE INDEX "challenges_to_id_status_idx" ON "challenges"("to_id", "status");

-- CreateIndex
CREATE INDEX "challenges_from_id_status_idx" ON "challenges"("from_id", "status");

-- CreateIndex
CREATE INDEX "tournaments_status_created_at_idx" ON "tournaments"("status", "created_at");

-- CreateIndex
CREATE INDEX "tournament_entries_user_id_idx" ON "tournament_entries"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "tournament_timeouts_match_id_key" ON "tournament_timeouts"("match_id");

-- CreateIndex
CREATE INDEX "tournament_timeouts_user_id_created_at_idx" ON "tournament_timeouts"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "matches_tournament_id_idx" ON "matches"("tournament_id");

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_notes" ADD CONSTRAINT "match_notes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_fkey" FOREIGN KEY ("tournament_id") REFERENCES "tournaments"("id") ON DELETE CASCADE ON UPDATE CASCADE;
