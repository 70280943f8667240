/**
 * The API origin as one Express app. In order: compression and the request log; the demo's own
 * paths (`/__demo`, `/widget/`, `/console/`, `/dashboard/`, `/demo-assets/`); then the API itself,
 * at the root and under `/v3`, layered like the reference's app.js: fault gateway → body parsers
 * (their 413/500 come before CORS, so a browser sees them as network errors, as with the
 * reference) → `cors()` → routers in the reference's mount order → the reference's final error
 * handler. Express gives the reference's ETags (and 304 to `If-None-Match`) on every JSON answer.
 */
import express, { Router, type ErrorRequestHandler } from 'express';
import compression from 'compression';
import cors from 'cors';
import { authRouter } from './auth.ts';
import { chat21AuthRouter } from './chat21.ts';
import type { AuthDeps } from './credentials.ts';
import { createAdminRouter, type AdminDeps } from './demoAdmin.ts';
import { PRICE_LIST, priceListSize } from './demoFiles.ts';
import { registerDepartments } from './departments.ts';
import type { Faults } from './faults.ts';
import { registerProjectFiles, registerPublicFiles } from './files.ts';
import { registerLabels } from './labels.ts';
import { registerMessages } from './messages.ts';
import type { DemoMode } from './mode.ts';
import { staticFolder } from './pages.ts';
import { banFilter, projectSetter } from './projectSetter.ts';
import { registerProjects } from './projects.ts';
import { registerRequests } from './requests.ts';
import { registerTranscripts } from './transcripts.ts';
import { DEMO_PROJECT_ID } from './seed.ts';
import { registerWidgets } from './widgets.ts';
import { registerPublicAnalytics } from './publicAnalytics.ts';

export interface ApiDeps extends AuthDeps {
  faults: Faults;
  mode: DemoMode;
  /** the Chat21 secret (chat21.ts) */
  chat21Secret: string;
  distDir: string;
  /** The npm package's build (`dist-npm/`), for the page with a UI of its own on `porchlight/client`. */
  npmDistDir: string;
  consoleDir: string;
  /** The settings dashboard with live previews (`/dashboard/`). */
  dashboardDir: string;
  /** The pictures the bot and the console send (`/demo-assets/`). */
  assetsDir: string;
  info: AdminDeps['info'];
  log: (line: string) => void;
}

const HELLO = "Hello from the Porchlight demo service (a stand-in for the Tiledesk server). It's UP.";

/** `JSON_BODY_LIMIT` of the reference: '500KB' = 512000 bytes. */
const JSON_BODY_LIMIT = '500kb';

/** The API routes in the reference's mount order (see docs/service.md §0). */
export function createApiRouter(deps: ApiDeps): Router {
  const router = Router();
  router.get('/', (_req, res) => res.send(HELLO));
  router.use('/auth', authRouter(deps));
  router.use('/chat21/native/auth', chat21AuthRouter(deps));
  registerPublicFiles(router, deps);
  registerTranscripts(router, deps);
  registerProjects(router, deps);
  router.use('/:projectid', projectSetter(deps.store), banFilter);
  registerMessages(router, deps);
  registerDepartments(router, deps);
  registerWidgets(router, deps.store, deps.mode);
  registerPublicAnalytics(router, deps.store);
  registerRequests(router, deps);
  registerLabels(router, deps, deps.mode);
  registerProjectFiles(router, deps);
  return router;
}

/**
 * The reference's final error handler: body-parser's 413 keeps its limit, anything else
 * (malformed JSON included) is a bare 500.
 */
function finalErrorHandler(log: ApiDeps['log']): ErrorRequestHandler {
  return (err: { type?: string; limit?: number; stack?: string }, req, res, next) => {
    if (res.headersSent) return next(err);
    if (err.type === 'entity.too.large') return void res.status(413).json({ err: 'Request entity too large', limit: err.limit });
    if (!err.type) log(`[demo] ${req.method} ${req.originalUrl} failed: ${err.stack ?? String(err)}`);
    res.status(500).json({ err: 'error' });
  };
}

/** `{{…}}` of the console's and the dashboard's HTML. */
function consoleVars(deps: ApiDeps): Record<string, string> {
  return {
    PROJECT_ID: DEMO_PROJECT_ID,
    API_URL: '/v3',
    PRICE_LIST_PATH: PRICE_LIST.path,
    PRICE_LIST_SIZE: String(priceListSize()),
    PAGES_ORIGIN: String(deps.info().pagesOrigin ?? ''),
  };
}

export function createApiApp(deps: ApiDeps): express.Express {
  const app = express();
  app.use(compression());
  app.use((req, res, next) => {
    const started = Date.now();
    // Polling GETs would drown the log: only writes and failures are printed.
    res.on('finish', () => {
      if ((req.method !== 'GET' && req.method !== 'OPTIONS') || res.statusCode >= 400)
        deps.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${Date.now() - started}ms`);
    });
    next();
  });

  app.use('/__demo', createAdminRouter(deps));
  app.use('/widget', staticFolder(deps.distDir));
  app.use('/npm', staticFolder(deps.npmDistDir));
  app.use(
    '/console',
    staticFolder(deps.consoleDir, () => consoleVars(deps)),
  );
  app.use(
    '/dashboard',
    staticFolder(deps.dashboardDir, () => consoleVars(deps)),
  );
  app.use('/demo-assets', staticFolder(deps.assetsDir));

  // The API answers at the root (as the reference) and under `/v3` (as the hosted service).
  app.use((req, _res, next) => {
    if (req.url === '/v3' || req.url.startsWith('/v3/') || req.url.startsWith('/v3?')) req.url = req.url.slice(3) || '/';
    if (req.url.startsWith('?')) req.url = `/${req.url}`;
    next();
  });
  app.use(deps.faults.gate);
  app.use(express.json({ limit: JSON_BODY_LIMIT }));
  app.use(express.urlencoded({ extended: true, limit: JSON_BODY_LIMIT }));
  app.use(cors());
  app.options('*', cors());
  app.use(createApiRouter(deps));
  app.use(finalErrorHandler(deps.log));
  return app;
}
