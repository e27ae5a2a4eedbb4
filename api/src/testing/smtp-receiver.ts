import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  headers: Record<string, string>;
  body: string;
}

/** Decodes a quoted-printable body (what nodemailer uses for non-ASCII text such as "£"). */
function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header, as a mail client shows it; words side by side join up. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parse(raw: string): Pick<ReceivedMail, 'headers' | 'body'> {
  const split = raw.indexOf('\r\n\r\n');
  const headerBlock = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = Object.fromEntries(
    headerBlock.split('\r\n').map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), decodeHeader(line.slice(line.indexOf(':') + 1).trim())]),
  );
  const body = raw.slice(split + 4);
  return { headers, body: decodeBody(headers, body) };
}

/**
 * A body as a mail client reads it: each transfer encoding undone and, for a multipart message (text and HTML),
 * every part decoded and kept in order, the text part first as nodemailer writes it.
 */
function decodeBody(headers: Record<string, string>, body: string): string {
  const boundary = /multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => parse(part.replace(/^\r\n/, '')).body)
      .join('\n\n');
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** A real SMTP server on a free local port that keeps every message it accepts. */
export async function startSmtpReceiver(): Promise<{ url: string; messages: ReceivedMail[]; stop(): Promise<void> }> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), ...parse(Buffer.concat(chunks).toString('latin1')) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}
