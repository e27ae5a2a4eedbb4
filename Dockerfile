# Production-like image: the API (serving the built site and back office) and the workers run from the
# same image with different commands (see docker-compose.yml).

# Build stage: the full Node image has the compiler that `npm install` may need for argon2
# (api/src/install/ensure-argon2.ts), and builds the site and back office.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY db/package.json db/
COPY fixtures/package.json fixtures/
COPY workers/package.json workers/
COPY site/package.json site/
COPY admin/package.json admin/
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN node --import tsx api/src/install/ensure-argon2.ts && npm run build

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
ENV NODE_ENV=production PORT=3000
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "api/src/main.ts"]
