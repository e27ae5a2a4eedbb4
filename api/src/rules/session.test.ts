import { isTokenExpired, readCookie, readTokenClaims, SESSION_TIMINGS, SessionWatch, tokenCookie } from './session';

/** A clock the test moves by hand, with timers that fire as it passes them. */
function fakeClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
        await Promise.resolve();
        await Promise.resolve();
      }
      now = end;
    },
  };
}

function watch(valid = () => true) {
  const clock = fakeClock();
  const checks: number[] = [];
  const logouts: string[] = [];
  const session = new SessionWatch({
    clock,
    check: async () => {
      checks.push(clock.now());
      return valid();
    },
    logout: (reason) => logouts.push(reason),
  });
  session.start();
  return { clock, checks, logouts, session };
}

const MINUTE = 60_000;

it('re-checks the token every 30 minutes', async () => {
  const { clock, checks } = watch();
  await clock.advance(95 * MINUTE);
  expect(checks).toEqual([30 * MINUTE, 60 * MINUTE, 90 * MINUTE]);
});

it('after activity, checks 10 s after it pauses, but not more often than every 5 minutes', async () => {
  const { clock, checks, session } = watch();
  await clock.advance(2 * MINUTE);
  session.activity();
  await clock.advance(SESSION_TIMINGS.activityDebounceMs);
  expect(checks).toEqual([]);
  await clock.advance(4 * MINUTE);
  session.activity();
  await clock.advance(5_000);
  session.activity();
  await clock.advance(10_000);
  // 10 s after the last activity (at 6 min 15 s): 6 min 25 s.
  expect(checks).toEqual([6 * MINUTE + 25_000]);
});

it('signs out after 3 idle hours, but not while the user is active', async () => {
  const { clock, logouts, session } = watch();
  await clock.advance(2 * 3600_000);
  session.activity();
  await clock.advance(2 * 3600_000);
  expect(logouts).toEqual([]);
  await clock.advance(3600_000);
  expect(logouts).toEqual(['idle']);
});

it('stops its timers and signs out when a check fails', async () => {
  let ok = true;
  const { clock, checks, logouts } = watch(() => ok);
  await clock.advance(30 * MINUTE);
  ok = false;
  await clock.advance(30 * MINUTE);
  expect(logouts).toEqual(['invalid']);
  await clock.advance(5 * 3600_000);
  expect(checks).toHaveLength(2);
  expect(logouts).toEqual(['invalid']);
});

it('reads token claims and expiry, and writes the cookie', () => {
  const payload = Buffer.from(JSON.stringify({ user_id: 7, exp: 2_000_000_000 })).toString('base64url');
  const claims = readTokenClaims(`x.${payload}.y`);
  expect(claims).toEqual({ user_id: 7, exp: 2_000_000_000 });
  expect(isTokenExpired(claims, 1_000)).toBe(false);
  expect(isTokenExpired(claims, 2_000_000_000_000)).toBe(true);
  expect(readTokenClaims('garbage')).toBeNull();
  expect(tokenCookie('a.b.c', { maxAgeSeconds: 60, secure: true })).toBe('token=a.b.c; Path=/; Max-Age=60; SameSite=Lax; Secure');
  expect(readCookie('theme=dark; token=a.b.c', 'token')).toBe('a.b.c');
});
