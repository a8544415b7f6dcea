import { TICKET_IMAGE_MAX_BYTES, TICKET_IMAGE_MAX_PIXELS } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import { encodingAttempts, fitWithin, jpegName, needsPreparing } from './photo-prep';

describe('needsPreparing', () => {
  it('draws again a JPEG or PNG heavier than the limit, nothing else', () => {
    const heavy = TICKET_IMAGE_MAX_BYTES + 1;
    expect(needsPreparing({ type: 'image/jpeg', size: 4_000_000 })).toBe(true);
    expect(needsPreparing({ type: 'IMAGE/PNG', size: heavy })).toBe(true);
    expect(needsPreparing({ type: 'image/jpeg', size: TICKET_IMAGE_MAX_BYTES })).toBe(false);
    expect(needsPreparing({ type: 'image/gif', size: heavy })).toBe(false);
    expect(needsPreparing({ type: 'application/pdf', size: heavy })).toBe(false);
  });
});

describe('fitWithin', () => {
  it('scales a camera photo down to its longest side, keeping its shape', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin({ width: 3024, height: 4032 }, 1600)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin({ width: 4000, height: 1 }, 1600)).toEqual({ width: 1600, height: 1 });
  });

  it('never scales up', () => {
    expect(fitWithin({ width: 800, height: 600 }, 1600)).toEqual({ width: 800, height: 600 });
  });
});

describe('encodingAttempts', () => {
  it('tries every quality at the stored size first, then at smaller sizes', () => {
    const attempts = encodingAttempts({ width: 4000, height: 3000 });
    expect(attempts[0]).toEqual({ width: TICKET_IMAGE_MAX_PIXELS, height: 1200, quality: 0.85 });
    const sides = attempts.map((attempt) => Math.max(attempt.width, attempt.height));
    expect(sides).toEqual([...sides].sort((a, b) => b - a));
    expect(new Set(sides).size).toBe(3);
    for (const side of new Set(sides)) {
      const qualities = attempts.filter((a) => Math.max(a.width, a.height) === side).map((a) => a.quality);
      expect(qualities).toEqual([...qualities].sort((a, b) => b - a));
    }
  });

  it('does not scale a small heavy image up, nor try one encoding twice', () => {
    const attempts = encodingAttempts({ width: 1000, height: 700 });
    expect(attempts.slice(0, 3).every((a) => a.width === 1000 && a.height === 700)).toBe(true);
    const keys = attempts.map((a) => `${a.width}x${a.height}@${a.quality}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(attempts.every((a) => a.width <= 1000 && a.height <= 700)).toBe(true);
  });
});

describe('jpegName', () => {
  it('gives the chosen name a .jpg extension', () => {
    expect(jpegName('IMG_0042.PNG')).toBe('IMG_0042.jpg');
    expect(jpegName('leak.under.sink.jpeg')).toBe('leak.under.sink.jpg');
    expect(jpegName('photo')).toBe('photo.jpg');
    expect(jpegName('')).toBe('photo.jpg');
  });
});
