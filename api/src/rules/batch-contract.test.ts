import { batchContractErrors, type BatchContractPlan } from './batch-contract';

/* One test per §5 batch house contract rule: the plan that breaks it, and the refusal it gets. */

const year: BatchContractPlan = {
  contract: { start: '2026-09-01', end: '2027-06-30' },
  services: [
    { utilityType: 'electric', start: '2026-09-01', end: '2027-06-30', tariffs: [{ start: '2026-09-01', end: '2027-03-31' }, { start: '2027-04-01', end: '2027-06-30' }] },
    { utilityType: 'water', start: '2026-09-01', end: '2026-12-31', tariffs: [] },
    { utilityType: 'water', start: '2027-01-01', end: '2027-06-30', tariffs: [] },
  ],
  tenantContracts: [{ start: '2026-09-01', end: '2027-06-30' }, { start: '2026-09-01', end: '2027-01-31' }],
  groupChanges: false,
  hasActiveTenant: true,
};
const withChange = (change: Partial<BatchContractPlan>): BatchContractPlan => ({ ...year, ...change });
const messages = (plan: BatchContractPlan) => batchContractErrors(plan).map((error) => `${error.field} ${error.rule}: ${error.message}`);

it('accepts a contract its services, tariffs and tenants cover end to end', () => {
  expect(batchContractErrors(year)).toEqual([]);
});

it('refuses an end not after the start, for the contract and each part', () => {
  expect(messages(withChange({ contract: { start: '2026-09-01', end: '2026-09-01' } }))).toEqual(['endDate endAfterStart: The contract: the end date must be after the start date']);
  expect(messages(withChange({ tenantContracts: [{ start: '2027-01-01', end: '2026-12-01' }] }))).toEqual(['tenantContracts[0].endDate endAfterStart: A tenant contract: the end date must be after the start date']);
  expect(messages(withChange({ contract: { start: '2026-02-30', end: '2027-01-01' } }))).toEqual(['endDate validDate: The contract: enter real dates']);
});

it('refuses services that do not start at the contract start, end at its end, or leave a gap', () => {
  const services = (list: BatchContractPlan['services']) => messages(withChange({ services: list }));
  expect(services([{ utilityType: 'gas', start: '2026-09-02', end: '2027-06-30', tariffs: [] }])).toEqual(["services coverStart: The gas services must start on the contract's start date"]);
  expect(services([{ utilityType: 'gas', start: '2026-09-01', end: '2027-06-29', tariffs: [] }])).toEqual(["services coverEnd: The gas services must end on the contract's end date"]);
  expect(
    services([
      { utilityType: 'gas', start: '2026-09-01', end: '2026-12-31', tariffs: [] },
      { utilityType: 'gas', start: '2027-01-05', end: '2027-06-30', tariffs: [] },
    ]),
  ).toEqual(['services noGaps: The gas services leave a gap from 2027-01-01 to 2027-01-04']);
});

it("refuses tariff periods that overlap, leave a gap, or miss the service's start or end", () => {
  const tariffs = (list: BatchContractPlan['services'][number]['tariffs']) => messages(withChange({ services: [{ utilityType: 'electric', start: '2026-09-01', end: '2027-06-30', tariffs: list }] }));
  expect(tariffs([{ start: '2026-09-01', end: '2027-03-31' }, { start: '2027-03-31', end: '2027-06-30' }])).toEqual(["services[0].tariffs noOverlap: The electric service's tariffs overlap on 2027-03-31"]);
  expect(tariffs([{ start: '2026-09-01', end: '2027-03-30' }, { start: '2027-04-01', end: '2027-06-30' }])).toEqual(["services[0].tariffs noGaps: The electric service's tariffs leave a gap from 2027-03-31 to 2027-03-31"]);
  expect(tariffs([{ start: '2026-10-01', end: '2027-06-30' }])).toEqual(["services[0].tariffs matchStart: The electric service's tariffs must start on the service's start date"]);
  expect(tariffs([{ start: '2026-09-01', end: '2027-05-31' }])).toEqual(["services[0].tariffs matchEnd: The electric service's tariffs must end on the service's end date"]);
});

it('refuses tenant contracts that miss either end of the contract or leave a gap', () => {
  const tenants = (list: BatchContractPlan['tenantContracts']) => messages(withChange({ tenantContracts: list }));
  expect(tenants([{ start: '2026-09-08', end: '2027-06-30' }])).toEqual(["tenantContracts coverStart: A tenant contract must start on the contract's start date"]);
  expect(tenants([{ start: '2026-09-01', end: '2027-06-01' }])).toEqual(["tenantContracts coverEnd: A tenant contract must end on the contract's end date"]);
  expect(tenants([{ start: '2026-09-01', end: '2026-12-31' }, { start: '2027-02-01', end: '2027-06-30' }])).toEqual(['tenantContracts noGaps: No tenant contract covers 2027-01-01 to 2027-01-31']);
});

it('refuses a group change while a tenant is active, and allows it when none is', () => {
  expect(messages(withChange({ groupChanges: true }))).toEqual(['groupId activeTenant: The group cannot change while a tenant is active']);
  expect(messages(withChange({ groupChanges: true, hasActiveTenant: false }))).toEqual([]);
});
