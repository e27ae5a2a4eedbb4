import { statementPdfPath, TENANT_ACCOUNT, type TenantAccount } from './account-query';
import { day, money, useTenantQuery } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';
import { SecureDownloadLink } from '../../ui/SecureDownloadLink';

/**
 * /tenant-profile/energy-bill: My Energy Bill customers' bill and the amount due. Paying it by card comes
 * with the payments work (the single-payment page).
 */
export function EnergyBillPage() {
  return (
    <TenantPage title="My Energy Bill">
      <EnergyBill />
    </TenantPage>
  );
}

function EnergyBill() {
  const { data, error } = useTenantQuery<{ tenantAccount: TenantAccount }>(TENANT_ACCOUNT);
  const a = data?.tenantAccount;
  if (!a) return <Loading error={error} />;
  const bill = a.statements[0];
  return (
    <div className="tenant-grid">
      <Panel title="Amount due" id="due">
        <p className="tenant-figure">{money(Math.max(a.balancePence, 0))}</p>
        <p>{a.balancePence > 0 ? (bill ? `Please pay by ${day(bill.dueDate)}.` : 'Please pay when you can.') : a.balancePence < 0 ? `You are ${money(-a.balancePence)} in credit.` : 'Nothing to pay.'}</p>
      </Panel>
      <Panel title="Your bill" id="bill">
        {bill ? (
          <>
            <p className="tenant-figure">{money(bill.totalPence)}</p>
            <p>
              Energy from {day(bill.periodStart)} to {day(bill.periodEnd)}, issued {day(bill.issueDate)}, due {day(bill.dueDate)}.
            </p>
            <SecureDownloadLink path={statementPdfPath(bill.id)}>
              Download your bill (PDF)
            </SecureDownloadLink>
          </>
        ) : (
          <p>Your first bill has not been issued yet.</p>
        )}
      </Panel>
      <Panel title="Your address" id="address">
        <p>{a.contract.address}</p>
        <p>
          Contract {day(a.contract.startDate)} to {day(a.contract.endDate)}
        </p>
      </Panel>
    </div>
  );
}
