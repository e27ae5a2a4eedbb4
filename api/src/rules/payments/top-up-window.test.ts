import { topUpBlockedReason } from './top-up-window';

const HOLIDAYS = new Set(['2026-12-25', '2026-08-31']);

describe('the top-up window (London time)', () => {
  it.each([
    ['2026-11-23T09:00:00Z', null, 'Monday 09:00 GMT'],
    ['2026-11-23T15:59:00Z', null, 'Monday 15:59 GMT'],
    ['2026-11-23T16:00:00Z', 'office closing', 'Monday 16:00 GMT'],
    ['2026-11-23T16:59:00Z', 'office closing', 'Monday 16:59 GMT'],
    ['2026-11-23T17:00:00Z', 'office closed', 'Monday 17:00 GMT'],
    ['2026-11-23T08:59:00Z', 'office closed', 'Monday 08:59 GMT'],
    ['2026-11-21T12:00:00Z', 'office closed', 'Saturday noon'],
    ['2026-11-22T12:00:00Z', 'office closed', 'Sunday noon'],
    ['2026-12-25T12:00:00Z', 'bank holiday', 'Christmas Day (a Friday)'],
    // British Summer Time: 08:30 UTC is 09:30 in London; 15:30 UTC is 16:30 in London.
    ['2026-07-01T08:30:00Z', null, 'Wednesday 09:30 BST'],
    ['2026-07-01T15:30:00Z', 'office closing', 'Wednesday 16:30 BST'],
    ['2026-08-31T10:00:00Z', 'bank holiday', 'Summer bank holiday Monday'],
  ] as Array<[string, string | null, string]>)('at %s answers %s (%s)', (instant, expected) => {
    expect(topUpBlockedReason(new Date(instant), HOLIDAYS)).toBe(expected);
  });
});
