import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, cleanLayer, resolveSettings, settingsFromQuery } from './settings.ts';

describe('settings precedence', () => {
  it('applies defaults → project.widget → stored → page → query, last wins', () => {
    const project = { themeColor: '#111111', align: 'left', widgetTitle: 'From service' };
    const stored = { widgetTitle: 'Stored' };
    const page = { themeColor: '#222222', projectid: 'p1' };
    const query = settingsFromQuery('?porchlight_themeColor=%23333333');
    const s = resolveSettings(project, stored, page, query);
    expect(s.themeColor).toBe('#333333');
    expect(s.align).toBe('left');
    expect(s.widgetTitle).toBe('Stored');
    expect(s.projectid).toBe('p1');
    expect(s.marginX).toBe(DEFAULT_SETTINGS.marginX);
  });

  it('an invalid value in one layer falls back to the layer below it, not to the default', () => {
    const project = { themeColor: '#c2410c', marginX: '40px', baloonImage: 'https://cdn.example.com/b.png', logoChat: 'https://cdn.example.com/l.png' };
    const page = {
      themeColor: 'red; background:url(https://evil.example/x)',
      marginX: '10px;left:0',
      baloonImage: 'javascript:alert(1)',
      logoChat: 'data:text/html,x',
    };
    const update = { themeColor: 'var(--x)', themeForegroundColor: '}body{color:red' };
    const s = resolveSettings(project, page, update);
    expect(s.themeColor).toBe('#c2410c');
    expect(s.themeForegroundColor).toBe(DEFAULT_SETTINGS.themeForegroundColor);
    expect(s.marginX).toBe('40px');
    expect(s.baloonImage).toBe('https://cdn.example.com/b.png');
    expect(s.logoChat).toBe('https://cdn.example.com/l.png');
    // Valid values still win over the layer below; '' explicitly clears an image.
    expect(resolveSettings(project, { themeColor: 'rgb(1, 2, 3)', marginX: '12', baloonImage: '' })).toMatchObject({
      themeColor: 'rgb(1, 2, 3)',
      marginX: '12',
      baloonImage: '',
    });
    expect(settingsFromQuery('?porchlight_themeColor=url(x)')).toEqual({});
  });

  it('coerces types and drops values of the wrong type or unknown enum', () => {
    expect(cleanLayer({ open: 'true', calloutTimer: '5', align: 'middle', persistence: 'session', bogus: 1 })).toEqual({
      open: true,
      calloutTimer: 5,
      persistence: 'session',
    });
    expect(cleanLayer({ open: 'maybe', themeColor: {} })).toEqual({});
  });

  it('reads porchlight_ and tiledesk_ query parameters; a bare key is true and 0 is false', () => {
    expect(settingsFromQuery('?tiledesk_open&porchlight_displayOnMobile=0&porchlight_lang=it&other=1')).toEqual({
      open: true,
      displayOnMobile: false,
      lang: 'it',
    });
    expect(settingsFromQuery('?tiledesk_align=left&porchlight_align=right').align).toBe('right');
  });

  it('parses customAttributes given as JSON text', () => {
    expect(cleanLayer({ customAttributes: '{"plan":"pro"}' }).customAttributes).toEqual({ plan: 'pro' });
    expect(cleanLayer({ customAttributes: '{oops' }).customAttributes).toBeUndefined();
  });

  it('ignores keys a hostile page put on Object.prototype', () => {
    (Object.prototype as Record<string, unknown>).themeColor = 'red';
    try {
      expect(cleanLayer({})).toEqual({});
    } finally {
      delete (Object.prototype as Record<string, unknown>).themeColor;
    }
  });
});

describe('mqttEndpoint (issue 24 §1)', () => {
  it('comes from the page (settings or data- attributes), never from the query string', () => {
    expect(resolveSettings({ mqttEndpoint: '/mqws/ws' }).mqttEndpoint).toBe('/mqws/ws');
    expect(resolveSettings({}).mqttEndpoint).toBe('');
    expect(settingsFromQuery('?porchlight_mqttEndpoint=wss%3A%2F%2Fevil.example%2Fws&tiledesk_mqttEndpoint=/x').mqttEndpoint).toBeUndefined();
    expect(resolveSettings({ mqttEndpoint: '/mqws/ws' }, settingsFromQuery('?porchlight_mqttEndpoint=wss://evil.example/ws')).mqttEndpoint).toBe('/mqws/ws');
  });
});
