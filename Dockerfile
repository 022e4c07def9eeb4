# syntax=docker/dockerfile:1
# The production image: build with the dev dependencies, ship only the production ones and
# the build. tests/e2e/production-install.spec.ts builds and runs it (Podman) in `npm test`.
#   docker build --build-arg SITE_URL=https://your.domain [--build-arg BOOKING_OFFERED=true] -t isla-digital .
#   docker run -p 3000:3000 -v site-data:/data --env-file site.env isla-digital
# The Node version is the project's own (the `node` dev dependency).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm's download cache is a cache mount, kept out of the layers and from one build to the next:
# a changed lock file fetches only the packages that changed, and the deps stage reuses this
# stage's downloads. (The layers themselves are rebuilt only when the lock file changes.)
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# Prerendered pages carry absolute URLs: the public origin is fixed when building. So is where
# their calls to action lead: the booking page with BOOKING_OFFERED=true (the calendar's
# secret address is given at run time only), else the contact page.
ARG SITE_URL
ARG BOOKING_OFFERED
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional too: TypeScript and React's types are optional peers of runtime packages and
# dev dependencies here, which --omit=dev alone keeps. No runtime package needs an optional one.
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --omit=optional --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# tini as PID 1 reaps zombies and passes SIGTERM on, so the server's graceful shutdown runs.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data \
  && chown node:node /data
# The pages carry the address they were built with; the server checks at start that SITE_URL matches.
ARG SITE_URL
ENV NODE_ENV=production \
  SITE_URL=${SITE_URL} \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATABASE_PATH=/data/site.db
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY deploy/node-options.env ./deploy/
# The owner's commands and the go-live check run from their TypeScript sources (Node 24 strips
# types): docker exec <container> npm run inbox -- list, npm run panel -- invite <e-mail>, npm run stats
COPY scripts/inbox.ts scripts/stats.ts scripts/panel.ts scripts/command-line.ts scripts/check-launch.ts ./scripts/
COPY app ./app
# The content the server checks at start and the catalogues it reads (the articles are in the build).
COPY content/*.json ./content/
COPY content/locales ./content/locales
# The SQLite database; with DATABASE_URL (PostgreSQL) nothing is written here.
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["tini", "--"]
CMD ["node", "--env-file=deploy/node-options.env", "server.js"]
