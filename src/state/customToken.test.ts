import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { customTokenClaims } from '../api/normalize/customToken.ts';
import { settingsFromQuery } from './settings.ts';
import { identityOf, isExpired } from './customToken.ts';
import { customTokenJwt, withoutTokenParams } from './tokenParams.ts';

const PID = '65f0c0ffee0000000000d3e0';
const AUD = `https://tiledesk.com/projects/${PID}`;

/** A token as a site's backend makes it (demo/README.md), signed with a project secret. */
function siteToken(claims: Record<string, unknown>, options: jwt.SignOptions = {}): string {
  return `JWT ${jwt.sign(claims, 'project-secret', { subject: 'userexternal', audience: AUD, ...options })}`;
}

/** The claims the widget reads of a token (api/normalize/customToken.ts). */
const claimsOf = (token: string) => customTokenClaims(customTokenJwt(token)!)!;

describe('the visitor a token names', () => {
  it('has the full name, email, project and expiry, and is authenticated', () => {
    const identity = identityOf(
      claimsOf(siteToken({ _id: 'jane-doe', firstname: ' Jane ', lastname: 'Doe', email: 'jane@example.com', iat: 1_700_000_000, exp: 1_700_000_600 })),
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
  });

  it('runs out by the given clock at exp (with an optional leeway); a token without exp never does', () => {
    const claims = claimsOf(siteToken({ _id: 'u', iat: 1_000 }, { expiresIn: 60 }));
    expect(isExpired(claims, 1_059_999)).toBe(false);
    expect(isExpired(claims, 1_060_000)).toBe(true);
    expect(isExpired(claims, 1_030_000, 30_000)).toBe(true);
    expect(isExpired(claimsOf(siteToken({ _id: 'u' })), Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isExpired(identityOf(claims), 2_000_000)).toBe(true);
  });
});

describe('where a token comes from', () => {
  const query = siteToken({ _id: 'from-query' });
  const setting = siteToken({ _id: 'from-setting' });

  it('is taken with or without its JWT scheme, blanks around; anything else is no token', () => {
    for (const given of [setting, setting.slice(4), `  ${setting}  `, `jwt ${setting.slice(4)}`]) expect(customTokenJwt(given)).toBe(setting.slice(4));
    for (const garbage of [42, null, '', 'nonsense', 'a.b', 'a.b.c.d', 'Bearer x.y.z', 'JWT JWT x.y.z', 'aaa.!!!.ccc'])
      expect(customTokenJwt(garbage)).toBeNull();
  });

  it('reads porchlight_jwt / tiledesk_jwt through the settings query layer (porchlight_ wins)', () => {
    const bare = query.slice(4);
    expect(settingsFromQuery(`?tiledesk_jwt=${encodeURIComponent(bare)}`).jwt).toBe(bare);
    expect(settingsFromQuery(`?porchlight_jwt=${encodeURIComponent(query)}&tiledesk_jwt=x.y.z`).jwt).toBe(query);
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
