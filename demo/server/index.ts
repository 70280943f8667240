/**
 * `startDemo()`: the whole demo service in-process (tests use it with port 0).
 * API origin: `/v3/…` and root API routes, the websocket at `/` and `/v3/`, the Chat21 MQTT broker
 * at `/mqws/ws`, `/widget/`, `/npm/`, `/console/`, `/__demo/…`.
 * Pages origin: the host page and `demo/pages/*`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createApiApp } from './api.ts';
import { startBot } from './bot.ts';
import { Chat21Fanout, type Chat21Sink } from './chat21.ts';
import { Chat21Broker, MQTT_PATH } from './chat21Broker.ts';
import { ExternalChat21Publisher } from './chat21Publisher.ts';
import { CHAT21_SERVER_ID, serverScopes, signChat21Token } from './chat21Tokens.ts';
import { Faults } from './faults.ts';
import { DemoMode } from './mode.ts';
import { createPagesApp } from './pages.ts';
import { createSeed, DEMO_AGENT, DEMO_AGENT_2, DEMO_PROJECT_ID, upgradeData } from './seed.ts';
import { Store } from './store.ts';
import { RealtimeServer } from './ws.ts';

export { DEMO_AGENT, DEMO_AGENT_2, DEMO_PROJECT_ID, DEMO_PROJECT_SECRET } from './seed.ts';
export type { FaultState } from './faults.ts';
export type { DemoMode } from './mode.ts';
export type { Store } from './store.ts';

const HOST = '127.0.0.1';
const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface DemoOptions {
  /** default 0 (any free port) */
  apiPort?: number;
  /** default 0 (any free port) */
  pagesPort?: number;
  /** quiet: no request log and no bot welcome (deterministic histories for tests) */
  quiet?: boolean;
  /** persist the store to this JSON file and reload it at start */
  dataFile?: string;
  /** override the bot welcome independently of `quiet` */
  botWelcome?: boolean;
  /** the websocket server tick (default 30000 ms) */
  wsHeartbeatMs?: number;
  /** the bot's pause before each reply (default [300, 800] ms) */
  botDelayMs?: [number, number];
  /** the built widget (default `<repo>/dist`) */
  distDir?: string;
  /** JWT secret (default: random per run unless a data file keeps tokens valid across restarts) */
  secret?: string;
  /** start with only the `referenceSocket` fault switch on (kept across `/__demo/reset`) */
  referenceSocket?: boolean;
  /** start in reference mode (mode.ts): a stock reference deployment's labels, keys and socket */
  reference?: boolean;
  /** the Chat21 secret, the MQTT broker's signing key (default: random per run unless a data file keeps tokens valid) */
  chat21Secret?: string;
  /**
   * The ws(s) URL of an external broker's web-MQTT (RabbitMQ configured as docs/service.md §12.5 says, with
   * `chat21Secret` as its signing key): Chat21's messages are published there instead of into the
   * embedded broker, which is then not served.
   */
  chat21Broker?: string;
}

/** The demo's Chat21 (docs/service.md §12). */
export interface Chat21Handle {
  /** the ws URL of the broker the widget connects to: the embedded one at `/mqws/ws`, or the external one */
  mqttUrl: string;
  /** the Chat21 secret */
  secret: string;
  /** publishes into the broker as Chat21 would (tests: a message Chat21 wrote itself, a foreign inbox) */
  publish(topic: string, payload: string): Promise<void>;
  /** resolves once Chat21 can publish (an external broker accepted its connection) */
  ready(): Promise<void>;
}

export interface DemoHandle {
  /** e.g. http://127.0.0.1:3000 */
  apiOrigin: string;
  /** the widget's `apiUrl`: `${apiOrigin}/v3` */
  apiUrl: string;
  /** e.g. http://127.0.0.1:3001 */
  pagesOrigin: string;
  store: Store;
  faults: Faults;
  /** the reference mode switch (also `PUT /__demo/mode`) */
  mode: DemoMode;
  chat21: Chat21Handle;
  close(): Promise<void>;
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, HOST, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startDemo(options: DemoOptions = {}): Promise<DemoHandle> {
  const quiet = options.quiet ?? false;
  const botWelcome = options.botWelcome ?? !quiet;
  const store = new Store(() => createSeed({ botWelcome }), options.dataFile);
  // A data file written by an older demo: the bot's `/file` and custom tokens must still work.
  upgradeData(store.data);
  const faults = new Faults(store, { referenceSocket: options.referenceSocket ?? false });
  const mode = new DemoMode(options.reference ?? false);
  // With a data file, stored visitors keep working after a restart only if the secret is stable.
  const secret = options.secret ?? (options.dataFile ? 'porchlight-demo-secret' : randomBytes(32).toString('hex'));
  const chat21Secret = options.chat21Secret ?? (options.dataFile ? 'porchlight-demo-chat21-secret' : randomBytes(32).toString('hex'));
  const origins = { api: '', pages: '' };
  const log = quiet ? () => {} : (line: string) => console.log(line);

  const apiServer = createServer(
    createApiApp({
      store,
      faults,
      mode,
      secret,
      chat21Secret,
      distDir: options.distDir ?? path.resolve(DEMO_DIR, '..', 'dist'),
      npmDistDir: path.resolve(DEMO_DIR, '..', 'dist-npm'),
      consoleDir: path.join(DEMO_DIR, 'console'),
      dashboardDir: path.join(DEMO_DIR, 'dashboard'),
      assetsDir: path.join(DEMO_DIR, 'assets'),
      log,
      info: () => ({
        projectId: DEMO_PROJECT_ID,
        apiUrl: `${origins.api}/v3`,
        pagesOrigin: origins.pages,
        console: `${origins.api}/console/`,
        agents: [DEMO_AGENT, DEMO_AGENT_2].map(({ email, password, name }) => ({ email, password, name })),
      }),
    }),
  );
  // The socket part of the reference mode belongs to the websocket server: it reads
  // `mode.referenceSocket` (visitors' handshakes hang at `/`, 400 elsewhere).
  const realtime = new RealtimeServer({ store, secret, faults, mode, heartbeatMs: options.wsHeartbeatMs });
  // Chat21 publishes into the embedded broker, or into an external one as a privileged identity.
  let broker: Chat21Broker | null = null;
  let external: ExternalChat21Publisher | null = null;
  let sink: Chat21Sink;
  if (options.chat21Broker) {
    sink = external = new ExternalChat21Publisher(options.chat21Broker, () => signChat21Token(chat21Secret, CHAT21_SERVER_ID, serverScopes()), log);
  } else {
    sink = broker = await Chat21Broker.start({ secret: chat21Secret, mode });
  }
  const fanout = new Chat21Fanout(store, sink, mode);
  apiServer.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (broker?.handles(req)) broker.upgrade(req, socket, head);
    else realtime.upgrade(req, socket, head);
  });
  const apiPort = await listen(apiServer, options.apiPort ?? 0);
  origins.api = `http://${HOST}:${apiPort}`;
  const stopBot = startBot({ store, assetOrigin: () => origins.api, delayMs: options.botDelayMs });

  const pagesServer = createServer(
    createPagesApp(path.join(DEMO_DIR, 'pages'), () => ({
      API_ORIGIN: origins.api,
      API_URL: `${origins.api}/v3`,
      WIDGET_URL: `${origins.api}/widget/loader.js`,
      PAGES_ORIGIN: origins.pages,
      PROJECT_ID: DEMO_PROJECT_ID,
      // The host page names the demo's Chat21 broker; in reference mode there is none, as on a
      // deployment without Chat21, whose pages leave the setting out (README "Push through Chat21").
      MQTT_ENDPOINT: mode.isReference ? '' : MQTT_PATH,
    })),
  );
  const pagesPort = await listen(pagesServer, options.pagesPort ?? 0);
  origins.pages = `http://${HOST}:${pagesPort}`;

  return {
    apiOrigin: origins.api,
    apiUrl: `${origins.api}/v3`,
    pagesOrigin: origins.pages,
    store,
    faults,
    mode,
    chat21: {
      mqttUrl: options.chat21Broker ?? `ws://${HOST}:${apiPort}${MQTT_PATH}`,
      secret: chat21Secret,
      publish: (topic, payload) => sink.publish(topic, payload),
      ready: () => external?.ready() ?? Promise.resolve(),
    },
    async close() {
      stopBot();
      fanout.close();
      external?.close();
      await broker?.close();
      realtime.close();
      await Promise.all([closeServer(apiServer), closeServer(pagesServer)]);
      store.save();
    },
  };
}
