import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_ICON_PATH } from '../../state/launcherIcon.ts';
import { launcherLook } from '../../state/launcherLook.ts';
import { createLookCache } from './lookCache.ts';
import { resolveSettings } from '../../state/settings.ts';

afterEach(() => localStorage.clear());

describe('look cache', () => {
  it("resolves the launcher's look as the app's styles draw it (validated, lengths with units, contrast colour)", () => {
    const look = launcherLook(
      resolveSettings({ align: 'left', themeColor: '#ffcc00', marginX: '32', launcherWidth: '70px', baloonImage: 'https://cdn.example.com/b.png' }),
    );
    const { css, icon, ...values } = look;
    // The app's own chat icon, so the loader's placeholder draws the same shape.
    expect(icon).toBe(CHAT_ICON_PATH);
    expect(values).toEqual({
      align: 'left',
      theme: '#ffcc00',
      fg: '#111111',
      x: '32px',
      y: '20px',
      mx: '0px',
      my: '0px',
      w: '70px',
      h: '60px',
      image: 'https://cdn.example.com/b.png',
      hide: false,
    });
    // The loader's placeholder stylesheet, with these values.
    expect(css).toContain('.l{position:fixed;bottom:20px;left:32px;width:70px;height:60px;');
    expect(css).toContain('background:#ffcc00;color:#111111');
    expect(css).toContain('@media (max-width:480px){.l{bottom:max(0px,16px);left:max(0px,16px)}}');
    // Not shown everywhere: the loader must not paint a launcher the app will take away.
    expect(launcherLook(resolveSettings({ displayOnMobile: false })).hide).toBe(true);
    expect(launcherLook(resolveSettings({ startHidden: true })).hide).toBe(true);
  });

  it('keeps the last /widgets answer and texts per project and language, and nothing without storage', () => {
    const cache = createLookCache(localStorage, 'p1');
    expect(cache.widgets()).toBeNull();
    const look = launcherLook(resolveSettings({}));
    cache.save({ project: { _id: 'p1', name: 'Shop', widget: { themeColor: '#c2410c' } } }, look);
    cache.saveTexts('it', { LABEL_PLACEHOLDER: 'Scrivi…' });
    expect(createLookCache(localStorage, 'p1').widgets()).toEqual({ project: { _id: 'p1', name: 'Shop', widget: { themeColor: '#c2410c' } } });
    expect(JSON.parse(localStorage.getItem('porchlight:look:p1')!).look).toEqual(look);
    expect(createLookCache(localStorage, 'p1').texts('it')).toEqual({ LABEL_PLACEHOLDER: 'Scrivi…' });
    expect(createLookCache(localStorage, 'p1').texts('fr')).toBeNull();
    expect(createLookCache(localStorage, 'p2').widgets()).toBeNull();
    localStorage.setItem('porchlight:labels:p1:de', '{not json');
    expect(createLookCache(localStorage, 'p1').texts('de')).toBeNull();
    // An answer saved before the look is computed keeps the look stored (none on a first visit).
    cache.save({ project: { _id: 'p1', name: 'Shop 2' } });
    expect(createLookCache(localStorage, 'p1').widgets()).toEqual({ project: { _id: 'p1', name: 'Shop 2' } });
    expect(JSON.parse(localStorage.getItem('porchlight:look:p1')!).look).toEqual(look);
    createLookCache(localStorage, 'p4').save({ project: { _id: 'p4', name: 'New' } });
    expect(JSON.parse(localStorage.getItem('porchlight:look:p4')!)).toEqual({ widgets: { project: { _id: 'p4', name: 'New' } } });
    const none = createLookCache(null, 'p3');
    none.save({}, look);
    expect(none.widgets()).toBeNull();
  });
});
