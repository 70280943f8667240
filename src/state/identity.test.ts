import { describe, expect, it } from 'vitest';
import { identityAttributes } from './identity.ts';
import { identityUpdate } from './identityUpdate.ts';

describe('identityAttributes', () => {
  it('names the visitor with what is known, leaving empty values out', () => {
    expect(identityAttributes({ fullname: 'Jane Doe', email: 'jane@example.com', attributes: { plan: 'pro' } })).toEqual({
      userFullname: 'Jane Doe',
      userEmail: 'jane@example.com',
      payload: { plan: 'pro' },
    });
    expect(identityAttributes({ fullname: '', email: '', attributes: {} })).toEqual({});
    expect(identityAttributes({ fullname: '', email: 'a@b.c', attributes: null })).toEqual({ userEmail: 'a@b.c' });
  });
});

describe('identityUpdate', () => {
  const jane = { userFullname: 'Jane Doe', userEmail: 'jane@example.com', payload: { plan: 'pro', orders: 3 } };

  it('carries nothing when the last message that named the visitor says the same (key order aside)', () => {
    const sent = [{ attributes: { ...jane, payload: { orders: 3, plan: 'pro' }, tempUID: 'a' } }, { attributes: { tempUID: 'b' } }];
    expect(identityUpdate(jane, sent)).toBeNull();
  });

  it('carries the whole identity after a change of any part', () => {
    const sent = [{ attributes: { ...jane } }];
    expect(identityUpdate({ ...jane, userEmail: 'j.doe@example.com' }, sent)).toEqual({ ...jane, userEmail: 'j.doe@example.com' });
    expect(identityUpdate({ ...jane, payload: { plan: 'team', orders: 3 } }, sent)).toEqual({ ...jane, payload: { plan: 'team', orders: 3 } });
  });

  it('compares with the latest message that carried an identity, not the first', () => {
    const sent = [{ attributes: { userFullname: 'Guest' } }, { attributes: { tempUID: 'x' } }, { attributes: { ...jane } }, {}];
    expect(identityUpdate(jane, sent)).toBeNull();
    expect(identityUpdate({ userFullname: 'Guest' }, sent)).toEqual({ userFullname: 'Guest' });
  });

  it('names a visitor who was anonymous so far, and says nothing for one who still is', () => {
    expect(identityUpdate(jane, [{ attributes: { tempUID: 'a' } }])).toEqual(jane);
    expect(identityUpdate({}, [{ attributes: { tempUID: 'a' } }, {}])).toBeNull();
    expect(identityUpdate({}, [])).toBeNull();
  });
});
