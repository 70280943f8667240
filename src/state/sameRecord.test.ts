import { describe, expect, it } from 'vitest';
import { sameRecord } from './sameRecord.ts';
import { keepIfUnchanged } from './stableList.ts';

describe('sameRecord', () => {
  it('compares plain data field by field', () => {
    const a = { _id: '1', text: 'hi', attributes: { tempUID: 't', list: [1, { x: 'y' }] } };
    expect(sameRecord(a, JSON.parse(JSON.stringify(a)))).toBe(true);
    expect(sameRecord(a, { ...a, text: 'ho' })).toBe(false);
    expect(sameRecord(a, { ...a, attributes: { tempUID: 't', list: [1, { x: 'z' }] } })).toBe(false);
    expect(sameRecord(a, { ...a, extra: undefined })).toBe(false);
    expect(sameRecord({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameRecord([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameRecord([1, 2], [1, 2, 3])).toBe(false);
    expect(sameRecord(null, {})).toBe(false);
    expect(sameRecord(NaN, NaN)).toBe(false);
  });
});

describe('keepIfUnchanged', () => {
  it('gives the previous list when the items are the same ones in the same order', () => {
    const x = { n: 1 };
    const y = { n: 2 };
    const previous = [x, y];
    expect(keepIfUnchanged(previous, [x, y])).toBe(previous);
    const swapped = [y, x];
    expect(keepIfUnchanged(previous, swapped)).toBe(swapped);
    const equalNotSame = [x, { n: 2 }];
    expect(keepIfUnchanged(previous, equalNotSame)).toBe(equalNotSame);
    const longer = [x, y, x];
    expect(keepIfUnchanged(previous, longer)).toBe(longer);
  });
});
