import { billRunBatchHouses, DEFAULT_BILL_RUN_BATCH_HOUSES } from './billing-house';

describe('BILL_RUN_BATCH_HOUSES', () => {
  it('defaults to 250 houses per batch and takes a whole number from 1 to 1000', () => {
    expect(billRunBatchHouses({})).toBe(DEFAULT_BILL_RUN_BATCH_HOUSES);
    expect(DEFAULT_BILL_RUN_BATCH_HOUSES).toBe(250);
    expect(billRunBatchHouses({ BILL_RUN_BATCH_HOUSES: ' 20 ' })).toBe(20);
    expect(billRunBatchHouses({ BILL_RUN_BATCH_HOUSES: '1000' })).toBe(1000);
  });

  it.each(['0', '1001', '2.5', 'many'])('refuses %s, naming the variable and the rule', (value) => {
    expect(() => billRunBatchHouses({ BILL_RUN_BATCH_HOUSES: value })).toThrow(`BILL_RUN_BATCH_HOUSES must be a whole number from 1 to 1000 (got "${value}")`);
  });
});
