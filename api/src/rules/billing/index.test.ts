import * as rules from '../index';
import * as billing from './index';

describe('billing exports', () => {
  it('reach the rules entry point', () => {
    for (const name of ['roundHalfUp', 'vatOn', 'formatPounds', 'splitEvenly', 'periodDays', 'prorateByDays', 'overlapDays', 'planInstalments', 'weeklyToMonthly', 'meteredLine', 'dualRateLines', 'standingChargeLine', 'statementTotals', 'splitByTenantDays', 'finalStatement', 'splitRebate', 'estimateRead'] as const) {
      expect(typeof billing[name]).toBe('function');
      expect(rules[name]).toBe(billing[name]);
    }
  });
});
