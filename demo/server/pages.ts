/**
 * The second origin: the demo host page (a fake shop embedding the widget with the public
 * snippet only) and any other page dropped into `demo/pages/`. HTML files may use
 * `{{API_ORIGIN}}`, `{{API_URL}}`, `{{WIDGET_URL}}`, `{{PAGES_ORIGIN}}` and `{{PROJECT_ID}}`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.ts';
import { serveStatic } from './static.ts';

export interface PagesDeps {
  pagesDir: string;
  vars: () => Record<string, string>;
}

export function createPagesHandler(deps: PagesDeps): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    serveStatic(req, res, deps.pagesDir, url.pathname.slice(1), { templateVars: deps.vars }).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'could not read the page' });
    });
  };
}
