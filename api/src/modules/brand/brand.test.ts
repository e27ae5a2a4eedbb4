import { startApiHarness, type ApiHarness } from '../../testing';
import { textOn } from './brand-colours';
import { brandedEmail } from './branded-email';
import { loadGroupBrand } from './group-brand';

/*
 * A group's brand: its brand settings where an operator made them (the demo's group 1 wears the site's name,
 * green and address), else the group's own name and colour; the back office asks for it to wear it.
 */
let api: ApiHarness;
beforeAll(async () => {
  api = await startApiHarness();
});
afterAll(() => api.stop());

const BRAND = 'query { groupBrand { groupId name groupName colour supportEmail } }';

it("gives the back office its group's brand: the demo group wears the site's, a group without settings its own name", async () => {
  const staff = await api.signIn('staff@demo.test');
  const one = await api.graphql(BRAND, {}, staff, { 'X-Group-ID': '1' });
  expect(one.body.data.groupBrand).toEqual({ groupId: '1', name: 'Shared House Bills', groupName: 'Bills for Students', colour: '#0f5c4a', supportEmail: 'hello@sharedhousebills.co.uk' });
  const two = await api.graphql(BRAND, {}, staff, { 'X-Group-ID': '2' });
  expect(two.body.data.groupBrand).toEqual({ groupId: '2', name: 'Shared House Bills', groupName: 'Shared House Bills', colour: '#1565c0', supportEmail: null });
  expect((await api.graphql(BRAND, {}, await api.signIn('tenant@demo.test'), { 'X-Group-ID': '1' })).status).toBe(403);
});

it('follows the brand settings as an operator changes them', async () => {
  await api.db.knex('entity_configurations').where({ group_id: 1 }).update({ display_name: 'Leeds Student Bills', primary_colour: '#ffc843' });
  expect(await loadGroupBrand(api.db.knex, 1)).toMatchObject({ name: 'Leeds Student Bills', colour: '#ffc843', groupName: 'Bills for Students', logo: null });
  expect(await loadGroupBrand(api.db.knex, 999)).toBeUndefined();
});

it('writes on the brand colour in a colour that can be read (4.5:1)', () => {
  expect(textOn('#0f5c4a')).toBe('#ffffff');
  expect(textOn('#1565c0')).toBe('#ffffff');
  expect(textOn('#ffc843')).toBe('#1c2a27');
  expect(textOn('#fff')).toBe('#1c2a27');
});

it('signs an e-mail with the brand and gives it an HTML part with the same words, links clickable', () => {
  const mail = brandedEmail({ name: 'Bills & Co', colour: '#0f5c4a', supportEmail: 'help@bills.test' }, ['Hello <Amelia>,', '', 'Pay at https://bills.test/tenant-profile/payments/single-payment today.']);
  expect(mail.text).toBe('Hello <Amelia>,\n\nPay at https://bills.test/tenant-profile/payments/single-payment today.\n\nBills & Co\nQuestions? Write to help@bills.test');
  expect(mail.html).toContain('Hello &lt;Amelia&gt;,');
  expect(mail.html).toContain('<a href="https://bills.test/tenant-profile/payments/single-payment">https://bills.test/tenant-profile/payments/single-payment</a>');
  expect(mail.html).toContain('Bills &amp; Co');
  expect(mail.html).toContain('background:#0f5c4a;color:#ffffff');
});
