# The production image: built once (`docker build -t pbw-server .`), runs
# `node dist/main.js` as the unprivileged `node` user, with tini as PID 1 so
# that SIGTERM reaches the server (which then shuts down in order, see
# README "Operations") and exited children are reaped. Configure it with the
# environment (README "Configuration"); DATABASE_URL and SMTP_URL are meant
# to be set here.

# ---- build: everything needed to compile, then only what runs -----------------
FROM node:20-bookworm-slim AS build
WORKDIR /app
# Dependencies first, so that a change of sources alone reuses this layer.
# postinstall generates the Prisma client from the schema.
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts ./scripts
COPY prisma ./prisma
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# ---- run ------------------------------------------------------------------------
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/.data \
    LOG_FORMAT=json \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
# The migrations, applied at start-up (src/database/migrator.ts reads them from here).
COPY --from=build /app/prisma ./prisma
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--max-old-space-size=384", "dist/main.js"]
