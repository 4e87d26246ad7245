# Salient: the server, the REST API, socket.io and the built web client on one port.
# `docker compose up --build` (see docker-compose.yml) runs it with PostgreSQL and Redis.

# Build stage: every dependency, the web client (with its .br/.gz copies) and the compiled server.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN npm install -g pnpm@10
COPY . .
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @salient/web build \
 && pnpm --filter @salient/server build \
 && pnpm --filter @salient/server deploy --prod --legacy /deploy

# Run stage: plain node on compiled JavaScript, production dependencies only, as an unprivileged user.
# The server finds the migrations and the client from its own place: /app/apps/server/dist.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /deploy/node_modules apps/server/node_modules
COPY --from=build --chown=root:root /deploy/package.json apps/server/package.json
COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist
COPY --from=build --chown=root:root /app/apps/web/dist apps/web/dist
COPY --from=build --chown=root:root /app/prisma prisma
# The embedded database (used only without DATABASE_URL) is the one place the server writes.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Migrations are applied at start-up. SIGTERM stops it gracefully (in-flight actions finish).
WORKDIR /app/apps/server
# A young generation of up to 32 MB per semi-space: a match's state lives about a second between
# moves, and with V8's default it survived into the old generation, whose collections paused the
# event loop for 10-30 ms several times a minute at 300 matches (docs/server.md, Measured).
CMD ["node", "--max-semi-space-size=32", "dist/server.js"]
