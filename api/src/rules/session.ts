/**
 * The browser session rules of the specification (§4, §9), shared by the site and the back office. No
 * browser or Node imports: timers and the clock are passed in, so the rules are tested with a fake clock.
 */
export const TOKEN_COOKIE = 'token';

export const SESSION_TIMINGS = {
  /** The token is checked with the server every 30 minutes. */
  recheckMs: 30 * 60_000,
  /** …and, when the user is active, at most every 5 minutes… */
  activityCheckMs: 5 * 60_000,
  /** …once activity has paused for 10 seconds. */
  activityDebounceMs: 10_000,
  /** No activity for 3 hours signs the user out. */
  idleLogoutMs: 3 * 3600_000,
} as const;

export interface TokenClaimsView {
  user_id: number;
  role?: string;
  exp: number;
  options?: { user_permissions?: unknown };
}

/** The claims of a token as the browser may read them (unverified: the server verifies). */
export function readTokenClaims(token: string | null | undefined): TokenClaimsView | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as TokenClaimsView;
    return typeof claims.exp === 'number' && typeof claims.user_id === 'number' ? claims : null;
  } catch {
    return null;
  }
}

export function isTokenExpired(claims: TokenClaimsView | null, nowMs: number): boolean {
  return !claims || claims.exp * 1000 <= nowMs;
}

export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The Set-Cookie text that keeps the token until it expires (or removes it with maxAgeSeconds 0). */
export function tokenCookie(token: string, { maxAgeSeconds, secure }: { maxAgeSeconds: number; secure: boolean }): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export interface SessionClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Keeps a signed-in session honest: re-checks the token with the server every 30 minutes and after
 * activity (at most every 5 minutes, 10 s after activity pauses), and signs out after 3 idle hours or when
 * a check fails or comes back empty.
 */
export class SessionWatch {
  private recheckTimer: unknown = null;
  private idleTimer: unknown = null;
  private debounceTimer: unknown = null;
  private lastCheck = 0;
  private running = false;

  constructor(
    private readonly deps: { check(): Promise<boolean>; logout(reason: 'invalid' | 'idle'): void; clock: SessionClock },
  ) {}

  start(): void {
    this.running = true;
    this.lastCheck = this.deps.clock.now();
    this.scheduleRecheck();
    this.resetIdle();
  }

  stop(): void {
    this.running = false;
    for (const timer of [this.recheckTimer, this.idleTimer, this.debounceTimer]) if (timer !== null) this.deps.clock.clearTimeout(timer);
    this.recheckTimer = this.idleTimer = this.debounceTimer = null;
  }

  /** Call on user activity (pointer, keyboard, scroll, touch). */
  activity(): void {
    if (!this.running) return;
    this.resetIdle();
    if (this.debounceTimer !== null) this.deps.clock.clearTimeout(this.debounceTimer);
    this.debounceTimer = this.deps.clock.setTimeout(() => {
      this.debounceTimer = null;
      if (this.deps.clock.now() - this.lastCheck >= SESSION_TIMINGS.activityCheckMs) void this.check();
    }, SESSION_TIMINGS.activityDebounceMs);
  }

  async check(): Promise<void> {
    this.lastCheck = this.deps.clock.now();
    let valid = false;
    try {
      valid = await this.deps.check();
    } catch {
      valid = false;
    }
    if (!this.running) return;
    if (!valid) {
      this.stop();
      this.deps.logout('invalid');
    }
  }

  private scheduleRecheck(): void {
    this.recheckTimer = this.deps.clock.setTimeout(() => {
      void this.check().then(() => this.running && this.scheduleRecheck());
    }, SESSION_TIMINGS.recheckMs);
  }

  private resetIdle(): void {
    if (this.idleTimer !== null) this.deps.clock.clearTimeout(this.idleTimer);
    this.idleTimer = this.deps.clock.setTimeout(() => {
      this.stop();
      this.deps.logout('idle');
    }, SESSION_TIMINGS.idleLogoutMs);
  }
}
