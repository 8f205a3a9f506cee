# syntax=docker/dockerfile:1
#
# Workspace Ontology Service image.
#   build:   all dependencies (npm ci), TypeScript -> dist/, then dev dependencies pruned
#   runtime: Node 26 (LTS), production dependencies only, non-root, data in the /data volume
#
#   docker build -t workspace-ontology-service .
#   docker run -p 127.0.0.1:3000:3000 -v wos-data:/data workspace-ontology-service

ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS build
# The native addons (better-sqlite3, usearch, onnxruntime-node) ship prebuilt N-API binaries
# for linux x64 and arm64 inside their npm packages. better-sqlite3's install step still runs
# node-gyp (python3, make), which builds nothing when a prebuilt binary fits; it, and
# usearch's install script, compile the addon when none fits, which needs a C++ compiler.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The lockfile was written by npm 11.19, which reads package.json's `allowScripts`: it runs
# the install scripts allowed there and skips the ones denied (onnxruntime-node's download of
# optional GPU files; @scarf/scarf's telemetry, also switched off below for any npm that
# ignores the field). Node 26 images ship that npm already; the pin keeps it so whichever
# 26.x the tag points at.
ARG NPM_VERSION=11.19.1
RUN npm install -g "npm@${NPM_VERSION}"
ENV SCARF_ANALYTICS=false
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
# Application files stay owned by root: the service only writes to DATA_DIR.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# Served at /openapi.yaml and /docs; the server reads it relative to dist/.
COPY docs/api ./docs/api
# Neo4j constraints and indexes, applied at start-up when NEO4J_URI is set (read relative to dist/).
COPY cypher/schema ./cypher/schema
RUN mkdir -p /data && chown node:node /data
# `node` (uid 1000) is the unprivileged user of the official Node images.
USER node
VOLUME ["/data"]
EXPOSE 3000
# Node itself probes /health: the slim image has neither curl nor wget.
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# main.ts handles SIGTERM (graceful close), so node can run as PID 1 directly.
CMD ["node", "--max-semi-space-size=32", "dist/main.js"]
