import { signal } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../state/chatMessage.ts';
import { createAttention, latestFromOthers, unreadTitle } from './attention.ts';

/** A document whose visibility the test switches (happy-dom's is always visible). */
function fakeDocument(title: string) {
  const target = new EventTarget();
  const doc = Object.assign(target, { title, visibilityState: 'visible' });
  return {
    doc: doc as unknown as Document,
    get title() {
      return doc.title;
    },
    set title(value: string) {
      doc.title = value;
    },
    hide() {
      doc.visibilityState = 'hidden';
      target.dispatchEvent(new Event('visibilitychange'));
    },
    show() {
      doc.visibilityState = 'visible';
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

const message = (key: string, text: string, fromVisitor = false, kind: ChatMessage['kind'] = 'message'): ChatMessage => ({
  key,
  kind,
  text,
  type: 'text',
  senderName: fromVisitor ? '' : 'Ann',
  senderId: fromVisitor ? 'visitor' : 'ann',
  fromVisitor,
  createdAt: 0,
  state: 'sent',
});

function setup(options: { leads?: boolean; open?: boolean } = {}) {
  const page = fakeDocument('Shop — Boots');
  const state = {
    messages: signal<ChatMessage[]>([message('a', 'Hi'), message('b', 'It ships today.')]),
    unread: signal(0),
    isOpen: signal(options.open ?? false),
    leads: signal(options.leads ?? true),
  };
  const attention = createAttention({ ...state, doc: page.doc });
  return { page, attention, ...state };
}

describe('unread count in the page title', () => {
  it('puts (N) before the title while the tab is hidden and gives the title back when it is shown', () => {
    const { page, unread, attention } = setup();
    unread.value = 2;
    expect(page.title).toBe('Shop — Boots');
    page.hide();
    expect(page.title).toBe('(2) Shop — Boots');
    unread.value = 3;
    expect(page.title).toBe('(3) Shop — Boots');
    page.show();
    expect(page.title).toBe('Shop — Boots');
    attention.dispose();
  });

  it('gives the title back when the messages are read, even in a hidden tab', () => {
    const { page, unread } = setup();
    page.hide();
    unread.value = 1;
    expect(page.title).toBe('(1) Shop — Boots');
    unread.value = 0;
    expect(page.title).toBe('Shop — Boots');
  });

  it('never overwrites a title the page set meanwhile, and counts in front of the new one', () => {
    const { page, unread } = setup();
    page.hide();
    unread.value = 1;
    page.title = 'Cart (page changed it)';
    unread.value = 2;
    expect(page.title).toBe('(2) Cart (page changed it)');
    page.title = 'Checkout';
    page.show();
    expect(page.title).toBe('Checkout');
  });

  it('changes the title in the leading tab only', () => {
    const { page, unread, leads } = setup({ leads: false });
    page.hide();
    unread.value = 4;
    expect(page.title).toBe('Shop — Boots');
    leads.value = true;
    expect(page.title).toBe('(4) Shop — Boots');
    leads.value = false;
    expect(page.title).toBe('Shop — Boots');
  });

  it('destroying the widget gives the title back', () => {
    const { page, unread, attention } = setup();
    page.hide();
    unread.value = 1;
    attention.dispose();
    expect(page.title).toBe('Shop — Boots');
  });

  it('unreadTitle caps the count', () => {
    expect(unreadTitle('T', 0)).toBe('T');
    expect(unreadTitle('T', 120)).toBe('(99+) T');
  });
});

describe('message preview', () => {
  it('previews the latest message from the other side while closed with unread messages, in every tab', () => {
    const { attention, unread, isOpen, leads } = setup();
    expect(attention.preview.value).toBeNull();
    unread.value = 1;
    expect(attention.preview.value?.text).toBe('It ships today.');
    isOpen.value = true;
    expect(attention.preview.value).toBeNull();
    isOpen.value = false;
    // A tab that does not lead shows it too (issue 22 §3): the visitor may be on any page of the site.
    leads.value = false;
    expect(attention.preview.value?.text).toBe('It ships today.');
    unread.value = 0;
    expect(attention.preview.value).toBeNull();
  });

  it('stays dismissed until the next message', () => {
    const { attention, unread, messages } = setup();
    unread.value = 1;
    attention.dismissPreview();
    expect(attention.preview.value).toBeNull();
    messages.value = [...messages.value, message('c', 'Anything else?')];
    unread.value = 2;
    expect(attention.preview.value?.text).toBe('Anything else?');
  });

  it('skips info lines and empty messages; nothing once the visitor had the last word', () => {
    expect(latestFromOthers([message('a', 'Hi'), message('i', '', false, 'info'), message('e', ' ')])?.key).toBe('a');
    expect(latestFromOthers([message('a', 'Hi'), message('v', 'Thanks', true)])).toBeNull();
  });
});
