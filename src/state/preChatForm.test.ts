import { describe, expect, it } from 'vitest';
import { compilePattern, DEFAULT_FIELDS, parseFields, validate } from './preChatForm.ts';
import { preChatNeeded } from './preChatNeeded.ts';

describe('pre-chat form', () => {
  it('asks name and email by default, with an email check', () => {
    expect(parseFields(null)).toBe(DEFAULT_FIELDS);
    expect(validate(DEFAULT_FIELDS, {})).toEqual({ userFullname: 'LABEL_ERROR_FIELD_NAME', userEmail: 'LABEL_ERROR_FIELD_EMAIL' });
    expect(validate(DEFAULT_FIELDS, { userFullname: 'Ada', userEmail: 'nope' })).toEqual({ userEmail: 'LABEL_ERROR_FIELD_EMAIL' });
    expect(validate(DEFAULT_FIELDS, { userFullname: ' Ada ', userEmail: 'ada@example.com' })).toEqual({});
  });

  it("reads the dashboard's preChatFormJson: text, textarea, checkbox and static fields", () => {
    const fields = parseFields(
      JSON.stringify([
        { name: 'userFullname', type: 'text', mandatory: true, label: 'LABEL_PRECHAT_USER_FULLNAME' },
        {
          name: 'phone',
          type: 'text',
          mandatory: false,
          regex: '/^\\+?[0-9 ]{6,}$/',
          errorLabel: 'LABEL_PRECHAT_USER_PHONE_ERROR',
          label: { en: 'Phone', it: 'Telefono' },
        },
        { name: 'firstMessage', type: 'textarea', mandatory: false, label: 'LABEL_PRECHAT_FIRST_MESSAGE' },
        { name: 'privacy', type: 'checkbox', mandatory: true, label: 'LABEL_PRECHAT_ACCEPT_TERMS_PRIVACY' },
        { type: 'static', label: 'LABEL_PRECHAT_STATIC_TERMS_PRIVACY', mandatory: true },
        { name: 'weird', type: 'select' },
        null,
      ]),
    );
    expect(fields.map((f) => [f.name, f.type, f.mandatory])).toEqual([
      ['userFullname', 'text', true],
      ['phone', 'text', false],
      ['firstMessage', 'textarea', false],
      ['privacy', 'checkbox', true],
      ['field4', 'static', false],
    ]);
    expect(validate(fields, { userFullname: 'Ada', phone: 'abc' })).toEqual({ phone: 'LABEL_PRECHAT_USER_PHONE_ERROR', privacy: 'LABEL_ERROR_FIELD_REQUIRED' });
    expect(validate(fields, { userFullname: 'Ada', phone: '+39 02 1234567', privacy: true })).toEqual({});
  });

  it('refuses service regexes that do not compile or are too long, and falls back on broken JSON', () => {
    expect(compilePattern('/[a-/')).toBeNull();
    expect(compilePattern('x'.repeat(600))).toBeNull();
    expect(compilePattern('/^a$/gi')!.flags).toBe('i');
    expect(parseFields('{broken')).toBe(DEFAULT_FIELDS);
  });

  it('is skipped when the page already names the visitor', () => {
    expect(preChatNeeded(true, { fullname: '', email: '' })).toBe(true);
    expect(preChatNeeded(true, { fullname: 'Ada', email: 'ada@example.com' })).toBe(false);
    expect(preChatNeeded(false, { fullname: '', email: '' })).toBe(false);
  });
});
