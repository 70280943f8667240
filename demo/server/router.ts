/**
 * An Express-like router reduced to what the reference server's layering needs: middleware
 * mounted on a path prefix (`use`) and routes (`get`, `post`, …) tried strictly in
 * registration order, each able to answer or pass on with `NEXT`. Keeping Express's order
 * reproduces its fall-through quirks, e.g. `/:pid/requests` being mounted twice (guest, then
 * agent) so a guest asking for `GET /:pid/requests/:rid` ends with the agent check's 403.
 */
import type { Ctx } from './http.ts';
import { sendCannot } from './http.ts';

export const NEXT = Symbol('next');
export type HandlerResult = typeof NEXT | void;
export type Handler = (ctx: Ctx) => HandlerResult | Promise<HandlerResult>;

interface Layer {
  /** `undefined` for `use` (any method). */
  method?: string;
  segments: string[];
  /** prefix match (`use`) or whole-path match (routes). */
  prefix: boolean;
  handlers: Handler[];
}

function splitPath(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Express matching: case-insensitive static segments, trailing slash ignored, params decoded. */
function match(layer: Layer, parts: string[]): Record<string, string> | null {
  if (layer.prefix ? parts.length < layer.segments.length : parts.length !== layer.segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < layer.segments.length; i++) {
    const pattern = layer.segments[i] as string;
    const part = parts[i] as string;
    if (pattern.startsWith(':')) {
      const value = safeDecode(part);
      if (value === undefined) return null;
      params[pattern.slice(1)] = value;
    } else if (pattern.toLowerCase() !== part.toLowerCase()) {
      return null;
    }
  }
  return params;
}

export class Router {
  private readonly layers: Layer[] = [];

  use(path: string, ...handlers: Handler[]): this {
    this.layers.push({ segments: splitPath(path), prefix: true, handlers });
    return this;
  }

  route(method: string, path: string, ...handlers: Handler[]): this {
    this.layers.push({ method, segments: splitPath(path), prefix: false, handlers });
    return this;
  }

  get(path: string, ...handlers: Handler[]): this {
    return this.route('GET', path, ...handlers);
  }
  post(path: string, ...handlers: Handler[]): this {
    return this.route('POST', path, ...handlers);
  }
  put(path: string, ...handlers: Handler[]): this {
    return this.route('PUT', path, ...handlers);
  }
  patch(path: string, ...handlers: Handler[]): this {
    return this.route('PATCH', path, ...handlers);
  }
  delete(path: string, ...handlers: Handler[]): this {
    return this.route('DELETE', path, ...handlers);
  }

  /** Runs the layers; an unanswered request gets Express's HTML 404. */
  async handle(ctx: Ctx): Promise<void> {
    const parts = splitPath(ctx.path);
    for (const layer of this.layers) {
      if (!this.methodMatches(layer, ctx.method)) continue;
      const params = match(layer, parts);
      if (!params) continue;
      ctx.params = { ...ctx.params, ...params };
      if (!(await this.runHandlers(layer, ctx))) return;
    }
    if (!ctx.res.headersSent && !ctx.res.destroyed) sendCannot(ctx.res, ctx.method, ctx.originalPath);
  }

  private methodMatches(layer: Layer, method: string): boolean {
    if (layer.method === undefined) return true;
    // Express answers HEAD with the GET route.
    return layer.method === method || (method === 'HEAD' && layer.method === 'GET');
  }

  /** true = go on with the next layer. */
  private async runHandlers(layer: Layer, ctx: Ctx): Promise<boolean> {
    for (const handler of layer.handlers) {
      const result = await handler(ctx);
      if (result !== NEXT) return false;
    }
    return true;
  }
}
