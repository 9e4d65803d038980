FROM node:20-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/schema/package.json packages/schema/
COPY packages/ui/package.json packages/ui/
COPY apps/sync-server/package.json apps/sync-server/
COPY apps/pwa/package.json apps/pwa/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
EXPOSE 8080
CMD ["node", "--import", "tsx", "apps/sync-server/src/main.ts"]
