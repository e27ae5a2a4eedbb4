import { notifySocketUrl } from './notify-client';

// The socket's URL comes from the runtime configuration; a wrong one must fail loudly, not connect somewhere.
it('accepts ws and wss URLs and throws on anything else', () => {
  expect(notifySocketUrl('ws://127.0.0.1:3000/api/v2/notify')).toBe('ws://127.0.0.1:3000/api/v2/notify');
  expect(notifySocketUrl('wss://bills.example/api/v2/notify')).toBe('wss://bills.example/api/v2/notify');
  expect(() => notifySocketUrl('http://bills.example/api/v2/notify')).toThrow('Invalid notification URL: http://bills.example/api/v2/notify');
  expect(() => notifySocketUrl('not a url')).toThrow('Invalid notification URL: not a url');
});
