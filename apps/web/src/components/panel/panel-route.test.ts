import { describe, expect, it } from 'vitest';
import {
  CLOSED,
  cancelTarget,
  isUnderList,
  needsLeaveConfirmation,
  type PanelState,
  panelFromPath,
  pathForPanel,
  savedTarget,
} from './panel-route';

describe('isUnderList', () => {
  it("is the list and its panels, whose query string is the list's", () => {
    expect(isUnderList('/units', '/units')).toBe(true);
    expect(isUnderList('/units', '/units/5/edit')).toBe(true);
    expect(isUnderList('/units/', '/units/create')).toBe(true);
    expect(isUnderList('/units', '/unitsx')).toBe(false);
    expect(isUnderList('/units', '/tickets/5')).toBe(false);
  });
});

describe('panelFromPath', () => {
  it('reads the four panel routes of a list', () => {
    expect(panelFromPath('/units', '/units')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/units/create')).toEqual({ mode: 'create', id: null });
    expect(panelFromPath('/units', '/units/5')).toEqual({ mode: 'view', id: 5 });
    expect(panelFromPath('/units', '/units/5/edit')).toEqual({ mode: 'edit', id: 5 });
  });

  it('accepts trailing slashes', () => {
    expect(panelFromPath('/units', '/units/')).toEqual(CLOSED);
    expect(panelFromPath('/units/', '/units/12/')).toEqual({ mode: 'view', id: 12 });
    expect(panelFromPath('/units', '/units/12/edit/')).toEqual({ mode: 'edit', id: 12 });
  });

  it('treats anything else as the closed list', () => {
    expect(panelFromPath('/units', '/units/abc')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/units/0')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/units/-1')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/units/5/delete')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/units/1e3')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/unitsx/5')).toEqual(CLOSED);
    expect(panelFromPath('/units', '/properties/5')).toEqual(CLOSED);
  });
});

describe('pathForPanel', () => {
  it('writes each mode back as its route', () => {
    expect(pathForPanel('/units', CLOSED)).toBe('/units');
    expect(pathForPanel('/units', { mode: 'create', id: null })).toBe('/units/create');
    expect(pathForPanel('/units', { mode: 'view', id: 5 })).toBe('/units/5');
    expect(pathForPanel('/units/', { mode: 'edit', id: 5 })).toBe('/units/5/edit');
    expect(pathForPanel('/units', { mode: 'view', id: null })).toBe('/units');
  });

  it('round-trips with panelFromPath', () => {
    const states: PanelState[] = [
      CLOSED,
      { mode: 'create', id: null },
      { mode: 'view', id: 7 },
      { mode: 'edit', id: 7 },
    ];
    for (const state of states)
      expect(panelFromPath('/tenants', pathForPanel('/tenants', state))).toEqual(state);
  });
});

describe('panel transitions (SPEC.md section 2)', () => {
  it('Cancel on edit returns to the details, on create to the list', () => {
    expect(cancelTarget({ mode: 'edit', id: 5 })).toEqual({ mode: 'view', id: 5 });
    expect(cancelTarget({ mode: 'create', id: null })).toEqual(CLOSED);
    expect(cancelTarget({ mode: 'view', id: 5 })).toEqual(CLOSED);
  });

  it('a save goes to the record details', () => {
    expect(savedTarget(9)).toEqual({ mode: 'view', id: 9 });
  });

  it('asks before closing only while editing or creating', () => {
    expect(needsLeaveConfirmation({ mode: 'edit', id: 5 })).toBe(true);
    expect(needsLeaveConfirmation({ mode: 'create', id: null })).toBe(true);
    expect(needsLeaveConfirmation({ mode: 'view', id: 5 })).toBe(false);
    expect(needsLeaveConfirmation(CLOSED)).toBe(false);
  });
});
