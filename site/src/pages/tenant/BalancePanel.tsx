import { money } from './tenant-api';
import { Panel } from './TenantPage';

/** The contract's balance as the tenant reads it: what to pay today, what is in credit, or up to date. */
export function BalancePanel({ balancePence }: { balancePence: number }) {
  return (
    <Panel title="Balance" id="balance">
      <p className="tenant-figure">{money(Math.abs(balancePence))}</p>
      <p>{balancePence > 0 ? 'to pay today' : balancePence < 0 ? 'in credit' : 'You are up to date.'}</p>
    </Panel>
  );
}
