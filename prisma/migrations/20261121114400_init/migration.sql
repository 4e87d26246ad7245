-- CreateTable
CREATE TABLE "users" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "email" TEXT,
    "webhook_url" TEXT,
    "notify_by_email" BOOLEAN NOT NULL DEFAULT false,
    "notify_by_webhook" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessions" (
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "matches" (
    "id" TEXT NOT NULL,
    "game" TEXT NOT NULL,
    "scenario" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "visibility" TEXT NOT NULL,
    "invite_code" TEXT,
    "time_control" JSONB NOT NULL,
    "seed" TEXT NOT NULL,
    "seed_hash" TEXT NOT NULL,
    "seq" INTEGER NOT NULL DEFAULT 0,
    "turn" TEXT NOT NULL DEFAULT '',
    "phase" TEXT NOT NULL DEFAULT '',
    "to_act" JSONB NOT NULL DEFAULT '[]',
    "outcome" JSONB,
    "clock" JSONB,
    "clock_since" TIMESTAMP(3),
    "deadline" TIMESTAMP(3),
    "created_by_id" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),
    "rematch_of" TEXT,
    "imported" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "matches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "match_seats" (
    "match_id" TEXT NOT NULL,
    "seat" TEXT NOT NULL,
    "user_id" TEXT,
    "position" INTEGER NOT NULL,

    CONSTRAINT "match_seats_pkey" PRIMARY KEY ("match_id","seat")
);

-- CreateTable
CREATE TABLE "match_actions" (
    "match_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "seat" TEXT NOT NULL,
    "action" JSONB,
    "events" JSONB NOT NULL,
    "undoable" BOOLEAN NOT NULL,
    "undone" BOOLEAN NOT NULL DEFAULT false,
    "undoes" JSONB,
    "client_action_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "match_actions_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "match_snapshots" (
    "match_id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "state" JSONB NOT NULL,

    CONSTRAINT "match_snapshots_pkey" PRIMARY KEY ("match_id","seq")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" BIGSERIAL NOT NULL,
    "match_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE INDEX "sessions_user_id_idx" ON "sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "matches_invite_code_key" ON "matches"("invite_code");

-- CreateIndex
CREATE INDEX "matches_status_updated_at_idx" ON "matches"("status", "updated_at");

-- CreateIndex
CREATE INDEX "match_seats_user_id_idx" ON "match_seats"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "match_actions_match_id_client_action_id_key" ON "match_actions"("match_id", "client_action_id");

-- CreateIndex
CREATE INDEX "chat_messages_match_id_channel_id_idx" ON "chat_messages"("match_id", "channel", "id");

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "matches" ADD CONSTRAINT "matches_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_seats" ADD CONSTRAINT "match_seats_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_seats" ADD CONSTRAINT "match_seats_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_actions" ADD CONSTRAINT "match_actions_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "match_snapshots" ADD CONSTRAINT "match_snapshots_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches"("id") ON DELETE CASCADE ON UPDATE CASCADE;
