# Tempo in a container: pack the server and the two packages it depends on (@tempo-forecast/core and
# @tempo-forecast/client, not yet published), install the three with production dependencies only,
# and run it as a non-root user. The install step is scripts/install-from-pack.sh, which
# `npm run test:package` also runs, so the image's build steps are tested on machines without Docker.

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt binary can be downloaded
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY package.json package-lock.json ./
# the workspace packages' manifests, so `npm ci` finds the workspaces the lockfile names
COPY packages/core/package.json packages/core/
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY . .
# prepack builds the WebAssembly core, the packages and the TypeScript before packing; the script
# takes the packages' tarballs from beside the server's (tempo-forecast-core-*, -client-*)
RUN npm pack --workspaces --include-workspace-root --pack-destination /tmp/pkg \
 && sh scripts/install-from-pack.sh /tmp/pkg/tempo-forecast-[0-9]*.tgz /app

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    TEMPO_DATA_DIR=/data
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
WORKDIR /app
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# exec form: SIGTERM reaches tempo directly, which drains before exiting
CMD ["node", "node_modules/tempo-forecast/bin/tempo.js", "serve"]
