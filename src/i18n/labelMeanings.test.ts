import { describe, expect, it } from 'vitest';
import en from './en.ts';
import { pendingEn } from './pending-en.ts';
import { englishOfViews } from './en-views.ts';
import { CONTROL_NAME_KEYS, LABEL_MEANINGS, textsFromServiceLabels, VIEW_TEXT_KEYS } from './labelMeanings.ts';

const own: Record<string, string> = { ...pendingEn, ...en, ...englishOfViews };

describe('service labels by meaning', () => {
  it("knows the keys of the views' texts without downloading them (en-views.ts): listed, or taken by meaning", () => {
    const taken = new Set(Object.values(LABEL_MEANINGS));
    expect([...VIEW_TEXT_KEYS].sort()).toEqual(
      Object.keys(englishOfViews)
        .filter((key) => !taken.has(key))
        .sort(),
    );
  });

  it('never passes a service label named like a text of the views through as it is: only a label of the same meaning is taken', () => {
    for (const key of Object.keys(englishOfViews)) {
      const texts = textsFromServiceLabels({ [key]: 'from the service' }, own);
      const meant = Object.keys(LABEL_MEANINGS).filter((widgetKey) => LABEL_MEANINGS[widgetKey] === key);
      expect(Object.keys(texts), key).toEqual(meant);
    }
  });

  it("takes the reference server's stock header texts for what they mean: CLOSE_CHAT ends, MINIMIZE and BUTTON_CLOSE_TO_ICON hide", () => {
    const texts = textsFromServiceLabels(
      {
        CLOSE_CHAT: 'Close chat',
        CONFIRM_CLOSE_CHAT: 'Are you sure you wanna close this chat?',
        MINIMIZE: 'Minimize',
        BUTTON_CLOSE_TO_ICON: 'Minimize chat',
        YES: 'Yes',
        NO: 'No',
      },
      own,
    );
    expect(texts).toMatchObject({
      CLOSE_CHAT: 'Close chat',
      CONFIRM_CLOSE_CHAT: 'Are you sure you wanna close this chat?',
      MINIMIZE: 'Minimize',
      BUTTON_CLOSE_CHAT: 'Minimize chat',
    });
    // The service's key with our launcher's key name is never read as that text.
    expect(texts).not.toHaveProperty('BUTTON_CLOSE_TO_ICON');
  });

  it('never gives two controls one name: a clashing service text is not taken, ours stays', () => {
    // Stock CLOSE_CHAT with no BUTTON_CLOSE_TO_ICON would name the end button like our launcher's "Close chat".
    expect(textsFromServiceLabels({ CLOSE_CHAT: 'Close chat' }, own)).toEqual({});
    expect(textsFromServiceLabels({ MINIMIZE: 'Close chat', CLOSE_CHAT: 'close chat ' }, own)).toEqual({});
    // "Send" for the department step's button would repeat the composer's send button.
    expect(textsFromServiceLabels({ CONTINUE: 'Send', CLOSE_CHAT: 'End it' }, own)).toEqual({ CLOSE_CHAT: 'End it' });
  });

  it("keeps the rating button's own text: the service's SUBMIT is a generic submit, in capitals in the stock set", () => {
    expect(textsFromServiceLabels({ SUBMIT: 'SUBMIT' }, own)).toEqual({});
    expect(textsFromServiceLabels({ SUBMIT: 'Submit' }, own)).toEqual({});
  });

  it('does not take labels whose meaning differs, and passes through keys the widget has no text for', () => {
    const texts = textsFromServiceLabels({ LABEL_WRITING: 'is writing...', LABEL_PRECHAT_USER_PHONE: 'Phone', ARRAY_DAYS: 'x' }, own);
    expect(texts).toEqual({ LABEL_PRECHAT_USER_PHONE: 'Phone', ARRAY_DAYS: 'x' });
  });

  it('our own English control names are all distinct (except the callout and upload dismissals, never shown together)', () => {
    const names = CONTROL_NAME_KEYS.filter((k) => k !== 'BUTTON_CLOSE_CALLOUT').map((k) => own[k]!.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const key of Object.keys(LABEL_MEANINGS)) expect(own, key).toHaveProperty(key);
  });

  it("takes the service's reply time label, its `$reply_time` becoming our placeholder", () => {
    expect(textsFromServiceLabels({ WAITING_TIME_FOUND: 'We usually answer in $reply_time', AGENT_AVAILABLE: ' Online' }, own)).toMatchObject({
      WAITING_TIME_FOUND: 'We usually answer in {{reply_time}}',
    });
  });
});
