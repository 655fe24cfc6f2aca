# syntax=docker/dockerfile:1
# The server (Fastify), compiled to JavaScript by server/build.mjs (esbuild): no tsx at run time.
# It answers the API, media and feeds, renders the public pages with the shell's server bundle and
# serves the shell's files (issue 9); the remotes' builds stay in their own images, and the server
# fetches their server bundles through the gateway (REMOTES_ORIGIN).
# Build context: the repository root:
#   docker build -f docker/server.Dockerfile -t shop/server .
ARG NODE_IMAGE=node:24-bookworm-slim

# Only the npm manifests of the tree, so the dependency layer below is rebuilt only when a
# package.json or the lockfile changes, not on every source edit.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && find . \( -name node_modules -o -name dist -o -name .git \) -prune -o -type f \
      \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print0 \
    | tar --null -cf - -T - | tar -xf - -C /out

# Production dependencies of the server workspace and of the shared workspaces it uses
# (linked as node_modules/@shop/* → ../../shared/*). `npm ci` rejects this lockfile
# (TOOLCHAIN.md): `npm install` it is. Install scripts are not needed (prebuilt binaries).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --omit=dev --workspace server --ignore-scripts
COPY server/ ./server/

# The compiled bundle: the workspace's TypeScript packages (@shop/*) are bundled in, so their
# sources are not needed at run time.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --workspace server --ignore-scripts
COPY shared/ ./shared/
COPY server/ ./server/
RUN cd server && node build.mjs

# The shell's build: browser files and the server bundle that renders public pages.
FROM ${NODE_IMAGE} AS shell
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --ignore-scripts --include-workspace-root --workspace shell
COPY . .
RUN npm run build --workspace shell \
 && rm -f shell/dist/mf-stats.json shell/dist/*.LICENSE.txt

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SERVE_STATIC=true
# Debian's ffmpeg transcodes lesson videos to HLS (issue 24; modules/lessons/).
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=deps /app /app
COPY --from=build /app/server/dist /app/server/dist
COPY --from=shell /app/shell/dist /app/shell/dist
# DATA_DIR holds uploads, the mail outbox and the app key; owned by the unprivileged user so a
# fresh named volume mounted here inherits the ownership.
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/server
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1 and receives SIGTERM directly: main.ts drains the requests in flight and closes
# the database. Backups: `node dist/db-backup.js` (PGlite) or pg_dump (PostgreSQL). The flags and
# the allocator setting are server/process-options.json's (server/README.md «Memory»).
ENV MALLOC_MMAP_THRESHOLD_=131072
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=4", "dist/main.js"]
