import jwt from 'jsonwebtoken';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsFromQuery } from './settings.ts';
import {
  customTokenJwt,
  decodeCustomToken,
  identityFromToken,
  identityOf,
  isExpired,
  pickCustomToken,
  sameVisitor,
  tokenProjectId,
  withoutTokenParams,
} from './customToken.ts';

const PID = '65f0c0ffee0000000000d3e0';
const AUD = `https://tiledesk.com/projects/${PID}`;

/** A token as a site's backend makes it (demo/README.md), signed with a project secret. */
function siteToken(claims: Record<string, unknown>, options: jwt.SignOptions = {}): string {
  return `JWT ${jwt.sign(claims, 'project-secret', { subject: 'userexternal', audience: AUD, ...options })}`;
}

const b64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A token with any payload text (unsigned: the widget never checks signatures). */
const rawToken = (payload: string) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(payload)}.c2ln`;

describe('decodeCustomToken', () => {
  it("reads a site's token, with or without its JWT scheme, into claims (times in ms)", () => {
    const token = siteToken({ _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com', iat: 1_700_000_000 }, { expiresIn: 3600 });
    const claims = decodeCustomToken(token);
    expect(claims).toEqual({
      externalId: 'jane-doe',
      firstname: 'Jane',
      lastname: 'Doe',
      email: 'jane@example.com',
      subject: 'userexternal',
      audience: AUD,
      issuedAt: 1_700_000_000_000,
      expiresAt: 1_700_003_600_000,
    });
    expect(decodeCustomToken(token.slice(4))).toEqual(claims);
    expect(tokenProjectId(claims!)).toBe(PID);
  });

  it('decodes UTF-8 names and base64url payloads that need padding', () => {
    expect(decodeCustomToken(rawToken('{"_id":7,"firstname":"Zoë","lastname":"Ø\u00df?>"}'))).toEqual({ externalId: '7', firstname: 'Zoë', lastname: 'Øß?>' });
  });

  it('coerces claims like every answer of the service: wrong types dropped, long names cut', () => {
    const claims = decodeCustomToken(
      rawToken(JSON.stringify({ _id: 'u', firstname: { x: 1 }, lastname: 'L'.repeat(500), email: ['a'], exp: 'soon', iat: -5, aud: 3 })),
    );
    expect(claims).toEqual({ externalId: 'u', lastname: 'L'.repeat(200), audience: '3' });
    expect(tokenProjectId(claims!)).toBeNull();
  });

  it('is null for garbage, without throwing', () => {
    const garbage: unknown[] = [
      undefined,
      null,
      42,
      {},
      '',
      'JWT',
      'a.b',
      'a.b.c.d',
      'not a token',
      'Bearer x.y.z',
      'aaa.!!!.ccc',
      rawToken('not json'),
      rawToken('[1,2]'),
      rawToken('"text"'),
      rawToken('{"firstname":"no id"}'),
      rawToken('{"_id":""}'),
      `x.${btoa('\xff\xfe')}.z`,
    ];
    for (const value of garbage) expect(decodeCustomToken(value)).toBeNull();
    fc.assert(fc.property(fc.anything(), (value) => decodeCustomToken(value) === null || typeof decodeCustomToken(value)!.externalId === 'string'));
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        decodeCustomToken(`${a}.${b}.${c}`);
        decodeCustomToken(rawToken(b));
        return true;
      }),
    );
  });
});

describe('the visitor a token names', () => {
  it('has the full name, email, project and expiry, and is authenticated', () => {
    const identity = identityFromToken(
      siteToken({ _id: 'jane-doe', firstname: ' Jane ', lastname: 'Doe', email: 'jane@example.com', iat: 1_700_000_000, exp: 1_700_000_600 }),
    );
    expect(identity).toEqual({
      externalId: 'jane-doe',
      fullName: 'Jane Doe',
      firstname: ' Jane ',
      lastname: 'Doe',
      email: 'jane@example.com',
      authenticated: true,
      expiresAt: 1_700_000_600_000,
      projectId: PID,
    });
    expect(identityOf({ externalId: 'x' })).toEqual({ externalId: 'x', fullName: '', authenticated: true, expiresAt: null, projectId: null });
    expect(identityOf({ externalId: 'x', lastname: 'Only' }).fullName).toBe('Only');
    expect(identityFromToken('garbage')).toBeNull();
  });

  it('runs out by the given clock at exp (with an optional leeway); a token without exp never does', () => {
    const claims = decodeCustomToken(siteToken({ _id: 'u', iat: 1_000 }, { expiresIn: 60 }))!;
    expect(isExpired(claims, 1_059_999)).toBe(false);
    expect(isExpired(claims, 1_060_000)).toBe(true);
    expect(isExpired(claims, 1_030_000, 30_000)).toBe(true);
    expect(isExpired(decodeCustomToken(siteToken({ _id: 'u' }))!, Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(identityOf(claims), 2_000_000)).toBe(true);
  });

  it('is the same visitor only for the same external id and project', () => {
    const jane = siteToken({ _id: 'jane-doe', firstname: 'Jane' });
    expect(sameVisitor(jane, siteToken({ _id: 'jane-doe', firstname: 'Janet' }, { expiresIn: 10 }))).toBe(true);
    expect(sameVisitor(jane, siteToken({ _id: 'john' }))).toBe(false);
    expect(sameVisitor(jane, siteToken({ _id: 'jane-doe' }, { audience: 'https://tiledesk.com/projects/other' }))).toBe(false);
    expect(sameVisitor(jane, 'garbage')).toBe(false);
  });
});

describe('where a token comes from', () => {
  const command = siteToken({ _id: 'from-command' }).slice(4);
  const query = siteToken({ _id: 'from-query' });
  const setting = siteToken({ _id: 'from-setting' });
  const stored = siteToken({ _id: 'from-storage' });

  it('the command, else the query parameter, else the jwt setting, else the stored token; garbage is passed over', () => {
    expect(pickCustomToken({ command, query, setting, stored })).toEqual({ jwt: command, origin: 'command' });
    expect(pickCustomToken({ command: 'nonsense', query, setting, stored })).toEqual({ jwt: query.slice(4), origin: 'query' });
    expect(pickCustomToken({ query: '', setting, stored })).toEqual({ jwt: setting.slice(4), origin: 'setting' });
    expect(pickCustomToken({ setting: 42, stored })).toEqual({ jwt: stored.slice(4), origin: 'stored' });
    expect(pickCustomToken({})).toBeNull();
    expect(customTokenJwt(`  ${setting}  `)).toBe(setting.slice(4));
  });

  it('reads porchlight_jwt / tiledesk_jwt through the settings query layer (porchlight_ wins)', () => {
    const bare = query.slice(4);
    expect(settingsFromQuery(`?tiledesk_jwt=${encodeURIComponent(bare)}`).jwt).toBe(bare);
    expect(settingsFromQuery(`?porchlight_jwt=${encodeURIComponent(query)}&tiledesk_jwt=x.y.z`).jwt).toBe(query);
    expect(pickCustomToken({ query: settingsFromQuery(`?porchlight_jwt=${encodeURIComponent(query)}`).jwt })).toEqual({ jwt: bare, origin: 'query' });
    // Not a token: not set in that layer.
    expect(settingsFromQuery('?porchlight_jwt=hello').jwt).toBeUndefined();
    expect(settingsFromQuery('?porchlight_jwt').jwt).toBeUndefined();
  });

  it('never leaves the query token in an address that is shown or stored (sourcePage, links)', () => {
    const bare = query.slice(4);
    expect(withoutTokenParams(`https://shop.example/p?porchlight_jwt=${bare}&a=1&tiledesk_jwt=${bare}#top`)).toBe('https://shop.example/p?a=1#top');
    expect(withoutTokenParams(`https://shop.example/p?tiledesk_jwt=${bare}`)).toBe('https://shop.example/p');
    expect(withoutTokenParams('https://shop.example/p?a=1&b=%20x')).toBe('https://shop.example/p?a=1&b=%20x');
    expect(withoutTokenParams('not a url')).toBe('not a url');
    // The other parameters as written (issue 22 §17: the page's address is rewritten with this), and a name spelled otherwise.
    expect(withoutTokenParams(`https://shop.example/p?b=%20x+y&porchlight%5Fjwt=${bare}&c=%E2%9C%93&d`)).toBe('https://shop.example/p?b=%20x+y&c=%E2%9C%93&d');
  });
});
