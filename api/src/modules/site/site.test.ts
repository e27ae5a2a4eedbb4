import request from 'supertest';
import { startApiHarness, type ApiHarness } from '../../testing';
import { referralSlugCandidates } from './find-agency-referral.service';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApiHarness({}, { demoData: false });
  await api.db.knex('agency_referral_links').insert([
    { slug: 'oakwood-lettings', company_name: 'Oakwood Lettings' },
    { slug: 'city-nest', company_name: 'City Nest Homes' },
    { slug: 'closed-agency', company_name: 'Closed Agency Ltd', active: false },
  ]);
});
afterAll(() => api.stop());

describe('POST /api/v2/page-views', () => {
  it('stores the path and the time only, dropping the query string and hash', async () => {
    const before = new Date();
    await request(api.app.express).post('/api/v2/page-views').set('Cookie', 'CookieConsent=analytics').send({ path: '/help?email=a@b.test#faq' }).expect(204);
    const rows = await api.db.knex('page_views').select('*');
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'path', 'viewed_at']);
    expect(rows[0].path).toBe('/help');
    expect(new Date(rows[0].viewed_at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it.each([
    [{}, 'required'],
    [{ path: '' }, 'required'],
    [{ path: 42 }, 'required'],
    [{ path: 'help' }, 'format'],
    [{ path: `/${'a'.repeat(600)}` }, 'maxLength'],
  ])('refuses %j with 400 naming the path field', async (body, rule) => {
    const res = await request(api.app.express).post('/api/v2/page-views').send(body).expect(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_USER_INPUT', fields: [{ field: 'path', rule }] });
  });
});

const REFERRAL = /* GraphQL */ `
  mutation Referral($input: AgencyReferralInput!) {
    getAgencyReferralInfoByUrl(input: $input) { json }
  }
`;

async function referral(url: string) {
  return request(api.app.express).post('/api/v2/graphql').send({ query: REFERRAL, variables: { input: { url } } });
}

describe('getAgencyReferralInfoByUrl', () => {
  it.each([
    ['http://localhost:3000/oakwood-lettings', 'Oakwood Lettings'],
    ['https://www.example.test/signup/quote?ref=city-nest', 'City Nest Homes'],
    ['/?agency=OAKWOOD-LETTINGS', 'Oakwood Lettings'],
  ])('maps %s to its agency', async (url, name) => {
    const res = await referral(url);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.getAgencyReferralInfoByUrl.json).toEqual({ referralCompanyName: name, slug: expect.any(String) });
  });

  it.each(['http://localhost:3000/', 'http://localhost:3000/help#faq', '/closed-agency', 'not a url at all'])('answers null json for %s', async (url) => {
    const res = await referral(url);
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.getAgencyReferralInfoByUrl).toEqual({ json: null });
  });

  it('refuses an empty url with BAD_USER_INPUT naming the field', async () => {
    const res = await referral('  ');
    expect(res.body.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(JSON.stringify(res.body.errors[0].extensions)).toContain('url');
  });

  it('prefers the ?ref= parameter to path segments', () => {
    expect(referralSlugCandidates('https://x.test/city-nest?ref=oakwood-lettings')).toEqual(['oakwood-lettings', 'city-nest']);
  });
});
