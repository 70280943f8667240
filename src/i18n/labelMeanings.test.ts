import { describe, expect, it } from 'vitest';
import en from './en.ts';
import { pendingEn } from './pending-en.ts';
import { englishOfViews } from './en-views.ts';
import { CONTROL_NAME_KEYS, LABEL_MEANINGS, textsFromServiceLabels as fromService } from './labelMeanings.ts';

const own: Record<string, string> = { ...pendingEn, ...en, ...englishOfViews };
/** The texts taken for what they mean. */
const textsFromServiceLabels = (labels: Record<string, string>, texts: Record<string, string>) => fromService(labels, texts).texts;

describe('service labels by meaning', () => {
  it('takes a service label named like a text of ours only for the text it means: the rest are labels apart, whatever their key', () => {
    for (const key of [...Object.keys(en), ...Object.keys(englishOfViews)]) {
      const { texts, labels } = fromService({ [key]: 'from the service' }, own);
      const meant = Object.keys(LABEL_MEANINGS).filter((widgetKey) => LABEL_MEANINGS[widgetKey] === key);
      expect(Object.keys(texts), key).toEqual(meant);
      // Taken for a meaning, it is no label apart (as BUTTON_CLOSE_TO_ICON is not).
      expect(Object.keys(labels), key).toEqual(meant.length ? [] : [key]);
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

  it('does not take labels whose meaning differs: they and the keys the widget has no text for stay labels as the service named them', () => {
    const labels = { LABEL_WRITING: 'is writing...', LABEL_PRECHAT_USER_PHONE: 'Phone', ARRAY_DAYS: 'x' };
    expect(fromService(labels, own)).toEqual({ texts: {}, labels });
    expect(fromService({ BUTTON_CLOSE_TO_ICON: 'Minimize chat' }, own)).toEqual({ texts: { BUTTON_CLOSE_CHAT: 'Minimize chat' }, labels: {} });
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
