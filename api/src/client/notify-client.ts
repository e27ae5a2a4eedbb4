import { NOTIFY_RECONNECT_MS, NOTIFY_STATUS_PING_MS, type ServerNotificationData } from '../rules/notifications';

export interface NotifyClientOptions {
  /** The session's token when it is unexpired, else null (no socket is opened without one). */
  getToken: () => string | null;
  onNotification: (notification: ServerNotificationData) => void;
  /** Called when a socket is authorised again after being away: fetch what was missed. */
  onReconnected?: () => void;
  reconnectMs?: number;
  pingMs?: number;
}

/** The URL of the notification socket, checked: an invalid one throws (specification §8). */
export function notifySocketUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url, typeof location === 'undefined' ? undefined : location.href.replace(/^http/, 'ws'));
  } catch {
    throw new Error(`Invalid notification URL: ${url}`);
  }
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new Error(`Invalid notification URL: ${url}`);
  return parsed.toString();
}

/**
 * The browser end of /api/v2/notify (specification §7–§9): AUTHORIZATION with the token on open, STATUS every
 * 90 s, CLOSE on logout. A close with 1000 is final; any other close, including a refused connection,
 * reconnects after 30 s with a little jitter so a restarted server is not hit by every client at once.
 * Other socket errors are only logged.
 */
export class NotifyClient {
  private readonly url: string;
  private socket: WebSocket | null = null;
  private ping: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private connectedBefore = false;
  private stopped = true;

  constructor(
    url: string,
    private readonly options: NotifyClientOptions,
  ) {
    this.url = notifySocketUrl(url);
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Logout: tell the server, close normally, and stay closed. */
  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ method: 'CLOSE' }));
      socket.close(1000);
    } else socket?.close();
  }

  private open(): void {
    const token = this.options.getToken();
    if (!token || this.stopped) return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      socket.send(JSON.stringify({ method: 'AUTHORIZATION', data: token }));
      this.ping = setInterval(() => socket.send(JSON.stringify({ method: 'STATUS' })), this.options.pingMs ?? NOTIFY_STATUS_PING_MS);
    };
    socket.onmessage = (event) => this.onMessage(String(event.data));
    socket.onerror = () => console.warn('[notify] socket error');
    socket.onclose = (event) => {
      this.stopPing();
      if (this.socket === socket) this.socket = null;
      if (this.stopped || event.code === 1000) return;
      const delay = (this.options.reconnectMs ?? NOTIFY_RECONNECT_MS) * (1 + Math.random() * 0.2);
      this.retry = setTimeout(() => this.open(), delay);
    };
  }

  private onMessage(raw: string): void {
    let message: { type?: string; data?: string };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      console.warn('[notify] unreadable message');
      return;
    }
    if (message.type === 'AUTHORIZED') {
      if (this.connectedBefore) this.options.onReconnected?.();
      this.connectedBefore = true;
    } else if (message.type === 'NOTIFICATION' && message.data) {
      this.options.onNotification(JSON.parse(message.data) as ServerNotificationData);
    }
  }

  private stopPing(): void {
    if (this.ping) clearInterval(this.ping);
    this.ping = null;
  }
}
