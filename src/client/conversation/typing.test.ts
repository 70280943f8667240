import { signal } from '@preact/signals-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterMessages, afterTypingFrame, createOtherTyping, typingAt, TYPING_EXPIRES_MS } from './typing.ts';

const mine = new Set(['visitor-1']);
const ann = { typing: true, sender: 'agent-1', senderFullname: 'Ann Agent' };

describe('the typing rule', () => {
  it('a frame from the other side types for a while, then expires', () => {
    const state = afterTypingFrame(null, ann, mine, 1000);
    expect(state).toEqual({ sender: 'agent-1', name: 'Ann Agent', until: 1000 + TYPING_EXPIRES_MS });
    expect(typingAt(state, 1000 + TYPING_EXPIRES_MS - 1)).toBe(state);
    expect(typingAt(state, 1000 + TYPING_EXPIRES_MS)).toBeNull();
  });

  it('a new frame extends it; a stop from the typist ends it, from someone else does not', () => {
    const first = afterTypingFrame(null, ann, mine, 0);
    expect(afterTypingFrame(first, ann, mine, 3000)?.until).toBe(3000 + TYPING_EXPIRES_MS);
    expect(afterTypingFrame(first, { ...ann, typing: false }, mine, 10)).toBeNull();
    expect(afterTypingFrame(first, { typing: false, sender: 'bot' }, mine, 10)).toBe(first);
  });

  it("ignores the visitor's own frames", () => {
    expect(afterTypingFrame(null, { typing: true, sender: 'visitor-1' }, mine, 0)).toBeNull();
    const state = afterTypingFrame(null, ann, mine, 0);
    expect(afterTypingFrame(state, { typing: false, sender: 'visitor-1' }, mine, 0)).toBe(state);
  });

  it("is cleared by a message from the typist, not by someone else's", () => {
    const state = afterTypingFrame(null, ann, mine, 0);
    expect(afterMessages(state, ['visitor-1', 'bot'])).toBe(state);
    expect(afterMessages(state, ['agent-1'])).toBeNull();
    expect(afterMessages(null, ['agent-1'])).toBeNull();
  });
});

describe('createOtherTyping', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the typist, and stops after the expiry or at their message', () => {
    vi.useFakeTimers();
    const model = createOtherTyping({ mine: () => mine });
    model.frame(ann);
    expect(model.who.value?.name).toBe('Ann Agent');
    vi.advanceTimersByTime(TYPING_EXPIRES_MS - 1);
    expect(model.who.value).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(model.who.value).toBeNull();

    model.frame(ann);
    vi.advanceTimersByTime(3000);
    model.frame(ann);
    vi.advanceTimersByTime(3000);
    expect(model.who.value).not.toBeNull();
    model.messages(['agent-1']);
    expect(model.who.value).toBeNull();

    model.frame({ typing: true, sender: 'visitor-1' });
    expect(model.who.value).toBeNull();
    model.dispose();
  });

  it('in another conversation (new, forgotten, adopted) nobody types yet; disposed, it follows none', () => {
    const conversationId = signal<string | null>('r1');
    const model = createOtherTyping({ mine: () => mine, conversationId });
    model.frame(ann);
    expect(model.who.value?.name).toBe('Ann Agent');
    conversationId.value = 'r2';
    expect(model.who.value).toBeNull();
    model.frame(ann);
    model.dispose();
    conversationId.value = null;
    expect(model.who.value?.name).toBe('Ann Agent');
  });
});
