# syntax=docker/dockerfile:1
# Production image: `docker build -t calloway-artists .` then
# `docker run -p 3000:3000 -e SITE_URL=https://www.your-agency.example calloway-artists`.
ARG NODE_IMAGE=node:20-bookworm-slim

# Build with every dependency: the content check and the Remix compiler are dev tools.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# vendor/ holds a dependency installed from the project itself (vendor/global/README.md).
COPY package.json package-lock.json ./
COPY vendor ./vendor
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only what the server imports at run time.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor ./vendor
# No package's install script runs but better-sqlite3's (the analytics store's native module), which
# fetches its prebuilt binary or, where it cannot, compiles it with these tools (this stage only).
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3 && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production PORT=3000
WORKDIR /app
# Owned by root and run as the unprivileged `node` user: the server only reads its files, and
# writes only data/, the analytics store's default place (docs/deploy.md, "Analytics"): a volume.
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=production-dependencies /app/vendor ./vendor
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The compiled content's data, which the server build imports beside it (remix.config.js).
COPY --from=build /app/app/content/generated.data.js ./app/content/generated.data.js
COPY package.json ./
RUN mkdir data && chown node:node data
VOLUME /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs as PID 1 and handles SIGTERM itself: it finishes requests in flight, then exits 0.
CMD ["node", "build/server.js"]
