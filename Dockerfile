# syntax=docker/dockerfile:1
# Three stages: production dependencies (native SQLite binding compiled here), the build, the runtime.
FROM node:20-bookworm-slim AS toolchain
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./

FROM toolchain AS deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime: production dependencies and built output only, as the unprivileged `node` user.
FROM node:20-bookworm-slim AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends fonts-wqy-microhei && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 CMS_DB=/app/data/cms.sqlite
# Memory (docs/operating.md "Memory"): two malloc arenas instead of one per thread-pool thread, as `npm start` runs
# it; HEAP_GROWTH_PERCENT (default 10) is applied by the edge itself.
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/public ./public
# The embedded demo service copies its committed video and draws CJK captions on its generated images.
COPY --from=build /app/cms/db/demo/assets ./cms/db/demo/assets
RUN mkdir -p /app/data && chown -R node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--max-semi-space-size=32", "dist/server/main.js"]
