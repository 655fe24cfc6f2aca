# syntax=docker/dockerfile:1
# One federated remote (content | commerce | users-permissions | support): its webpack build
# (remoteEntry.js, mf-manifest.json, hashed chunks) served by nginx at the container's root.
# The gateway maps /remotes/<name>/ onto it; publicPath is 'auto', so the same image also
# works at any other path or origin (CORS is open for the manifest fetch).
# Build context: the repository root:
#   docker build -f docker/remote.Dockerfile --build-arg REMOTE=content -t shop/remote-content .
ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.27-alpine

# --- the same first stages for every remote, so one compose build installs the front-end dependencies once ---
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
ARG REMOTE
RUN case "$REMOTE" in \
      content|commerce|users-permissions|support) ;; \
      *) echo "build arg REMOTE must be content, commerce, users-permissions or support (got '$REMOTE')" >&2; exit 1 ;; \
    esac \
 && npm run build --workspace "remotes/$REMOTE"

FROM ${NGINX_IMAGE}
ARG REMOTE
LABEL org.opencontainers.image.title="remote-${REMOTE}"
COPY docker/nginx/gzip.conf /etc/nginx/conf.d/gzip.conf
COPY docker/nginx/remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/remotes/${REMOTE}/dist /usr/share/nginx/html
RUN rm -f /usr/share/nginx/html/*.LICENSE.txt
EXPOSE 80
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1/remoteEntry.js || exit 1
