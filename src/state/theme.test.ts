import { describe, expect, it } from 'vitest';
import { contrastRatio, themeForeground, themeVariables } from './theme.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

describe('theme foreground contrast (WCAG AA 4.5:1)', () => {
  it('measures the contrast ratio', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#facc15', '#ffffff')).toBeCloseTo(1.53, 2);
    expect(contrastRatio('rgb(255, 255, 255)', '#fff')).toBeCloseTo(1, 5);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('keeps a configured foreground that passes AA', () => {
    expect(themeForeground('#2a6ac1', '#ffffff')).toBe('#ffffff');
    expect(themeForeground('#facc15', '#1b1f24')).toBe('#1b1f24');
  });

  it('replaces a configured foreground that fails AA with a readable one', () => {
    expect(themeForeground('#facc15', '#ffffff')).toBe('#111111');
    expect(themeForeground('#1e3a8a', '#1f2937')).toBe('#ffffff');
  });

  it('computes one when none is configured, and keeps what it cannot measure', () => {
    expect(themeForeground('#facc15', '')).toBe('#111111');
    expect(themeForeground('#facc15', 'white')).toBe('white');
  });

  it('reaches the theme variables: yellow with white text gets dark text', () => {
    const vars = themeVariables({ ...DEFAULT_SETTINGS, themeColor: '#facc15', themeForegroundColor: '#ffffff' }, DEFAULT_SETTINGS);
    expect(vars['--pl-theme-fg']).toBe('#111111');
  });
});
