/**
 * Fault switches for testing the widget's resilience, set at runtime through `/__demo/faults`.
 * They act like a misbehaving gateway in front of the API, on widget-facing calls only: requests
 * carrying an agent token (the agent console) and the agent sign-in are never affected, so a
 * console polling in the background cannot use up a fault meant for the widget.
 */
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { RequestHandler } from 'express';
import { decodeClaims } from './credentials.ts';
import { isRecord } from './httpContext.ts';
import type { Store } from './store.ts';

export interface CountedFault {
  /** how many more matching requests fail */
  count: number;
  /** only requests with this method (any when absent) */
  method?: string;
  /** only requests whose API path contains this text (any when absent) */
  path?: string;
}

export interface FaultState {
  /** added before every widget-facing answer */
  latencyMs: number;
  /** answers `429 {"message":"Rate limit exceeded"}` with `Retry-After: retryAfter` */
  status429: (CountedFault & { retryAfter: number }) | null;
  /** answers `status` (500 → `{"err":"error"}` like the reference; others → the status text) */
  status5xx: (CountedFault & { status: number }) | null;
  /** `POST …/messages`: stores the message, then destroys the socket without answering */
  dropAfterStore: { count: number } | null;
  /** true: every guest token issued so far is rejected (401) */
  revokeTokens: boolean;
  /**
   * Guest tokens answered as the reference refuses them (docs/service.md §2): `membership` → 403
   * "you dont belong to the project." (a deleted guest, a token of another project), `malformed`
   * → passport's plain 400 "Bad Request". The tokens issued so far, or every one (`all`: a
   * service that refuses any visitor, new sign-ins included).
   */
  refuseGuests: { as: 'membership' | 'malformed'; all: boolean } | null;
  /** websocket handshakes are refused with 503 */
  refuseWebsocket: boolean;
  /** websocket handshakes are never answered */
  hangWebsocket: boolean;
  /**
   * The socket behaves exactly like the reference's (docs/service.md §10): a visitor's handshake at
   * the root is never answered (an agent's connects), any other path gets 400 (as always).
   */
  referenceSocket: boolean;
  /**
   * The public transcript routes are not mounted, as with the reference's
   * `DISABLE_TRANSCRIPT_VIEW_PAGE`: `/public/requests/…` falls into the project catch-all
   * (`400 {"error":"Invalid project id: public"}`).
   */
  disableTranscripts: boolean;
  /**
   * `createCustomToken` answers a Chat21 token signed with a key the broker does not know: the
   * broker closes the visitor's MQTT socket with 1002, as RabbitMQ does a bad or expired token.
   */
  badChat21Token: boolean;
}

export class FaultError extends Error {}

/** Every switch off (`referenceSocket` as the demo was started). */
export function initialState(baseline: Partial<Pick<FaultState, 'referenceSocket'>>): FaultState {
  return {
    latencyMs: 0,
    status429: null,
    status5xx: null,
    dropAfterStore: null,
    revokeTokens: false,
    refuseGuests: null,
    refuseWebsocket: false,
    hangWebsocket: false,
    referenceSocket: baseline.referenceSocket ?? false,
    disableTranscripts: false,
    badChat21Token: false,
  };
}

function nonNegativeInt(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new FaultError(`${name} must be a non-negative integer`);
  return value;
}

function optionalText(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new FaultError(`${name} must be a string`);
  return value;
}

function counted(value: unknown, name: string): CountedFault | null {
  if (value === null || value === false) return null;
  if (!isRecord(value)) throw new FaultError(`${name} must be an object or null`);
  const count = nonNegativeInt(value.count ?? 1, `${name}.count`);
  return { count, method: optionalText(value.method, `${name}.method`)?.toUpperCase(), path: optionalText(value.path, `${name}.path`) };
}

function bool(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw new FaultError(`${name} must be a boolean`);
  return value;
}

/** Is this a call the faults apply to? (see the module comment) */
function isWidgetFacing(req: IncomingMessage, apiPath: string): boolean {
  if (req.method === 'OPTIONS') return false;
  if (/^\/auth\/signin\/?$/i.test(apiPath)) return false;
  const parts = req.headers.authorization?.split(' ');
  const claims = parts && parts.length >= 2 && parts[1] ? decodeClaims(parts[1]) : null;
  if (claims && claims.sub !== 'guest' && claims.sub !== 'userexternal') return false;
  return true;
}

/** The `jti` of a guest (or custom-token visitor) JWT in `Authorization`, if any. */
function guestJti(req: IncomingMessage): string | null {
  const parts = req.headers.authorization?.split(' ');
  const claims = parts && parts.length >= 2 && parts[1] ? decodeClaims(parts[1]) : null;
  return claims && (claims.sub === 'guest' || claims.sub === 'userexternal') && typeof claims.jti === 'string' ? claims.jti : null;
}

function matches(fault: CountedFault, req: IncomingMessage, apiPath: string): boolean {
  if (fault.count <= 0) return false;
  if (fault.method && fault.method !== req.method) return false;
  if (fault.path && !apiPath.includes(fault.path)) return false;
  return true;
}

export class Faults {
  private current: FaultState;
  private readonly revokeListeners = new Set<() => void>();
  /** The guest tokens `refuseGuests` applies to (unless `all`). */
  private refusedGuestJtis = new Set<string>();

  /** `baseline`: what the demo was started with (`referenceSocket`), kept across `clear()`. */
  constructor(
    private readonly store: Store,
    private readonly baseline: Partial<Pick<FaultState, 'referenceSocket'>> = {},
  ) {
    this.current = initialState(baseline);
  }

  get state(): FaultState {
    return { ...structuredClone(this.current), revokeTokens: this.store.data.revokedJtis.length > 0 };
  }

  onRevoke(listener: () => void): () => void {
    this.revokeListeners.add(listener);
    return () => this.revokeListeners.delete(listener);
  }

  /** Applies a partial update (`null` clears a counted fault); throws `FaultError` when invalid. */
  update(patch: unknown): FaultState {
    if (!isRecord(patch)) throw new FaultError('body must be a JSON object');
    const next = structuredClone(this.current);
    for (const [key, value] of Object.entries(patch)) this.applyKey(next, key, value);
    this.current = next;
    if ('revokeTokens' in patch) this.setRevoked(patch.revokeTokens === true);
    return this.state;
  }

  private applyKey(next: FaultState, key: string, value: unknown): void {
    switch (key) {
      case 'latencyMs':
        next.latencyMs = nonNegativeInt(value, key);
        return;
      case 'status429': {
        const base = counted(value, key);
        next.status429 = base && { ...base, retryAfter: nonNegativeInt((value as Record<string, unknown>).retryAfter ?? 1, `${key}.retryAfter`) };
        return;
      }
      case 'status5xx': {
        const base = counted(value, key);
        const status = base && nonNegativeInt((value as Record<string, unknown>).status ?? 500, `${key}.status`);
        if (status !== null && (status < 500 || status > 599)) throw new FaultError('status5xx.status must be 500–599');
        next.status5xx = base && status !== null ? { ...base, status } : null;
        return;
      }
      case 'dropAfterStore': {
        const base = counted(value, key);
        next.dropAfterStore = base && { count: base.count };
        return;
      }
      case 'revokeTokens':
        bool(value, key);
        return;
      case 'refuseGuests': {
        if (value === null || value === false) {
          next.refuseGuests = null;
          return;
        }
        if (!isRecord(value) || (value.as !== 'membership' && value.as !== 'malformed'))
          throw new FaultError('refuseGuests must be {as: "membership" | "malformed", all?: boolean} or null');
        next.refuseGuests = { as: value.as, all: value.all === undefined ? false : bool(value.all, 'refuseGuests.all') };
        this.refusedGuestJtis = new Set(this.store.data.issuedGuestJtis);
        return;
      }
      case 'refuseWebsocket':
      case 'hangWebsocket':
      case 'referenceSocket':
      case 'disableTranscripts':
      case 'badChat21Token':
        next[key] = bool(value, key);
        return;
      default:
        throw new FaultError(`unknown fault "${key}"`);
    }
  }

  private setRevoked(revoked: boolean): void {
    this.store.data.revokedJtis = revoked ? [...this.store.data.issuedGuestJtis] : [];
    this.store.changed();
    if (revoked) for (const listener of this.revokeListeners) listener();
  }

  clear(): void {
    this.current = initialState(this.baseline);
    this.refusedGuestJtis.clear();
  }

  /**
   * The gateway, in front of the API routes: waits `latencyMs`, then may answer 429 or 5xx
   * itself. `req.path` is the API path (the `/v3` prefix already taken off).
   */
  readonly gate: RequestHandler = (req, res, next) => {
    if (!isWidgetFacing(req, req.path)) return next();
    const decide = (): void => {
      const limited = this.current.status429;
      if (limited && matches(limited, req, req.path)) {
        this.consume('status429');
        // Retry-After exposed so a cross-origin widget can read it (a gateway would have to do the same).
        res.set({ 'Access-Control-Allow-Origin': '*', 'Retry-After': String(limited.retryAfter), 'Access-Control-Expose-Headers': 'Retry-After' });
        res.status(429).json({ message: 'Rate limit exceeded' });
        return;
      }
      const refusing = this.current.refuseGuests;
      const jti = refusing ? guestJti(req) : null;
      if (refusing && jti && (refusing.all || this.refusedGuestJtis.has(jti))) {
        // Like the reference, whose cors() runs before passport and has-role.
        res.set('Access-Control-Allow-Origin', '*');
        if (refusing.as === 'membership') res.status(403).json({ success: false, msg: 'you dont belong to the project.' });
        else res.status(400).type('text/plain').send('Bad Request');
        return;
      }
      const failing = this.current.status5xx;
      if (failing && matches(failing, req, req.path)) {
        this.consume('status5xx');
        res.set('Access-Control-Allow-Origin', '*');
        if (failing.status === 500) res.status(500).json({ err: 'error' });
        else
          res
            .status(failing.status)
            .type('text/plain')
            .send(STATUS_CODES[failing.status] ?? 'Error');
        return;
      }
      next();
    };
    if (this.current.latencyMs > 0) setTimeout(decide, this.current.latencyMs);
    else decide();
  };

  /** For the message POST: should this one be stored and then dropped? */
  takeDropAfterStore(req: IncomingMessage, apiPath: string): boolean {
    const drop = this.current.dropAfterStore;
    if (!drop || drop.count <= 0 || !isWidgetFacing(req, apiPath)) return false;
    this.consume('dropAfterStore');
    return true;
  }

  private consume(key: 'status429' | 'status5xx' | 'dropAfterStore'): void {
    const fault = this.current[key];
    if (!fault) return;
    fault.count -= 1;
    if (fault.count <= 0) this.current[key] = null;
  }
}
