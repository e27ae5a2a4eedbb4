import { Link } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { statementPdfPath, TENANT_ACCOUNT, type TenantAccount } from './account-query';
import { day, label, money, serviceStatusText, USER_CONTRACTS, useTenantQuery, type UserContracts } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';
import { SecureDownloadLink } from '../../ui/SecureDownloadLink';

/** /tenant-profile: the dashboard — balance and what it is made of, next payment, latest statement, tasks, the house. */
export function TenantHomePage() {
  return (
    <TenantPage title="Dashboard">
      <Dashboard />
    </TenantPage>
  );
}

function Dashboard() {
  const { logout } = useSession();
  const contracts = useTenantQuery<UserContracts>(USER_CONTRACTS);
  const account = useTenantQuery<{ tenantAccount: TenantAccount }>(TENANT_ACCOUNT);
  const user = contracts.data?.getUserContracts.currentUser;
  const a = account.data?.tenantAccount;
  const current = contracts.data?.getUserContracts.contracts.find((contract) => contract.id === a?.contract.id);
  if (!user || !a) return <Loading error={contracts.error ?? account.error} />;
  const latest = a.statements[0];
  const owes = a.balancePence > 0;
  return (
    <>
      <div className="tenant-welcome">
        <p className="tenant__intro">Welcome back, {user.firstName}.</p>
        <button className="button button--secondary button--small" type="button" onClick={logout}>
          Log out
        </button>
      </div>
      <div className="tenant-grid">
        <Panel title="Your balance" id="balance">
          <p className="tenant-figure">{money(Math.abs(a.balancePence))}</p>
          <p>{owes ? 'to pay' : a.balancePence < 0 ? 'in credit' : 'Nothing to pay: you are up to date.'}</p>
          <dl className="tenant-facts">
            <dt>Charged so far</dt>
            <dd>{money(a.chargedPence)}</dd>
            <dt>Paid so far</dt>
            <dd>{money(a.paidPence)}</dd>
          </dl>
          <p>
            <Link to="/tenant-profile/payments/info">See your statement of account</Link>
          </p>
        </Panel>
        <Panel title="Next payment" id="next-payment">
          {a.nextPayment ? (
            <>
              <p className="tenant-figure">{money(a.nextPayment.amountPence)}</p>
              <p>
                on {day(a.nextPayment.date)} by {label(a.nextPayment.method === 'CARD' ? 'CREDIT_CARD' : a.nextPayment.method).toLowerCase()}
              </p>
            </>
          ) : (
            <p>No payment is scheduled.</p>
          )}
        </Panel>
        <Panel title="Latest statement" id="latest-statement">
          {latest ? (
            <>
              <p className="tenant-figure">{money(latest.totalPence)}</p>
              <p>
                {day(latest.periodStart)} to {day(latest.periodEnd)}, issued {day(latest.issueDate)}
              </p>
              <SecureDownloadLink path={statementPdfPath(latest.id)}>
                Download the statement (PDF)
              </SecureDownloadLink>
            </>
          ) : (
            <p>No statement for this contract yet. Earlier statements are in Billing &amp; Payments.</p>
          )}
        </Panel>
        <Panel title="To do" id="tasks">
          {a.tasks.length ? (
            <ul className="tenant-list">
              {a.tasks.map((task) => (
                <li key={task.kind + task.text}>
                  <Link to={task.link}>{task.text}</Link>
                </li>
              ))}
            </ul>
          ) : (
            <p>Nothing to do: all done.</p>
          )}
        </Panel>
        {current ? (
          <Panel title="Your house" id="house" wide>
            <p>
              <strong>{current.address}</strong> · {current.houseContract.numberOfTenants} tenants · {day(current.startDate)} to {day(current.endDate)}
            </p>
            <ul className="tenant-list">
              {current.houseContract.services.map((service) => (
                <li key={service.id}>
                  {label(service.utilityType)}: {serviceStatusText(service.utilityStatus)}
                </li>
              ))}
            </ul>
            <p>
              <Link to="/tenant-profile/house">Me &amp; My House</Link>
            </p>
          </Panel>
        ) : null}
      </div>
    </>
  );
}
