/**
 * A private RabbitMQ for the push tests against the real broker (issue 24 §7), configured as a
 * Chat21 deployment configures it (docs/service.md §12.5): plugins `rabbitmq_mqtt`,
 * `rabbitmq_web_mqtt` and `rabbitmq_auth_backend_oauth2`; the OAuth 2 backend as the only one,
 * `resource_server_id = rabbitmq`, the Chat21 secret as its HS256 default key (the tokens carry
 * `kid` in the payload, not the header); `mqtt.exchange = amq.topic`.
 *
 * It runs as a plain process (Debian's `rabbitmq-server`, not its service), as whoever runs the
 * tests (root in CI), with everything private: a node name of its own, its own `epmd` on a free
 * port, the database, logs, cookie and config in a temporary folder, and free ports for AMQP, the
 * distribution and web-MQTT (MQTT over TCP and every other listener are off). `stop()` ends only
 * the processes it started, by their ids, and removes the folder.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';
import { encodeConnect, readPackets } from '../src/api/mqtt/packets.ts';
import { CHAT21_SERVER_ID, serverScopes, signChat21Token } from '../demo/server/chat21Tokens.ts';

/** Debian's server script (the one `rabbitmq-server` in /usr/sbin wraps with `su rabbitmq`). */
export const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';
const EPMD = '/usr/bin/epmd';

export function rabbitMqInstalled(): boolean {
  return existsSync(RABBITMQ_SERVER) && existsSync(EPMD);
}

export interface RabbitMq {
  /** web-MQTT, e.g. `ws://127.0.0.1:41234/ws`: what the widget's `mqttEndpoint` and the demo's `chat21Broker` take */
  wsUrl: string;
  amqpPort: number;
  /** ms from spawning the server to a Chat21 server token's CONNACK on web-MQTT */
  startedInMs: number;
  /** Stops the broker and starts it again on the same ports and data (a broker restart). */
  restart(): Promise<void>;
  /** Stops the broker (and its epmd) and removes its folder. Idempotent. */
  stop(): Promise<void>;
}

export interface RabbitMqOptions {
  /** the Chat21 secret: the broker's signing key */
  secret: string;
  /** default 90 s: a cold start here takes about 11 s */
  readyTimeoutMs?: number;
  /** every line of the broker's log (default: kept, printed only when it fails to start) */
  log?: (line: string) => void;
}

/** A port nobody listens on now (the OS's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Erlang terms for advanced.config: the HS256 key (RabbitMQ's rabbitmq.conf takes only key files). */
function advancedConfig(secret: string): string {
  const key = Buffer.from(secret).toString('base64url');
  return `[{rabbitmq_auth_backend_oauth2, [{key_config, [{default_key, <<"chat21">>}, {signing_keys, #{<<"chat21">> => {map, #{<<"kty">> => <<"oct">>, <<"alg">> => <<"HS256">>, <<"k">> => <<"${key}">>}}}}]}]}].\n`;
}

function rabbitmqConf(ports: { amqp: number; webMqtt: number }): string {
  return [
    `listeners.tcp.default = 127.0.0.1:${ports.amqp}`,
    'mqtt.listeners.tcp = none',
    `web_mqtt.tcp.ip = 127.0.0.1`,
    `web_mqtt.tcp.port = ${ports.webMqtt}`,
    'mqtt.exchange = amq.topic',
    'mqtt.allow_anonymous = false',
    'auth_backends.1 = rabbit_auth_backend_oauth2',
    'auth_oauth2.resource_server_id = rabbitmq',
    '',
  ].join('\n');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Ends a process we started: SIGTERM, then SIGKILL to its group after `graceMs`. */
async function end(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  child.kill('SIGTERM');
  const timer = setTimeout(() => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* gone already */
    }
  }, graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** Resolves when the broker takes a Chat21 server token's CONNECT on web-MQTT (rejects on anything else). */
function connackOnce(wsUrl: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, ['mqtt']);
    ws.binaryType = 'arraybuffer';
    let pending: Uint8Array = new Uint8Array(0);
    const fail = (why: string) => {
      ws.terminate();
      reject(new Error(why));
    };
    const timer = setTimeout(() => fail('no CONNACK'), 3000);
    ws.on('open', () => ws.send(encodeConnect({ clientId: `porchlight-ready-${randomBytes(3).toString('hex')}`, username: 'JWT', password, keepAliveS: 10 })));
    ws.on('message', (data: ArrayBuffer) => {
      const joined = new Uint8Array(pending.length + data.byteLength);
      joined.set(pending);
      joined.set(new Uint8Array(data), pending.length);
      const { packets, rest } = readPackets(joined);
      pending = rest;
      const connack = packets.find((p) => p.type === 'connack');
      if (!connack) return;
      clearTimeout(timer);
      ws.close();
      if (connack.returnCode === 0) resolve();
      else reject(new Error(`CONNACK ${connack.returnCode}`));
    });
    ws.on('error', (error) => fail(error.message));
    ws.on('close', (code) => fail(`closed ${code}`));
  });
}

export async function startRabbitMq(options: RabbitMqOptions): Promise<RabbitMq> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const dir = await mkdtemp(path.join(tmpdir(), 'porchlight-rabbitmq-'));
  const ports = { epmd: await freePort(), dist: await freePort(), amqp: await freePort(), webMqtt: await freePort() };
  const wsUrl = `ws://127.0.0.1:${ports.webMqtt}/ws`;
  await mkdir(path.join(dir, 'home'));
  await writeFile(path.join(dir, 'rabbitmq.conf'), rabbitmqConf(ports));
  await writeFile(path.join(dir, 'advanced.config'), advancedConfig(options.secret));
  await writeFile(path.join(dir, 'enabled_plugins'), '[rabbitmq_mqtt,rabbitmq_web_mqtt,rabbitmq_auth_backend_oauth2].\n');
  // Read instead of /etc/rabbitmq/rabbitmq-env.conf, so nothing of the machine's own setup applies.
  await writeFile(path.join(dir, 'rabbitmq-env.conf'), '');

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    LANG: 'C.UTF-8',
    HOME: path.join(dir, 'home'),
    ERL_EPMD_PORT: String(ports.epmd),
    RABBITMQ_CONF_ENV_FILE: path.join(dir, 'rabbitmq-env.conf'),
    RABBITMQ_NODENAME: `porchlight-${randomBytes(4).toString('hex')}@localhost`,
    RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
    RABBITMQ_NODE_PORT: String(ports.amqp),
    RABBITMQ_DIST_PORT: String(ports.dist),
    RABBITMQ_CONFIG_FILE: path.join(dir, 'rabbitmq.conf'),
    RABBITMQ_ADVANCED_CONFIG_FILE: path.join(dir, 'advanced.config'),
    RABBITMQ_ENABLED_PLUGINS_FILE: path.join(dir, 'enabled_plugins'),
    RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
    RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    RABBITMQ_LOGS: '-',
  };
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 200) lines.shift();
      options.log?.(line);
    }
  };

  // epmd of our own, in the foreground: the node registers there and not with a machine-wide one
  // it would otherwise start and leave running.
  const epmd = spawn(EPMD, ['-port', String(ports.epmd)], { env, stdio: 'ignore', detached: true });
  epmd.on('error', () => {});
  let server: ChildProcess | null = null;
  let stopped = false;
  // A test run that dies without stop() still takes its broker with it.
  const killNow = () => {
    for (const child of [server, epmd]) {
      if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* gone already */
      }
    }
  };
  process.once('exit', killNow);

  async function launch(): Promise<number> {
    const started = Date.now();
    const child = spawn(RABBITMQ_SERVER, [], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    server = child;
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error) => lines.push(`spawn failed: ${error.message}`));
    const token = signChat21Token(options.secret, CHAT21_SERVER_ID, serverScopes());
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`rabbitmq-server exited (${child.exitCode ?? child.signalCode}):\n${lines.join('\n')}`);
      if (Date.now() - started > readyTimeoutMs) throw new Error(`RabbitMQ not ready within ${readyTimeoutMs} ms:\n${lines.slice(-40).join('\n')}`);
      try {
        await connackOnce(wsUrl, token);
        return Date.now() - started;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }

  async function stopServer(): Promise<void> {
    if (server) await end(server, 20_000);
    server = null;
  }

  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    await stopServer();
    await end(epmd, 2000);
    process.off('exit', killNow);
    await rm(dir, { recursive: true, force: true });
  }

  try {
    const startedInMs = await launch();
    return {
      wsUrl,
      amqpPort: ports.amqp,
      startedInMs,
      async restart() {
        await stopServer();
        await launch();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
