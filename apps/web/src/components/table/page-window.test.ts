import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageWindow, rowRange } from './page-window';

describe('pageWindow', () => {
  it('centres the current page in a window of 3 (SPEC.md section 9)', () => {
    expect(pageWindow(4, 10)).toEqual([3, 4, 5]);
    expect(pageWindow(5, 10)).toEqual([4, 5, 6]);
  });

  it('keeps the window full at both ends', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(9, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });

  it('shows fewer numbers when there are fewer pages', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('clamps a page outside the range (e.g. after the last row of a page was deleted)', () => {
    expect(pageWindow(12, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3]);
  });

  it('supports other window sizes', () => {
    expect(pageWindow(5, 10, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(5, 10, 4)).toEqual([4, 5, 6, 7]);
    expect(pageWindow(5, 10, 0)).toEqual([]);
  });
});

describe('pageCount and clampPage', () => {
  it('counts pages of 10 with at least one page', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
    expect(pageCount(Number.NaN)).toBe(1);
  });

  it('keeps a page within range', () => {
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(4, 3)).toBe(3);
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(2, 0)).toBe(1);
  });
});

describe('rowRange', () => {
  it('gives the rows shown on a page', () => {
    expect(rowRange(1, 10, 34)).toEqual({ from: 1, to: 10 });
    expect(rowRange(4, 10, 34)).toEqual({ from: 31, to: 34 });
    expect(rowRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
