# syntax=docker/dockerfile:1
# The API server (Fastify, run from TypeScript source with tsx).
# Build context: the repository root:
#   docker build -f docker/server.Dockerfile -t shop/server .
ARG NODE_IMAGE=node:20-bookworm-slim

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
COPY tsconfig.base.json ./
COPY shared/ ./shared/
COPY server/ ./server/

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    SERVE_STATIC=false
WORKDIR /app
COPY --from=deps /app /app
# DATA_DIR holds uploads, the mail outbox and the app key; owned by the unprivileged user so a
# fresh named volume mounted here inherits the ownership.
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app/server
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/site-information').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Same as `npx tsx src/main.ts`, but node is PID 1 and receives SIGTERM directly
# (main.ts closes the server on SIGTERM).
CMD ["node", "--import", "tsx", "src/main.ts"]
