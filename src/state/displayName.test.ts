import { describe, expect, it } from 'vitest';
import { displayName, isolateInText, readsAsVisitorLabel } from './displayName.ts';

describe('displayName', () => {
  it('drops embeddings, overrides and isolates, collapses spaces, caps the length', () => {
    expect(displayName('\u202EAnn\u202A \u2066Agent\u2069\u202C')).toBe('Ann Agent');
    expect(displayName('  a \n\t b  ')).toBe('a b');
    expect(displayName('x'.repeat(500))).toHaveLength(80);
    // Right-to-left names and their marks are fine.
    expect(displayName('\u0633\u0627\u0631\u0629\u200F')).toBe('\u0633\u0627\u0631\u0629\u200F');
  });

  it('isolates a name inside a sentence; a PDI in the name cannot end the isolation early', () => {
    expect(isolateInText('Bob\u2069\u202E Builder')).toBe('\u2068Bob Builder\u2069');
  });
});

describe('readsAsVisitorLabel', () => {
  it('matches the label whatever the case, width, spaces or invisible characters', () => {
    for (const name of ['You', ' you ', 'YOU', 'Y\u200Bou', '\uFF39\uFF4F\uFF55', 'Y o u']) expect(readsAsVisitorLabel(name, 'You')).toBe(true);
    for (const name of ['Youssef', 'Your agent', '', 'Support']) expect(readsAsVisitorLabel(name, 'You')).toBe(false);
    expect(readsAsVisitorLabel('sie', 'Sie')).toBe(true);
  });
});
