import { describe, expect, it } from 'vitest';
import { settingsChange } from './settingsChange.ts';

const base = { projectid: 'p1', apiUrl: 'https://api.example.com/v3', themeColor: '#123456' };

describe('settingsChange', () => {
  it('does nothing for equal props, even as fresh objects', () => {
    expect(settingsChange({ ...base, customAttributes: { plan: 'pro' } }, { ...base, customAttributes: { plan: 'pro' } })).toEqual({ kind: 'none' });
  });

  it('updates only the keys that changed', () => {
    expect(settingsChange(base, { ...base, themeColor: '#c2410c', widgetTitle: 'Help' })).toEqual({
      kind: 'update',
      partial: { themeColor: '#c2410c', widgetTitle: 'Help' },
    });
  });

  it('makes a new instance when a boot setting changes', () => {
    expect(settingsChange(base, { ...base, projectid: 'p2' })).toEqual({ kind: 'remount' });
    expect(settingsChange(base, { ...base, persistence: 'none' })).toEqual({ kind: 'remount' });
    expect(settingsChange({ ...base, preview: true }, base)).toEqual({ kind: 'remount' });
  });

  it('makes a new instance when a key is taken away (update cannot unset it)', () => {
    expect(settingsChange(base, { projectid: 'p1', apiUrl: base.apiUrl })).toEqual({ kind: 'remount' });
    expect(settingsChange(base, { ...base, themeColor: undefined })).toEqual({ kind: 'remount' });
  });

  it('treats an undefined prop as not given', () => {
    expect(settingsChange({ ...base, widgetTitle: undefined }, base)).toEqual({ kind: 'none' });
  });

  it('applies a new token live, and a token taken away as `jwt: null` (the instance signs the visitor out), not as a new instance', () => {
    expect(settingsChange({ ...base, jwt: 'a.b.c' }, { ...base, jwt: 'd.e.f' })).toEqual({ kind: 'update', partial: { jwt: 'd.e.f' } });
    expect(settingsChange(base, { ...base, jwt: 'a.b.c' })).toEqual({ kind: 'update', partial: { jwt: 'a.b.c' } });
    expect(settingsChange({ ...base, jwt: 'a.b.c' }, base)).toEqual({ kind: 'update', partial: { jwt: null } });
    expect(settingsChange({ ...base, jwt: 'a.b.c' }, { ...base, jwt: null })).toEqual({ kind: 'update', partial: { jwt: null } });
    expect(settingsChange({ ...base, jwt: 'a.b.c' }, { ...base, jwt: undefined, widgetTitle: 'Help' })).toEqual({
      kind: 'update',
      partial: { jwt: null, widgetTitle: 'Help' },
    });
  });
});
