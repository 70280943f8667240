/**
 * `npm run demo` / `npx tsx demo/server/main.ts`: starts the demo service and prints where
 * everything is. Environment: PORCHLIGHT_API_PORT (3000), PORCHLIGHT_PAGES_PORT (3001),
 * PORCHLIGHT_DEMO_QUIET=1 (no bot welcome, no request log), PORCHLIGHT_DATA_FILE (persistence),
 * PORCHLIGHT_REFERENCE=1 or `--reference` (reference mode, see mode.ts),
 * PORCHLIGHT_REFERENCE_SOCKET=1 (only the websocket behaves like the reference's: visitors hang),
 * PORCHLIGHT_CHAT21_SECRET (the Chat21 secret, the broker's signing key), PORCHLIGHT_CHAT21_BROKER
 * (the ws URL of an external broker's web-MQTT, e.g. RabbitMQ's `ws://127.0.0.1:15675/ws`: Chat21
 * publishes there instead of into the embedded broker at `/mqws/ws`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_AGENT, DEMO_AGENT_2, DEMO_PROJECT_ID, startDemo } from './index.ts';
import { referenceModeRequested } from './mode.ts';

function port(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return parsed;
}

const quiet = process.env.PORCHLIGHT_DEMO_QUIET === '1';
const reference = referenceModeRequested(process.argv.slice(2), process.env);
const demo = await startDemo({
  reference,
  apiPort: port('PORCHLIGHT_API_PORT', 3000),
  pagesPort: port('PORCHLIGHT_PAGES_PORT', 3001),
  quiet,
  dataFile: process.env.PORCHLIGHT_DATA_FILE || undefined,
  referenceSocket: process.env.PORCHLIGHT_REFERENCE_SOCKET === '1',
  chat21Secret: process.env.PORCHLIGHT_CHAT21_SECRET || undefined,
  chat21Broker: process.env.PORCHLIGHT_CHAT21_BROKER || undefined,
});

const distLoader = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'dist', 'loader.js');
console.log(
  [
    'Porchlight demo is running',
    `  host page      ${demo.pagesOrigin}/   (the README's snippet: replies pushed over Chat21${reference ? ', not in reference mode' : ''}; the agent's typing too: ${demo.pagesOrigin}/?porchlight_realtime)`,
    `  custom UI      ${demo.pagesOrigin}/custom-ui.html   (a UI of its own on porchlight/client)`,
    `  agent console  ${demo.apiOrigin}/console/   (${DEMO_AGENT.email} / ${DEMO_AGENT.password}, or ${DEMO_AGENT_2.email} / ${DEMO_AGENT_2.password})`,
    `  dashboard      ${demo.apiOrigin}/dashboard/   (widget settings with live previews)`,
    `  API (apiUrl)   ${demo.apiUrl}   project ${DEMO_PROJECT_ID}`,
    `  websocket      ${demo.apiUrl.replace('http', 'ws')}/?token=…${demo.faults.state.referenceSocket || reference ? '   (like the reference: visitors hang)' : ''}`,
    `  mqtt (Chat21)  ${demo.chat21.mqttUrl}${reference ? '   (reference mode: no Chat21, push off)' : process.env.PORCHLIGHT_CHAT21_BROKER ? '   (external broker)' : ''}`,
    `  widget         ${demo.apiOrigin}/widget/loader.js`,
    `  demo controls  ${demo.apiOrigin}/__demo   (faults, reset, project, departments, labels)`,
    existsSync(distLoader) ? '' : '  note: dist/loader.js is missing, run `npm run build` for the widget',
    quiet ? '  quiet mode: no bot welcome, no request log' : '',
    reference ? '  reference mode: stock labels, wellcome* keys, no socket for visitors (PUT /__demo/mode to switch)' : '',
  ]
    .filter(Boolean)
    .join('\n'),
);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await demo.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
