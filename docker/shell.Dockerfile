# syntax=docker/dockerfile:1
# The shell (host app): webpack build served by nginx. At container start the run-time remote
# list (env REMOTE_LIST, JSON) is inlined into index.html, so remotes can move or be
# redeployed without rebuilding this image.
# Build context: the repository root:
#   docker build -f docker/shell.Dockerfile -t shop/shell .
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# --- identical to remote.Dockerfile up to the build step, so both share the layer cache ---
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /out \
 && find . \( -name node_modules -o -name dist -o -name .git \) -prune -o -type f \
      \( -name package.json -o -name package-lock.json -o -name .npmrc \) -print0 \
    | tar --null -cf - -T - | tar -xf - -C /out

# Dependencies of the five front-end workspaces plus the root's (webpack-cli lives there).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
COPY --from=manifests /out/ ./
RUN --mount=type=cache,target=/root/.npm \
    npm install --ignore-scripts --include-workspace-root \
      --workspace shell \
      --workspace remotes/content --workspace remotes/commerce \
      --workspace remotes/users-permissions --workspace remotes/support

FROM deps AS source
COPY . .
# --- end of the shared part ---

FROM source AS build
RUN npm run build --workspace shell

FROM ${NGINX_IMAGE}
COPY docker/nginx/gzip.conf /etc/nginx/conf.d/gzip.conf
COPY docker/nginx/shell.conf /etc/nginx/conf.d/default.conf
COPY --chmod=755 docker/shell/40-remote-list.sh /docker-entrypoint.d/40-remote-list.sh
COPY --from=build /app/shell/dist /usr/share/nginx/html
# index.html is generated from this pristine copy at every start (40-remote-list.sh).
RUN mv /usr/share/nginx/html/index.html /usr/share/nginx/index.template.html \
 && rm -f /usr/share/nginx/html/mf-stats.json /usr/share/nginx/html/*.LICENSE.txt
EXPOSE 80
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1/ || exit 1
