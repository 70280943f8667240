import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import type { OutboxItem } from '../../state/chatMessage.ts';
import { failureOf, failureReport, movedTo } from './deliveryFailure.ts';

const item = (attempts: number): OutboxItem => ({
  tempUID: 't1',
  requestId: 'old',
  text: 'hi',
  type: 'text',
  attributes: {},
  createdAt: 0,
  attempts,
  state: 'sending',
  maybeDelivered: true,
  notBefore: 5,
  opening: { departmentid: 'd1' },
});

describe('failureReport', () => {
  const unreachable = new ApiError(503, null, null);
  it('tells the page of the first failed attempt, as retrying', () => {
    const patch = failureOf(item(0), unreachable, { now: 0, online: true });
    expect(failureReport(item(0), unreachable, patch)).toMatchObject({ type: 'send', tempUID: 't1', status: 503, retrying: true });
  });
  it('says nothing of a later retry', () => {
    const patch = failureOf(item(2), unreachable, { now: 0, online: true });
    expect(failureReport(item(2), unreachable, patch)).toBeNull();
  });
  it('tells of a final failure, with its reason', () => {
    const refused = new ApiError(422, null, null);
    const patch = failureOf(item(2), refused, { now: 0, online: true });
    expect(failureReport(item(2), refused, patch)).toEqual({ type: 'send', tempUID: 't1', reason: patch.reason, status: 422, message: 'HTTP 422' });
  });
});

describe('movedTo', () => {
  it('sends the item afresh in the new conversation, without what opened the old one', () => {
    expect(movedTo(item(3), 'new')).toMatchObject({ requestId: 'new', state: 'sending', attempts: 0, notBefore: 0, maybeDelivered: false, opening: undefined });
  });
});
