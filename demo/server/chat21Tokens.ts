/**
 * Chat21's tokens and what they allow on the broker (docs/service.md §12.1, §12.5), as the
 * reference signs them (`channels/chat21/nativeauth.js`) and as RabbitMQ's OAuth 2 backend reads
 * them: HS256 with the Chat21 secret, `aud` holding `rabbitmq`, and `scope` entries
 * `rabbitmq.<read|write|configure>:<vhost>/<exchange>/<routing key>` whose patterns take `*` as
 * "anything". An MQTT topic is checked as its routing key (`/` → `.`, `+` → `*`) on `amq.topic`.
 */
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { CHAT21_APP_ID } from '../../src/api/chat21Topics.ts';

/** `resource_server_id` of the broker: the scope prefix and the audience it wants. */
export const RESOURCE_SERVER_ID = 'rabbitmq';
/** 30 days, as the reference. */
export const CHAT21_TOKEN_TTL_S = 30 * 24 * 3600;
/** The identity the demo's Chat21 stand-in publishes with on an external broker. */
export const CHAT21_SERVER_ID = 'porchlight-demo-chat21';

/** A visitor's scopes: read and write its own inbox, write its outgoing topics, configure anything. */
export function visitorScopes(userid: string): string[] {
  return [
    `${RESOURCE_SERVER_ID}.read:*/*/apps.${CHAT21_APP_ID}.users.${userid}.*`,
    `${RESOURCE_SERVER_ID}.write:*/*/apps.${CHAT21_APP_ID}.users.${userid}.*`,
    `${RESOURCE_SERVER_ID}.write:*/*/apps.${CHAT21_APP_ID}.outgoing.users.${userid}.*`,
    `${RESOURCE_SERVER_ID}.configure:*/*/*`,
  ];
}

/** Chat21's own servers publish to every inbox. */
export function serverScopes(): string[] {
  return ['read', 'write', 'configure'].map((permission) => `${RESOURCE_SERVER_ID}.${permission}:*/*/*`);
}

/** The token `createCustomToken` answers: the claims of nativeauth.js, `kid` in the payload (the broker then uses its default key). */
export function signChat21Token(secret: string, userid: string, scope: string[], nowS: number = Math.floor(Date.now() / 1000)): string {
  const claims = {
    jti: randomUUID(),
    sub: userid,
    scope,
    client_id: userid,
    cid: userid,
    azp: userid,
    user_id: userid,
    app_id: CHAT21_APP_ID,
    iat: nowS,
    exp: nowS + CHAT21_TOKEN_TTL_S,
    aud: [RESOURCE_SERVER_ID, userid],
    kid: 'tiledesk-key',
    tiledesk_api_roles: 'user',
  };
  return jwt.sign(claims, secret, { algorithm: 'HS256' });
}

type Permission = 'read' | 'write' | 'configure';

/** What a verified token allows: per permission, the routing-key patterns on `amq.topic` in vhost `/`. */
export interface Grant {
  userid: string;
  patterns: Record<Permission, RegExp[]>;
}

/** A scope pattern as RabbitMQ's wildcard match reads it: `*` is any run of characters, the rest is literal. */
function globOf(pattern: string): RegExp {
  return new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
}

function scopeList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The token's grant, or null when the broker would refuse it (signature, algorithm, audience, expiry). */
export function verifyChat21Token(secret: string, token: string): Grant | null {
  let claims: jwt.JwtPayload;
  try {
    const decoded = jwt.verify(token, secret, { algorithms: ['HS256'], audience: RESOURCE_SERVER_ID });
    if (typeof decoded === 'string') return null;
    claims = decoded;
  } catch {
    return null;
  }
  const patterns: Grant['patterns'] = { read: [], write: [], configure: [] };
  for (const scope of scopeList(claims.scope)) {
    const match = /^rabbitmq\.(read|write|configure):([^/]+)\/([^/]+)(?:\/(.+))?$/.exec(scope);
    if (!match) continue;
    const [, permission = '', vhost = '', resource = '', routingKey = '*'] = match;
    if (!globOf(vhost).test('/') || !globOf(resource).test('amq.topic')) continue;
    patterns[permission as Permission].push(globOf(routingKey));
  }
  return { userid: typeof claims.sub === 'string' ? claims.sub : '', patterns };
}

/** The routing key RabbitMQ's MQTT plugin checks for a topic or a topic filter. */
export function routingKeyOf(topic: string): string {
  return topic.replace(/\//g, '.').replace(/\+/g, '*');
}

export function mayRead(grant: Grant, topicFilter: string): boolean {
  const key = routingKeyOf(topicFilter);
  return grant.patterns.read.some((pattern) => pattern.test(key));
}

export function mayWrite(grant: Grant, topic: string): boolean {
  const key = routingKeyOf(topic);
  return grant.patterns.write.some((pattern) => pattern.test(key));
}
