/**
 * Reference mode: the demo behaving like a stock reference deployment (tiledesk-server as
 * installed), for trying the widget against what the field really serves:
 * - no project labels: every language gets the service's EN pivot (docs/service.md §5);
 * - `project.widget` carries the welcome texts under the dashboard's own spelling,
 *   `wellcomeTitle` / `wellcomeMsg` (sic);
 * - no websocket for visitors (the handshake hangs at the root, 400 elsewhere): `referenceSocket`,
 *   read by the websocket server;
 * - no Chat21 (chat21.ts): no `createCustomToken`, no MQTT broker, nothing pushed.
 * Switched on by `startDemo({ reference: true })`, `--reference` / `PORCHLIGHT_REFERENCE=1`, or
 * `PUT /__demo/mode`. It survives `POST /__demo/reset`: it is how the demo runs, not a fault.
 */
export class DemoMode {
  private reference: boolean;
  private readonly listeners = new Set<(reference: boolean) => void>();

  constructor(reference = false) {
    this.reference = reference;
  }

  get isReference(): boolean {
    return this.reference;
  }

  /** The socket part of the mode: visitors' handshakes as on the reference (see ws.ts). */
  get referenceSocket(): boolean {
    return this.reference;
  }

  set(reference: boolean): void {
    if (reference === this.reference) return;
    this.reference = reference;
    for (const listener of this.listeners) listener(reference);
  }

  onChange(listener: (reference: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** `npm run demo -- --reference` or `PORCHLIGHT_REFERENCE=1`. */
export function referenceModeRequested(argv: readonly string[], env: Record<string, string | undefined>): boolean {
  return argv.includes('--reference') || env.PORCHLIGHT_REFERENCE === '1' || env.PORCHLIGHT_REFERENCE === 'true';
}
