/**
 * The API origin's request pipeline. In order: the demo's own paths (`/__demo`, `/widget/`,
 * `/console/`, `/demo-assets/`), then the API itself, at the root and under `/v3`, layered like
 * the reference's app.js: fault gateway → body parsers (their 413/500 come before CORS, so a
 * browser sees them as network errors, as with the reference) → cors() → routers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createAdminRouter, type AdminDeps } from './demoAdmin.ts';
import { registerAuth } from './auth.ts';
import { registerDepartments } from './departments.ts';
import type { Faults } from './faults.ts';
import { registerProjectFiles, registerPublicFiles } from './files.ts';
import type { Body, Ctx } from './http.ts';
import { answerPreflight, applyCors, BodyError, parseBody, sendHtml, sendJson } from './http.ts';
import { registerLabels } from './labels.ts';
import { registerMessages } from './messages.ts';
import type { AuthDeps } from './passport.ts';
import { demoAssets } from './png.ts';
import { PRICE_LIST, priceListSize } from './demoFiles.ts';
import { banFilter, projectSetter } from './projectSetter.ts';
import { registerProjects } from './projects.ts';
import { registerRequests } from './requests.ts';
import { Router } from './router.ts';
import { DEMO_PROJECT_ID } from './seed.ts';
import { serveStatic } from './static.ts';
import { registerWidgets } from './widgets.ts';

export interface ApiDeps extends AuthDeps {
  faults: Faults;
  distDir: string;
  consoleDir: string;
  /** The settings dashboard with live previews (`/dashboard/`). */
  dashboardDir: string;
  info: AdminDeps['info'];
  log: (line: string) => void;
}

const HELLO = "Hello from the Porchlight demo service (a stand-in for the Tiledesk server). It's UP.";

/** The API routes in the reference's mount order (see server-contract §0). */
export function createApiRouter(deps: ApiDeps): Router {
  const router = new Router();
  router.get('/', (ctx) => sendHtml(ctx.res, 200, HELLO));
  registerAuth(router, deps);
  registerPublicFiles(router, deps);
  registerProjects(router, deps);
  router.use('/:projectid', projectSetter(deps.store), banFilter);
  registerMessages(router, deps);
  registerDepartments(router, deps);
  registerWidgets(router, deps.store);
  registerRequests(router, deps);
  registerLabels(router, deps);
  registerProjectFiles(router, deps);
  return router;
}

function newCtx(req: IncomingMessage, res: ServerResponse, url: URL, path: string, body: Body): Ctx {
  return { req, res, method: req.method ?? 'GET', path, originalPath: url.pathname, query: url.searchParams, params: {}, body, locals: {} };
}

/** `/v3/x` → `/x`; anything else unchanged. */
export function apiPathOf(pathname: string): string {
  if (pathname === '/v3' || pathname === '/v3/') return '/';
  return pathname.startsWith('/v3/') ? pathname.slice(3) : pathname;
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(301, { Location: location, 'Content-Length': '0' });
  res.end();
}

/** `{{…}}` of the console's HTML: the default project (`?project=` picks another) and the demo file. */
function consoleVars(): Record<string, string> {
  return { PROJECT_ID: DEMO_PROJECT_ID, API_URL: '/v3', PRICE_LIST_PATH: PRICE_LIST.path, PRICE_LIST_SIZE: String(priceListSize()) };
}

export function createApiHandler(deps: ApiDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const api = createApiRouter(deps);
  const admin = createAdminRouter(deps);
  const assets = demoAssets();

  async function handleAdmin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(res);
    let body: Body;
    try {
      body = await parseBody(req);
    } catch (err) {
      if (!(err instanceof BodyError)) throw err;
      return sendJson(res, 400, { error: 'the body must be JSON (at most 512000 bytes)' });
    }
    await admin.handle(newCtx(req, res, url, url.pathname, body));
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = apiPathOf(url.pathname);
    if (await deps.faults.gate(req, res, path)) return;
    const body = await parseBody(req);
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(res);
    await api.handle(newCtx(req, res, url, path, body));
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    if (path === '/__demo' || path.startsWith('/__demo/')) return handleAdmin(req, res, url);
    if (path === '/widget' || path === '/console' || path === '/dashboard') return redirect(res, `${path}/`);
    if (path.startsWith('/widget/')) return serveStatic(req, res, deps.distDir, path.slice('/widget/'.length));
    if (path.startsWith('/console/')) {
      return serveStatic(req, res, deps.consoleDir, path.slice('/console/'.length), { templateVars: consoleVars });
    }
    // The settings dashboard with live previews (it imports the built widget from /widget/).
    if (path.startsWith('/dashboard/')) {
      const pagesOrigin = String(deps.info().pagesOrigin ?? '');
      return serveStatic(req, res, deps.dashboardDir, path.slice('/dashboard/'.length), { templateVars: () => ({ ...consoleVars(), PAGES_ORIGIN: pagesOrigin }) });
    }
    const asset = path.startsWith('/demo-assets/') ? assets.get(path.slice('/demo-assets/'.length)) : undefined;
    if (asset) {
      res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(asset.length), 'Cache-Control': 'no-cache', 'Access-Control-Allow-Origin': '*' });
      return void res.end(req.method === 'HEAD' ? undefined : asset);
    }
    return handleApi(req, res, url);
  }

  return (req, res) => {
    const started = Date.now();
    // Polling GETs would drown the log: only writes and failures are printed.
    res.on('finish', () => {
      if ((req.method !== 'GET' && req.method !== 'OPTIONS') || res.statusCode >= 400) deps.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started}ms`);
    });
    route(req, res).catch((err: unknown) => {
      if (err instanceof BodyError) return sendJson(res, err.status, err.body);
      deps.log(`[demo] ${req.method} ${req.url} failed: ${err instanceof Error ? err.stack : String(err)}`);
      // The reference's generic error handler.
      if (!res.headersSent) sendJson(res, 500, { err: 'error' });
      else res.destroy();
    });
  };
}
