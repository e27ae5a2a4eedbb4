import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';

/*
 * GET /api/v2/admin/external-services: what upsert-external-service named, for the System area's list; system
 * WRITE only, like every operator endpoint.
 */

let api: ApiHarness;
let staff: string;
let readonly: string;
beforeAll(async () => {
  api = await startApiHarness();
  staff = await api.signIn('staff@demo.test');
  readonly = await api.signIn('readonly@demo.test');
});
afterAll(() => api.stop());

const list = (token: string | null = staff) => {
  const req = request(api.app.express).get('/api/v2/admin/external-services');
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
};

it('lists the named services by name with their address and switch', async () => {
  const before = (await list()).body.services.length;
  for (const body of [{ name: 'sms-gateway', baseUrl: 'https://sms.example.com', enabled: false }, { name: 'address-finder', baseUrl: 'https://api.addressy.com' }]) {
    expect((await request(api.app.express).post('/api/v2/admin/upsert-external-service').set('Authorization', `Bearer ${staff}`).send(body)).status).toBe(200);
  }
  const res = await list();
  expect([res.status, res.headers['cache-control']]).toEqual([200, 'no-store']);
  expect(res.body.services).toHaveLength(before + 2);
  expect(res.body.services.filter((service: { name: string }) => ['address-finder', 'sms-gateway'].includes(service.name))).toEqual([
    { id: expect.any(Number), name: 'address-finder', baseUrl: 'https://api.addressy.com/', enabled: true, settings: {} },
    { id: expect.any(Number), name: 'sms-gateway', baseUrl: 'https://sms.example.com/', enabled: false, settings: {} },
  ]);
});

it('answers 401 to the anonymous and 403 to staff without system WRITE', async () => {
  expect((await list(null)).status).toBe(401);
  expect((await list(readonly)).status).toBe(403);
});
