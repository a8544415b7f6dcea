import { type ApiAssignableContractor, en, UNASSIGNED_FILTER } from '@mend/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptsAssignedTo,
  answerPath,
  assignedToContractor,
  assignedToOptions,
  assignmentDue,
  assignmentPath,
  assignmentStateColor,
  contractorGroups,
  contractorLabel,
  linkPath,
  listsState,
} from './assignment-rules';

const A = en.ticketScreens.assignment;
const RESPOND_BY = 1_700_000_000;
const stamp = (timestamp: number) => `at ${timestamp}`;

describe('assignmentDue', () => {
  it('says "Answer by" while a pending assignment is within its time', () => {
    expect(
      assignmentDue({ state: 'pending', respond_by_timestamp: RESPOND_BY }, RESPOND_BY * 1000 - 1, stamp),
    ).toEqual({ overdue: false, text: `Answer by at ${RESPOND_BY}` });
  });

  it('says "No answer since" from the moment the time has passed', () => {
    for (const now of [RESPOND_BY * 1000, RESPOND_BY * 1000 + 3_600_000]) {
      expect(assignmentDue({ state: 'pending', respond_by_timestamp: RESPOND_BY }, now, stamp)).toEqual({
        overdue: true,
        text: `No answer since at ${RESPOND_BY}`,
      });
    }
  });

  it('says nothing once the contractor answered, in time or not', () => {
    for (const state of ['accepted', 'declined'] as const) {
      expect(
        assignmentDue({ state, respond_by_timestamp: RESPOND_BY }, RESPOND_BY * 1000 + 1, stamp),
      ).toBeNull();
    }
  });

  it('writes the time in full by default', () => {
    const due = assignmentDue({ state: 'pending', respond_by_timestamp: RESPOND_BY }, 0);
    expect(due?.text).toMatch(/^Answer by [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
  });
});

describe('states', () => {
  it('colours each state, and lists only the ones not accepted', () => {
    expect(assignmentStateColor('pending')).toBe('yellow');
    expect(assignmentStateColor('accepted')).toBe('teal');
    expect(assignmentStateColor('declined')).toBe('red');
    expect([listsState('pending'), listsState('accepted'), listsState('declined')]).toEqual([
      true,
      false,
      true,
    ]);
  });
});

describe('paths', () => {
  it('names the API addresses of an assignment and of a signed link', () => {
    expect(assignmentPath(5)).toBe('tickets/5/assignment');
    expect(answerPath(5, 'accept')).toBe('tickets/5/assignment/accept');
    expect(answerPath(5, 'decline')).toBe('tickets/5/assignment/decline');
    expect(linkPath('a.b/c')).toBe('assignment-links/a.b%2Fc');
    expect(linkPath('tok', 'decline')).toBe('assignment-links/tok/decline');
  });
});

const contractor = (id: number, matched: boolean, company = ''): ApiAssignableContractor => ({
  id,
  name: `Contractor ${id}`,
  company_name: company,
  matched,
});

describe('contractorGroups', () => {
  it('groups the matched ones first, then the others, in the server order', () => {
    const groups = contractorGroups(
      [contractor(3, true, 'Fix Co'), contractor(1, true), contractor(9, false), contractor(2, false)],
      null,
    );
    expect(groups).toEqual([
      {
        group: A.matched,
        items: [
          { value: '3', label: 'Contractor 3 (Fix Co)' },
          { value: '1', label: 'Contractor 1' },
        ],
      },
      {
        group: A.others,
        items: [
          { value: '9', label: 'Contractor 9' },
          { value: '2', label: 'Contractor 2' },
        ],
      },
    ]);
  });

  it('leaves an empty group out, and the assigned contractor cannot be picked again', () => {
    const groups = contractorGroups([contractor(4, false), contractor(5, false)], 5);
    expect(groups).toEqual([
      {
        group: A.others,
        items: [
          { value: '4', label: 'Contractor 4' },
          { value: '5', label: 'Contractor 5', disabled: true },
        ],
      },
    ]);
    expect(contractorGroups([], null)).toEqual([]);
  });

  it('labels a contractor by its name, and its company when it has another one', () => {
    expect(contractorLabel({ name: 'Sam', company_name: ' Reyes Plumbing ' })).toBe('Sam (Reyes Plumbing)');
    expect(contractorLabel({ name: 'Sam', company_name: 'Sam' })).toBe('Sam');
    expect(contractorLabel({ name: 'Sam', company_name: null })).toBe('Sam');
  });
});

describe('the Assigned to filter', () => {
  it('takes a contractor id or nobody, nothing else', () => {
    for (const value of ['1', '17', '123456789012345', UNASSIGNED_FILTER])
      expect(acceptsAssignedTo(value)).toBe(true);
    for (const value of ['0', '017', '-1', '1.5', 'None', 'all', '', '1234567890123456'])
      expect(acceptsAssignedTo(value)).toBe(false);
  });

  it('reads the contractor a value names', () => {
    expect(assignedToContractor('17')).toBe(17);
    expect(assignedToContractor(UNASSIGNED_FILTER)).toBeNull();
    expect(assignedToContractor('all')).toBeNull();
    expect(assignedToContractor(undefined)).toBeNull();
  });

  it('offers Anyone, Nobody, then the contractors found', () => {
    expect(assignedToOptions('all', [{ id: 4, name: 'Ann', company_name: 'Ann Co' }], null)).toEqual([
      { value: 'all', label: en.ticketScreens.filters.anyone },
      { value: UNASSIGNED_FILTER, label: en.ticketScreens.filters.nobody },
      { value: '4', label: 'Ann (Ann Co)' },
    ]);
  });

  it('keeps the chosen contractor named when the search did not find it, once', () => {
    const found = [{ id: 4, name: 'Ann' }];
    expect(assignedToOptions('all', found, { id: 9, label: 'Bob' }).map((option) => option.value)).toEqual([
      'all',
      UNASSIGNED_FILTER,
      '9',
      '4',
    ]);
    expect(assignedToOptions('all', found, { id: 4, label: 'Ann' }).map((option) => option.value)).toEqual([
      'all',
      UNASSIGNED_FILTER,
      '4',
    ]);
  });
});
