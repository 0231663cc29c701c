# syntax=docker/dockerfile:1
# Production image: `docker build -t calloway-artists .` then
# `docker run -p 3000:3000 -e SITE_URL=https://www.your-agency.example calloway-artists`.
# Behind a company's npm mirror or TLS-inspecting proxy, hand npm its .npmrc and CA bundle as build secrets
# (docs/deploy.md, "In a container"): `docker build --secret id=npmrc,src=$HOME/.npmrc
#   --secret id=npm_ca,src=/etc/ssl/certs/ca-certificates.crt -t calloway-artists .`
# `npm run test:images` (scripts/cli/test-images.mjs) builds this image from a clean clone and checks it.
ARG NODE_IMAGE=node:24-bookworm-slim

# Build with every dependency: the content check and the Remix compiler are dev tools.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# vendor/ holds a dependency installed from the project itself (vendor/global/README.md).
COPY package.json package-lock.json ./
COPY vendor ./vendor
# No stage runs an install script (--ignore-scripts), so none needs Python or a compiler, and nothing is fetched
# but from the npm registry: better-sqlite3 13 ships its compiled module (Linux glibc and musl, x64 and arm64)
# inside its npm package and has no script ("gypfile": false); the only others are esbuild's postinstall checks
# of the binary its optional dependency brings. The secrets, each optional and never in the image: an .npmrc
# (a mirror, its token) and the CA bundle npm must trust. The cache keeps npm's downloads between builds.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false --mount=type=secret,id=npm_ca,required=false \
  --mount=type=cache,target=/root/.npm,sharing=locked \
  if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --ignore-scripts --no-audit --no-fund --no-update-notifier
COPY . .
RUN npm run build

# Only what the server imports at run time.
FROM ${NODE_IMAGE} AS production-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
COPY vendor ./vendor
# The same install, production dependencies only; then the analytics store's native module is loaded once, so
# a platform without a binary in the package fails here, at build, rather than at the first page view.
RUN --mount=type=secret,id=npmrc,target=/root/.npmrc,required=false --mount=type=secret,id=npm_ca,required=false \
  --mount=type=cache,target=/root/.npm,sharing=locked \
  if [ -s /run/secrets/npm_ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/npm_ca; fi \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund --no-update-notifier \
  && node -e "new (require('better-sqlite3'))(':memory:').close()"

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
