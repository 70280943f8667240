import { describe, expect, it } from 'vitest';
import { EMAIL_ADDRESS } from './emailAddress.ts';

describe('EMAIL_ADDRESS', () => {
  it('takes an address with a dotted domain, and nothing with spaces, two @ or no domain', () => {
    for (const ok of ['jane@example.com', 'a.b+c@shop.co.uk']) expect(EMAIL_ADDRESS.test(ok), ok).toBe(true);
    for (const bad of ['', 'jane', 'jane@', 'jane@example', 'ja ne@example.com', 'a@b@c.com', `${'x'.repeat(65)}@example.com`]) {
      expect(EMAIL_ADDRESS.test(bad), bad).toBe(false);
    }
  });
});
