import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAPER,
  PAPER_POINTS,
  paperForCountry,
  workOrderFileName,
  workOrderMoment,
  workOrderPdfPath,
  workOrderPrintPath,
} from './work-orders';

describe('the paper of a work order', () => {
  it('is Letter in North America and the other countries that kept it, A4 elsewhere', () => {
    for (const country of ['Canada', 'United States', 'Mexico', 'Philippines', 'CA', 'us', 'canada'])
      expect(paperForCountry(country), country).toBe('letter');
    for (const country of ['France', 'Germany', 'United Kingdom', 'Australia', 'Japan', 'FR', 'gb'])
      expect(paperForCountry(country), country).toBe('a4');
  });

  it('is the default (Letter) when the country is unknown or missing', () => {
    expect(DEFAULT_PAPER).toBe('letter');
    for (const country of ['', null, undefined, 'Atlantis', '  '])
      expect(paperForCountry(country), String(country)).toBe('letter');
  });

  it('has the ISO and US page sizes in points', () => {
    expect(PAPER_POINTS.a4).toEqual({ width: 595.28, height: 841.89 });
    expect(PAPER_POINTS.letter).toEqual({ width: 612, height: 792 });
  });
});

describe('its addresses and moments', () => {
  it('names the download, the PDF and the print view', () => {
    expect(workOrderFileName(42)).toBe('work-order-42.pdf');
    expect(workOrderPdfPath(42)).toBe('/api/tickets/42/work-order.pdf');
    expect(workOrderPdfPath(42, 'a4')).toBe('/api/tickets/42/work-order.pdf?paper=a4');
    expect(workOrderPrintPath(42)).toBe('/tickets/42/print');
    expect(workOrderPrintPath(42, true)).toBe('/tickets/42/print?print=1');
  });

  it('writes a moment with its year at the property, with a plain space before AM/PM', () => {
    const seconds = Date.UTC(2026, 10, 23, 15, 0) / 1000;
    expect(workOrderMoment(seconds, 'America/Edmonton')).toBe('Nov 23, 2026, 8:00 AM');
    expect(workOrderMoment(seconds, 'Europe/Paris')).toBe('Nov 23, 2026, 4:00 PM');
    expect(workOrderMoment(seconds, 'Europe/Paris', 'fr-CA')).toBe('23 nov. 2026, 16 h 00');
  });
});
