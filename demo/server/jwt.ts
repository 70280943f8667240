/**
 * HS256 JSON Web Tokens with node:crypto, behaving like jsonwebtoken 8 as the reference server
 * uses it: claims order `…payload, iat, aud, iss, sub, jti`; only `exp`/`nbf` are verified.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface JwtClaims {
  _id?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
  aud?: string;
  iss?: string;
  sub?: string;
  jti?: string;
  [key: string]: unknown;
}

export interface SignOptions {
  issuer?: string;
  subject?: string;
  audience?: string;
  jwtid?: string;
  /** seconds */
  expiresIn?: number;
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function hmac(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(payload: Record<string, unknown>, secret: string, options: SignOptions = {}): string {
  const iat = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = { ...payload, iat };
  if (options.expiresIn !== undefined) claims.exp = iat + options.expiresIn;
  if (options.audience !== undefined) claims.aud = options.audience;
  if (options.issuer !== undefined) claims.iss = options.issuer;
  if (options.subject !== undefined) claims.sub = options.subject;
  if (options.jwtid !== undefined) claims.jti = options.jwtid;
  const head = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify(claims));
  const signature = base64url(hmac(`${head}.${body}`, secret));
  return `${head}.${body}.${signature}`;
}

/** Decodes without verifying (like `jwt.decode`); `null` when it is not a JWT. */
export function decodeJwt(token: string): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

/** Verifies signature and time claims; throws an Error naming the reason otherwise. */
export function verifyJwt(token: string, secret: string, now: number = Date.now()): JwtClaims {
  const [head, body, signature] = token.split('.');
  if (!head || !body || signature === undefined || token.split('.').length !== 3) throw new Error('jwt malformed');
  let header: { alg?: string };
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as { alg?: string };
  } catch {
    throw new Error('invalid token');
  }
  if (header.alg !== 'HS256') throw new Error('invalid algorithm');
  const expected = hmac(`${head}.${body}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('invalid signature');
  const claims = decodeJwt(token);
  if (!claims) throw new Error('invalid token');
  const seconds = Math.floor(now / 1000);
  if (typeof claims.exp === 'number' && seconds >= claims.exp) throw new Error('jwt expired');
  if (typeof claims.nbf === 'number' && seconds < claims.nbf) throw new Error('jwt not active');
  return claims;
}
