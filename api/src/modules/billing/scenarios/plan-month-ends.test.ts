import { addDays } from '../../../rules';
import { startApiHarness, type ApiHarness } from '../../../testing';
import { freezeClockAt, thawClock } from './frozen-clock';
import { planContractApi } from './plan-contract-api';

/*
 * PLAN contracts signed on 31 January, the clock frozen at that instant, payment day 31 (the last day of the
 * month): signing through the back office's API gives the tenant one instalment on the last day of every
 * month, 28 February in 2027 and 29 February in the leap year 2028, then 31 March, 30 April, …
 */

let api: ApiHarness;
/** £25 a week per tenant: £1,300 a year, 12 monthly instalments of 10833p (4p more on the first). */
const WEEKLY = 2500;

const instalments = async (tenantContractId: string) =>
  (await api.db.knex('ledger_entries').where({ tenant_contract_id: Number(tenantContractId), kind: 'INSTALMENT' }).orderBy('entry_date').select('entry_date', 'amount_pence')).map(
    (row: { entry_date: string; amount_pence: number }) => [row.entry_date, row.amount_pence],
  );

beforeAll(async () => {
  api = await startApiHarness();
});
afterEach(() => thawClock());
afterAll(() => api.stop());

/** Signs in at the frozen instant (its token and session are dated by it) and makes the contract as staff do. */
async function signedOn31January(instant: string, today: string, start: string, end: string) {
  expect(freezeClockAt(instant)).toBe(today);
  const contracts = planContractApi(api, await api.signIn('staff@demo.test'), today);
  // The clock really is frozen: a contract starting yesterday is refused as in the past.
  await expect(contracts.planHouse({ start: addDays(today, -1), end: addDays(end, -2), paymentDay: 31, weeklyPricePence: WEEKLY })).rejects.toThrow(/signUpDate/);
  const { houseContractId, tenantContractId } = await contracts.planHouse({ start, end, paymentDay: 31, weeklyPricePence: WEEKLY });
  expect(await instalments(tenantContractId)).toEqual([]); // nothing before signing
  await contracts.sign(houseContractId);
  return instalments(tenantContractId);
}

it('2027 (not a leap year): 28 February, 31 March, 30 April … 31 January, adding up to the year’s price', async () => {
  const rows = await signedOn31January('2027-01-31T23:30:00Z', '2027-01-31', '2027-02-01', '2028-01-31');
  expect(rows.map(([date]) => date)).toEqual([
    '2027-02-28',
    '2027-03-31',
    '2027-04-30',
    '2027-05-31',
    '2027-06-30',
    '2027-07-31',
    '2027-08-31',
    '2027-09-30',
    '2027-10-31',
    '2027-11-30',
    '2027-12-31',
    '2028-01-31',
  ]);
  expect(rows.map(([, amount]) => amount)).toEqual([10837, ...Array(11).fill(10833)]);
});

it('2028 (a leap year): 29 February, 31 March, 30 April …', async () => {
  const rows = await signedOn31January('2028-01-31T12:00:00Z', '2028-01-31', '2028-02-01', '2029-01-31');
  expect(rows.map(([date]) => date).slice(0, 4)).toEqual(['2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']);
  expect(rows).toHaveLength(12);
  expect(rows.at(-1)).toEqual(['2029-01-31', 10833]);
  expect(rows.reduce((sum, [, amount]) => sum + Number(amount), 0)).toBe(130_000);
});
