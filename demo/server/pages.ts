/**
 * Static folders served with `express.static`, whose HTML pages may carry `{{KEY}}` placeholders
 * filled in when served: the agent console and the dashboard on the API origin, and the second
 * origin (the demo host page, a fake shop embedding the widget with the public snippet only, and
 * any page dropped into `demo/pages/`, which may use `{{API_ORIGIN}}`, `{{API_URL}}`,
 * `{{WIDGET_URL}}`, `{{PAGES_ORIGIN}}`, `{{PROJECT_ID}}` and `{{MQTT_ENDPOINT}}`: the Chat21 broker's
 * path, '' in reference mode).
 * Everything is `Cache-Control: no-cache` (the widget is rebuilt often) and readable cross-origin.
 */
import { readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import express, { Router } from 'express';

export type TemplateVars = () => Record<string, string>;

export function fillTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (whole, key: string) => vars[key] ?? whole);
}

function demoHeaders(res: ServerResponse, file: string): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // RFC 9239's type for scripts (`send` would say application/javascript).
  if (/\.m?js$/.test(file)) res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
}

/** `<root>/<url path>` for an HTML page, or undefined when it would leave the root. */
function htmlFileAt(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath);
  } catch {
    return undefined;
  }
  if (!decoded.endsWith('.html') || decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/** `root` as a static folder; with `vars`, its HTML pages are templates. Unknown files: 404. */
export function staticFolder(root: string, vars?: TemplateVars): Router {
  const folder = path.resolve(root);
  const router = Router();
  if (vars) {
    router.get('*', (req, res, next) => {
      // `/console` without its slash: express.static redirects to `/console/` first.
      const mountRoot = req.path === '/' && !req.originalUrl.split('?')[0]?.endsWith('/');
      const file = mountRoot ? undefined : htmlFileAt(folder, req.path);
      if (!file) return next();
      readFile(file, 'utf8').then(
        (text) => {
          demoHeaders(res, file);
          res.type('html').send(fillTemplate(text, vars()));
        },
        () => next(),
      );
    });
  }
  router.use(express.static(folder, { cacheControl: false, setHeaders: demoHeaders }));
  router.use((_req, res) => res.status(404).json({ error: 'Not found' }));
  return router;
}

/** The pages origin. */
export function createPagesApp(pagesDir: string, vars: TemplateVars): express.Express {
  const app = express();
  app.use(staticFolder(pagesDir, vars));
  return app;
}
