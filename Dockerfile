# Production images of the API and the admin (README "Deploy"). Stages:
#   api: the API (NODE_ENV=production) with Debian's Chromium for the cookie scanner;
#   web: the admin's static build, served by nginx.
# Build the admin for its public API address: --build-arg VITE_API_URL=https://api.example.com

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
ARG VITE_API_URL=http://127.0.0.1:3001
ENV VITE_API_URL=${VITE_API_URL}
RUN npm run build && npm run build:banner

FROM node:20-bookworm-slim AS api
# The scanner drives Chromium's headless shell (about a third of the full browser's CPU per page,
# docs/performance.md), the full Chromium where it is missing; fonts so that pages lay out as in a browser.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium chromium-headless-shell fonts-dejavu-core ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# The API runs its TypeScript with tsx, a dev dependency: the whole install is kept.
COPY --from=build /app /app
RUN mkdir -p /app/var && chown node:node /app/var
USER node
ENV NODE_ENV=production \
    API_HOST=0.0.0.0 \
    API_PORT=3001 \
    DB_FILE=/app/var/db.json \
    CHROMIUM_PATH=/usr/bin/chromium
VOLUME ["/app/var"]
EXPOSE 3001
CMD ["node_modules/.bin/tsx", "dev-server/index.ts"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/dist /usr/share/nginx/html
# A single-page app: unknown paths serve index.html, the router picks the screen.
RUN printf 'server {\n  listen 80;\n  root /usr/share/nginx/html;\n  location / { try_files $uri /index.html; }\n}\n' > /etc/nginx/conf.d/default.conf
EXPOSE 80
