# Salient: the server, the REST API, socket.io and the built web client on one port.
# `docker compose up --build` (see docker-compose.yml) runs it with PostgreSQL and Redis.
FROM node:20-bookworm-slim
WORKDIR /app
RUN npm install -g pnpm@10
COPY . .
# Development dependencies are needed to build the client (vite) and run TypeScript (tsx).
RUN pnpm install --frozen-lockfile \
 && pnpm --filter @salient/web build \
 && pnpm --filter @salient/server prisma:generate
ENV NODE_ENV=production \
    PORT=3000 \
    WEB_DIST=/app/apps/web/dist
EXPOSE 3000
# Migrations are applied at start-up. SIGTERM stops it gracefully (in-flight actions finish).
WORKDIR /app/apps/server
CMD ["node", "--import", "tsx", "src/main.ts"]
