import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { Notification, type Knex } from '@app/db';
import { authenticate } from '../../auth/auth-user';
import { componentLogger } from '../../observability/logger';
import { verifyToken } from '../../auth/tokens';
import { NOTIFICATIONS_CHANNEL, notificationMessage, SESSIONS_REVOKED_CHANNEL, toServerNotification } from './server-notification';

export const NOTIFY_PATH = '/api/v2/notify';

const log = componentLogger('notify');

/** Close codes the server uses; 1000 is a normal close (the client's CLOSE), the client reconnects after any other. */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  unauthorised: 4001,
  authTimeout: 4002,
  sessionRevoked: 4003,
  silent: 4004,
  badMessage: 4005,
} as const;

export interface NotifyTimings {
  /** A socket that has not sent AUTHORIZATION by then is closed (10 s). */
  authTimeoutMs: number;
  /** The client's STATUS ping interval (specification §9: 90 s); two missed and the socket is dropped. */
  statusIntervalMs: number;
}

const DEFAULT_TIMINGS: NotifyTimings = { authTimeoutMs: 10_000, statusIntervalMs: 90_000 };
const RELISTEN_DELAY_MS = 2_000;

interface Client {
  ws: WebSocket;
  userId: number | null;
  sessionId: string | null;
  timer: NodeJS.Timeout;
  expiry?: NodeJS.Timeout;
}

/**
 * The notification socket of one API process. PostgreSQL is the only thing the processes share: a committed
 * notification NOTIFYs `id:userId`, and each process that holds a socket of that user loads the row and
 * pushes it. A revoked session NOTIFYs too, and every process closes that session's sockets.
 */
export class NotifyHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  private readonly byUser = new Map<number, Set<Client>>();
  private listener: pg.Client | null = null;
  private pending = new Set<number>();
  private flushing: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly tokenSecret: Uint8Array,
    private readonly timings: NotifyTimings = DEFAULT_TIMINGS,
  ) {}

  /**
   * Serves the socket on the API's own HTTP server (any other upgrade path is refused) and starts listening
   * for notifications. An app that is never attached (API-only tests) holds no extra connection.
   */
  async attach(server: Server): Promise<void> {
    await this.listen();
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== NOTIFY_PATH || this.stopped) {
        socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
    });
  }

  /** How many authorised sockets this process holds (for the bench and the health of a process). */
  get socketCount(): number {
    let count = 0;
    for (const clients of this.byUser.values()) count += clients.size;
    return count;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const ws of this.wss.clients) ws.close(CLOSE_CODES.goingAway, 'Server stopping');
    this.wss.close();
    await this.flushing;
    const listener = this.listener;
    this.listener = null;
    if (listener) {
      listener.removeAllListeners('notification');
      await listener.end().catch(() => undefined);
    }
  }

  /** LISTEN on a connection of its own, outside the query pool (which it would otherwise hold for ever). */
  private async listen(): Promise<void> {
    const client = new pg.Client(this.db.client.config.connection as pg.ClientConfig);
    client.on('notification', (message) => this.onNotify(message.channel, message.payload ?? ''));
    client.on('error', (error) => {
      log.error(`lost the LISTEN connection: ${error.message}`);
      this.relisten(client);
    });
    await client.connect();
    await client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}; LISTEN ${SESSIONS_REVOKED_CHANNEL}`);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  private relisten(lost: pg.Client): void {
    if (this.listener !== lost) return;
    this.listener = null;
    void lost.end().catch(() => undefined);
    const retry = () => {
      if (this.stopped) return;
      this.listen().catch((error: Error) => {
        log.error(`LISTEN failed, retrying: ${error.message}`);
        setTimeout(retry, RELISTEN_DELAY_MS).unref();
      });
    };
    setTimeout(retry, RELISTEN_DELAY_MS).unref();
  }

  private onNotify(channel: string, payload: string): void {
    if (channel === SESSIONS_REVOKED_CHANNEL) {
      this.closeRevoked(payload);
      return;
    }
    const [id, userId] = payload.split(':').map(Number);
    if (!id || !userId || !this.byUser.has(userId)) return;
    this.pending.add(id);
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  /** Loads every notification announced since the last flush in one query and pushes each to its user's sockets. */
  private async flush(): Promise<void> {
    try {
      while (this.pending.size && !this.stopped) {
        const ids = [...this.pending];
        this.pending = new Set();
        const rows = await Notification.query(this.db).whereIn('id', ids).orderBy('id');
        for (const row of rows) {
          const message = notificationMessage(toServerNotification(row));
          for (const client of this.byUser.get(row.userId) ?? []) client.ws.send(message);
        }
      }
    } catch (error) {
      log.error(`could not push notifications: ${(error as Error).message}`);
    } finally {
      this.flushing = null;
    }
  }

  private closeRevoked(payload: string): void {
    const [kind, value] = payload.split(':');
    for (const clients of this.byUser.values()) {
      for (const client of clients) {
        if ((kind === 'sid' && client.sessionId === value) || (kind === 'user' && client.userId === Number(value))) {
          client.ws.close(CLOSE_CODES.sessionRevoked, 'Session ended');
        }
      }
    }
  }

  private accept(ws: WebSocket): void {
    const client: Client = {
      ws,
      userId: null,
      sessionId: null,
      timer: setTimeout(() => ws.close(CLOSE_CODES.authTimeout, 'Authorization expected'), this.timings.authTimeoutMs),
    };
    ws.on('message', (raw) => void this.onMessage(client, raw.toString()));
    ws.on('close', () => {
      clearTimeout(client.timer);
      clearTimeout(client.expiry);
      if (client.userId === null) return;
      const clients = this.byUser.get(client.userId);
      clients?.delete(client);
      if (clients?.size === 0) this.byUser.delete(client.userId);
    });
    ws.on('error', (error) => log.error(`socket error: ${error.message}`));
  }

  /** Each message proves the client alive: a socket that misses two pings (half an interval's grace) is dropped. */
  private expectNextPing(client: Client): void {
    clearTimeout(client.timer);
    client.timer = setTimeout(() => client.ws.close(CLOSE_CODES.silent, 'No status ping'), 2.5 * this.timings.statusIntervalMs);
  }

  private async onMessage(client: Client, raw: string): Promise<void> {
    let message: { method?: unknown; data?: unknown };
    try {
      message = JSON.parse(raw) as typeof message;
    } catch {
      client.ws.close(CLOSE_CODES.badMessage, 'Messages are JSON');
      return;
    }
    switch (message.method) {
      case 'AUTHORIZATION':
        await this.authorise(client, typeof message.data === 'string' ? message.data : null);
        return;
      case 'STATUS':
        if (client.userId === null) return;
        this.expectNextPing(client);
        client.ws.send(JSON.stringify({ type: 'STATUS', data: 'OK' }));
        return;
      case 'CLOSE':
        client.ws.close(CLOSE_CODES.normal, 'Closed by the client');
        return;
      default:
        client.ws.close(CLOSE_CODES.badMessage, 'Unknown method');
    }
  }

  private async authorise(client: Client, token: string | null): Promise<void> {
    const user = await authenticate(this.db, this.tokenSecret, token).catch(() => null);
    const claims = user && token ? await verifyToken(token, this.tokenSecret) : null;
    if (!user || !claims) {
      client.ws.close(CLOSE_CODES.unauthorised, 'Token missing, expired or revoked');
      return;
    }
    if (client.ws.readyState !== client.ws.OPEN) return;
    if (client.userId !== null) this.byUser.get(client.userId)?.delete(client);
    client.userId = user.id;
    client.sessionId = user.sessionId;
    const clients = this.byUser.get(user.id) ?? new Set<Client>();
    clients.add(client);
    this.byUser.set(user.id, clients);
    this.expectNextPing(client);
    // The token's end is the socket's end: the client opens a new one with its next token.
    const untilExpiry = claims.exp * 1000 - Date.now();
    clearTimeout(client.expiry);
    client.expiry = setTimeout(() => client.ws.close(CLOSE_CODES.unauthorised, 'Token expired'), Math.min(untilExpiry, 2 ** 31 - 1));
    client.ws.send(JSON.stringify({ type: 'AUTHORIZED', data: String(user.id) }));
  }
}
