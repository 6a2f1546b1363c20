import express, { type Router } from 'express';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ASSETS = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Monitoring Data Service - API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

/**
 * The page's start-up script. Try-it-out on, the online validator off: the page never reaches another
 * host. It loads one service's document at a time, chosen in the top bar: Swagger UI needs seconds per
 * megabyte of OpenAPI 3.1, and the whole document (some 1.6 MB) took 12 s to show its first operation.
 * The service comes from `?urls.primaryName=` or else from a deep link's tag (`#/seismology/...`).
 */
function initScript(services: readonly string[]): string {
  return `(function () {
  var services = ${JSON.stringify(services)};
  var asked = new URLSearchParams(window.location.search).get('urls.primaryName')
    || decodeURIComponent((window.location.hash.split('/')[1] || ''));
  window.ui = SwaggerUIBundle({
    urls: services.map(function (s) { return { name: s, url: '/openapi/' + s + '.json' }; }),
    'urls.primaryName': services.indexOf(asked) >= 0 ? asked : services[0],
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    layout: 'StandaloneLayout',
    deepLinking: true,
    tryItOutEnabled: true,
    validatorUrl: null,
    displayRequestDuration: true,
    persistAuthorization: false,
  });
})();
`;
}

/**
 * The interactive API reference at /docs, rendered in the browser from the per-service documents
 * (`/openapi/<service>.json`, cut from /openapi.json). Every
 * script, style and image comes from this service (the installed swagger-ui-dist package), and a
 * Content-Security-Policy of 'self' makes any attempt to load from elsewhere fail loudly.
 */
export function docsRouter(services: readonly string[]): Router {
  const init = initScript(services);
  const router = express.Router();
  const csp =
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";
  router.get('/docs', (_req, res) => {
    res.setHeader('content-security-policy', csp);
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('html').send(PAGE);
  });
  router.get('/docs/init.js', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.type('application/javascript').send(init);
  });
  router.use(
    '/docs/assets',
    express.static(ASSETS, {
      index: false,
      fallthrough: false,
      maxAge: '1d',
      // Only the files the page uses; the package also ships source maps and an example index.
      setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
    }),
  );
  return router;
}
