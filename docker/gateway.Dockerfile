# syntax=docker/dockerfile:1
# The gateway: one URL in front of the server and the remotes (DESIGN.md "Single URL").
# Upstreams are read from GATEWAY_* environment variables at start (nginx image templates) and
# resolved per request through Docker's DNS, so a container can be replaced or moved without
# restarting the gateway.
# Build context: the repository root:
#   docker build -f docker/gateway.Dockerfile -t shop/gateway .
ARG NGINX_IMAGE=nginx:1.27-alpine
FROM ${NGINX_IMAGE}
ENV NGINX_ENVSUBST_FILTER=^GATEWAY_ \
    GATEWAY_RESOLVER=127.0.0.11 \
    GATEWAY_SERVER=http://server:8080 \
    GATEWAY_MEDIA_CACHE_DIR=/var/cache/nginx/media \
    GATEWAY_REMOTE_CONTENT=http://remote-content:80 \
    GATEWAY_REMOTE_COMMERCE=http://remote-commerce:80 \
    GATEWAY_REMOTE_USERS_PERMISSIONS=http://remote-users-permissions:80 \
    GATEWAY_REMOTE_SUPPORT=http://remote-support:80
RUN rm -f /etc/nginx/conf.d/default.conf
COPY docker/nginx/gzip.conf /etc/nginx/conf.d/gzip.conf
COPY docker/nginx/gateway.conf /etc/nginx/templates/gateway.conf.template
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --retries=3 CMD wget -q -O /dev/null http://127.0.0.1:8080/gateway-health || exit 1
