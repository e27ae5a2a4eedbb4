import { londonDate } from '../../../rules';

/*
 * Test support: the process clock frozen at one instant, so that every `new Date()` of the product (the
 * product's "today" is the Europe/London date of it, read-current-date.service.ts) sees that instant. Only
 * `Date` is faked: timers, ticks and I/O keep running, so PostgreSQL, knex and pg-boss work as usual.
 * Start pools and pg-boss before freezing, and freeze at instants after the real date (sign-in sessions
 * expire by PostgreSQL's own clock). Without the date override (enableDateOverriding off), which would win.
 */

const REAL_TIMERS = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
] as const;

/** Freezes `Date` at `instant` (an ISO instant with its offset) and returns the London date it is. */
export function freezeClockAt(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not an instant: ${instant}`);
  jest.useFakeTimers({ now: at, doNotFake: [...REAL_TIMERS] });
  return londonDate(at);
}

export function thawClock(): void {
  jest.useRealTimers();
}
