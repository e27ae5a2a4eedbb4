import { lazy, Suspense } from 'react';
import { label, money, useTenantQuery } from './tenant-api';
import { TableWrap } from './TableWrap';
import { Loading, Panel, TenantPage } from './TenantPage';
import type { UsagePoint } from './UsageChart';

// The chart arrives only when this page draws one.
const UsageChart = lazy(() => import('./UsageChart'));

const ENERGY = `query { tenantEnergyUse { contractId planType startDate endDate months { month utilityType kwh estimated allowanceKwh } utilities { utilityType usedKwh projectedKwh allowanceKwh excessKwh excessPence } projection { excessPence finalBalancePence outstandingNowPence } } }`;
interface EnergyAnswer {
  tenantEnergyUse: {
    planType: string | null;
    startDate: string;
    endDate: string;
    months: Array<UsagePoint & { utilityType: string }>;
    utilities: Array<{ utilityType: string; usedKwh: number; projectedKwh: number; allowanceKwh: number | null; excessKwh: number; excessPence: number }>;
    projection: { excessPence: number; finalBalancePence: number; outstandingNowPence: number };
  };
}

const monthName = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const kwh = (n: number | null) => (n === null ? 'unlimited' : `${n.toLocaleString('en-GB')} kWh`);

/**
 * /tenant-profile/energy-use: the house's energy by month (actual and estimated apart) against the plan's
 * allowance, and where the tenant's final balance is heading by the contract's end.
 */
export function EnergyUsePage() {
  return (
    <TenantPage title="Energy Usage Graphs" intro="Your house's energy use each month against your plan's allowance, so there is no surprise at the end of your contract.">
      <EnergyUse />
    </TenantPage>
  );
}

function EnergyUse() {
  const { data, error } = useTenantQuery<EnergyAnswer>(ENERGY);
  const use = data?.tenantEnergyUse;
  if (!use) return <Loading error={error} />;
  const final = use.projection.finalBalancePence;
  return (
    <div className="tenant-grid">
      <Panel title="Projected final balance" id="projection" wide>
        <p className="tenant-figure">{final > 0 ? `${money(final)} to pay` : final < 0 ? `${money(-final)} back to you` : 'Nothing extra to pay'}</p>
        <p>
          If your house keeps using energy at this rate until your contract ends and every instalment is paid,{' '}
          {use.projection.excessPence > 0 ? `your share of the energy over the ${label(use.planType)} allowance will be about ${money(use.projection.excessPence)}.` : `you will stay within your ${label(use.planType)} allowance.`}
          {use.projection.outstandingNowPence > 0 ? ` This includes ${money(use.projection.outstandingNowPence)} already due on your account.` : ''}
          {use.projection.outstandingNowPence < 0 ? ` Your account is ${money(-use.projection.outstandingNowPence)} in credit, which is taken off.` : ''}
        </p>
      </Panel>
      {use.utilities.map((utility) => {
        const points = use.months.filter((m) => m.utilityType === utility.utilityType);
        return (
          <Panel key={utility.utilityType} title={label(utility.utilityType)} id={`use-${utility.utilityType}`} wide>
            <p>
              Used so far: <strong>{kwh(utility.usedKwh)}</strong>. Heading for {kwh(utility.projectedKwh)} by the end of your contract, against an allowance of {kwh(utility.allowanceKwh)}
              {utility.excessKwh > 0 ? ` (about ${kwh(utility.excessKwh)} over)` : ''}.
            </p>
            {points.length ? (
              <Suspense fallback={<div className="tenant-chart" />}>
                <UsageChart points={points} title={`${label(utility.utilityType)} use by month (kWh)`} />
              </Suspense>
            ) : null}
            <TableWrap label={`${label(utility.utilityType)} use by month`}>
              <table className="tenant-table">
                <caption className="visually-hidden">{label(utility.utilityType)} use by month</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col" className="num">
                      Used
                    </th>
                    <th scope="col" className="num">
                      Allowance
                    </th>
                    <th scope="col">Reading</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.month}>
                      <td>{monthName(point.month)}</td>
                      <td className="num">{kwh(point.kwh)}</td>
                      <td className="num">{kwh(point.allowanceKwh)}</td>
                      <td>{point.estimated ? 'Estimated' : 'Actual'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </Panel>
        );
      })}
    </div>
  );
}
