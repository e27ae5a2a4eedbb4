import { useState } from 'react';
import { ContractPicker } from './ContractPicker';
import { methodText, statementPdfPath, TENANT_ACCOUNT, type TenantAccount } from './account-query';
import { day, label, money, useTenantQuery } from './tenant-api';
import { TableWrap } from './TableWrap';
import { BalancePanel } from './BalancePanel';
import { Loading, Panel, TenantPage } from './TenantPage';
import { PaymentMethodActions } from './PaymentMethodActions';
import { SecureDownloadLink } from '../../ui/SecureDownloadLink';

/**
 * /tenant-profile/payments/info: Billing & Payments — statements with their PDF, the ledger as a statement of
 * account in pounds, payment methods (add a card, set up or cancel a Direct Debit, make a payment) and the
 * payment schedule.
 */
export function TenantPaymentsPage() {
  return (
    <TenantPage title="Billing & Payments">
      <Payments />
    </TenantPage>
  );
}

function Payments() {
  const [contractId, setContractId] = useState<number | null>(null);
  const { data, error, reload } = useTenantQuery<{ tenantAccount: TenantAccount }>(TENANT_ACCOUNT, { id: contractId });
  const a = data?.tenantAccount;
  if (!a) return <Loading error={error} />;
  return (
    <>
    <ContractPicker value={contractId} onChange={setContractId} />
    <div className="tenant-grid">
      <BalancePanel balancePence={a.balancePence} />
      <Panel title="Payment methods" id="methods">
        {a.paymentMethods.length ? (
          <ul className="tenant-list">
            {a.paymentMethods.map((method) => (
              <li key={method.id}>
                {methodText(method)} {method.isActive ? <span className="tenant-badge">In use</span> : <span className="tenant-badge tenant-badge--warn">Not in use</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p>No payment method yet.</p>
        )}
        <PaymentMethodActions
          contractId={a.contract.id}
          activeCardIds={a.paymentMethods.filter((method) => method.kind === 'CARD' && method.isActive).map((method) => method.id)}
          hasDirectDebit={a.paymentMethods.some((method) => method.kind === 'DIRECT_DEBIT' && method.isActive && (method.mandateStatus === 'ACTIVE' || method.mandateStatus === 'PENDING'))}
          reload={reload}
        />
      </Panel>
      <Panel title="Payment schedule" id="schedule">
        {a.schedules.length ? (
          <ul className="tenant-list">
            {a.schedules.map((schedule) => (
              <li key={schedule.id}>
                {money(schedule.amountPence)} {schedule.scheduleType === 'MONTHLY' ? 'a month' : `(${label(schedule.scheduleType)})`}
                {schedule.paymentDay ? ` on day ${schedule.paymentDay}` : ''}, {day(schedule.startDate)} to {day(schedule.endDate)}
                {schedule.times ? `, ${schedule.times} payments` : ''} — {label(schedule.status)}
              </li>
            ))}
          </ul>
        ) : (
          <p>No payment schedule: you pay each statement when it arrives.</p>
        )}
        {a.upcoming.length ? (
          <>
            <h3>Coming up</h3>
            <ul className="tenant-list">
              {a.upcoming.slice(0, 3).map((charge) => (
                <li key={charge.id}>
                  {day(charge.date)}: {money(charge.amountPence)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Panel>
      <Panel title="Statements" id="statements" wide>
        {a.statements.length ? (
          <TableWrap label="Statements">
            <table className="tenant-table">
              <thead>
                <tr>
                  <th scope="col">Period</th>
                  <th scope="col">Issued</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">PDF</th>
                </tr>
              </thead>
              <tbody>
                {a.statements.map((statement) => (
                  <tr key={statement.id}>
                    <td>
                      {day(statement.periodStart)} to {day(statement.periodEnd)}
                      {statement.state === 'VOID' ? ' (void)' : ''}
                    </td>
                    <td>{day(statement.issueDate)}</td>
                    <td className="num">{money(statement.totalPence)}</td>
                    <td>
                      <SecureDownloadLink path={statementPdfPath(statement.id)}>
                        Download<span className="visually-hidden"> the statement of {day(statement.periodEnd)}</span> (PDF)
                      </SecureDownloadLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableWrap>
        ) : (
          <p>No statements for this contract.</p>
        )}
      </Panel>
      <Panel title="Statement of account" id="ledger" wide>
        <TableWrap label="Statement of account">
          <table className="tenant-table tenant-table--stack">
            <caption className="visually-hidden">Charges and payments, newest first, with the balance after each</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col" className="num">
                  Charge
                </th>
                <th scope="col" className="num">
                  Payment
                </th>
                <th scope="col" className="num">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody>
              {a.ledger.map((line) => (
                <tr key={line.id}>
                  <td data-label="Date">{day(line.date)}</td>
                  <td data-label="Description">{line.description}</td>
                  <td data-label="Charge" className="num">
                    {line.amountPence > 0 ? money(line.amountPence) : ''}
                  </td>
                  <td data-label="Payment" className="num">
                    {line.amountPence < 0 ? money(-line.amountPence) : ''}
                  </td>
                  <td data-label="Balance" className="num">
                    {line.balancePence < 0 ? `${money(-line.balancePence)} credit` : money(line.balancePence)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </Panel>
    </div>
    </>
  );
}
