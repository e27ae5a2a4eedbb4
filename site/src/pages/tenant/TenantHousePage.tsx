import { day, label, serviceStatusText, speed, useTenantQuery, CONTRACT_FIELDS, type UserContract } from './tenant-api';
import { TableWrap } from './TableWrap';
import { Loading, Panel, TenantPage } from './TenantPage';

const HOUSE = `query { tenantHouse { bedrooms housemates { firstName lastName signed isYou } contract { ${CONTRACT_FIELDS} houseContract { id numberOfTenants house { id bedrooms address { streetName address2 cityName county postCode } } services { id utilityType utilityStatus broadbandSpeed broadbandChange changeStatus requestedBroadbandSpeed } } } } }`;

interface HouseAnswer {
  tenantHouse: { bedrooms: number; housemates: Array<{ firstName: string; lastName: string; signed: boolean; isYou: boolean }>; contract: UserContract };
}

/**
 * /tenant-profile/house: Me & My House — the tenant's contract details, the house, the housemates (names and
 * whether each has signed: liability is split, so never their balances) and each service's status in words.
 */
export function TenantHousePage() {
  return (
    <TenantPage title="Me & My House">
      <House />
    </TenantPage>
  );
}

function House() {
  const { data, error } = useTenantQuery<HouseAnswer>(HOUSE);
  const house = data?.tenantHouse;
  if (!house) return <Loading error={error} />;
  const contract = house.contract;
  const address = contract.houseContract.house.address;
  return (
    <div className="tenant-grid">
      <Panel title="My details" id="details">
        <dl className="tenant-facts">
          <dt>Contract</dt>
          <dd>
            {day(contract.startDate)} to {day(contract.endDate)}
          </dd>
          <dt>Status</dt>
          <dd>{label(contract.status)}</dd>
          <dt>Package</dt>
          <dd>{contract.billingType === 'PLAN' ? `${label(contract.planType)} plan: one fixed monthly payment` : 'Bills from meter readings'}</dd>
          <dt>Paying by</dt>
          <dd>{label(contract.paymentMethod)}</dd>
        </dl>
      </Panel>
      <Panel title="House details" id="house-details">
        <address className="tenant-address">
          {[address.address2, address.streetName, address.cityName, address.county, address.postCode].filter(Boolean).map((line) => (
            <span key={line} style={{ display: 'block' }}>
              {line}
            </span>
          ))}
        </address>
        <p>
          {house.bedrooms} bedrooms · {contract.houseContract.numberOfTenants} tenants sharing
        </p>
      </Panel>
      <Panel title="Housemates" id="housemates">
        <p className="tenant-muted">Each housemate pays only their own share, so their payments are never shown here.</p>
        <ul className="tenant-list">
          {house.housemates.map((mate) => (
            <li key={`${mate.firstName} ${mate.lastName}`}>
              {mate.firstName} {mate.lastName}
              {mate.isYou ? ' (you)' : ''} — <span className={`tenant-badge${mate.signed ? '' : ' tenant-badge--warn'}`}>{mate.signed ? 'Signed' : 'Not signed yet'}</span>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Services" id="services" wide>
        <TableWrap label="Services">
          <table className="tenant-table">
            <thead>
              <tr>
                <th scope="col">Service</th>
                <th scope="col">Status</th>
                <th scope="col">Details</th>
              </tr>
            </thead>
            <tbody>
              {contract.houseContract.services.map((service) => (
                <tr key={service.id}>
                  <td>{label(service.utilityType)}</td>
                  <td>{serviceStatusText(service.utilityStatus)}</td>
                  <td>{service.utilityType === 'broadband' ? `Speed ${speed(service.broadbandSpeed)}` : service.changeStatus ? label(service.changeStatus) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      </Panel>
    </div>
  );
}
