import jwt from 'jsonwebtoken';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenProjectId } from '../../state/customToken.ts';
import { customTokenClaims } from './customToken.ts';

const PID = '65f0c0ffee0000000000d3e0';
const AUD = `https://tiledesk.com/projects/${PID}`;

/** A token as a site's backend makes it (demo/README.md), signed with a project secret: bare (tokenParams.ts `customTokenJwt`). */
function siteToken(claims: Record<string, unknown>, options: jwt.SignOptions = {}): string {
  return jwt.sign(claims, 'project-secret', { subject: 'userexternal', audience: AUD, ...options });
}

const b64url = (value: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(value)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A token with any payload text (unsigned: the widget never checks signatures). */
const rawToken = (payload: string) => `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(payload)}.c2ln`;

describe('customTokenClaims', () => {
  it("reads a site's token into claims (times in ms)", () => {
    const token = siteToken({ _id: 'jane-doe', firstname: 'Jane', lastname: 'Doe', email: 'jane@example.com', iat: 1_700_000_000 }, { expiresIn: 3600 });
    const claims = customTokenClaims(token);
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
    expect(tokenProjectId(claims!)).toBe(PID);
  });

  it('decodes UTF-8 names and base64url payloads that need padding', () => {
    expect(customTokenClaims(rawToken('{"_id":7,"firstname":"Zoë","lastname":"Ø\u00df?>"}'))).toEqual({ externalId: '7', firstname: 'Zoë', lastname: 'Øß?>' });
  });

  it('coerces claims like every answer of the service: wrong types dropped, long names cut', () => {
    const claims = customTokenClaims(
      rawToken(JSON.stringify({ _id: 'u', firstname: { x: 1 }, lastname: 'L'.repeat(500), email: ['a'], exp: 'soon', iat: -5, aud: 3 })),
    );
    expect(claims).toEqual({ externalId: 'u', lastname: 'L'.repeat(200), audience: '3' });
    expect(tokenProjectId(claims!)).toBeNull();
  });

  it('is null for garbage, without throwing', () => {
    const garbage: string[] = [
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
    for (const value of garbage) expect(customTokenClaims(value)).toBeNull();
    fc.assert(fc.property(fc.string(), (value) => customTokenClaims(value) === null || typeof customTokenClaims(value)!.externalId === 'string'));
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        customTokenClaims(`${a}.${b}.${c}`);
        customTokenClaims(rawToken(b));
        return true;
      }),
    );
  });
});
