import {
  customersSharing,
  electricityOnlyAllowed,
  houseContractCanClose,
  numberOfTenants,
  planHouseContractsPerTenant,
  utilitiesSelection,
  type TenantHouseContract,
} from './house';

describe('numberOfTenants', () => {
  it.each([1, 12, '6', '', null])('front office accepts %p', (value) => expect(numberOfTenants({ value, office: 'FRONT_OFFICE' })).toBeNull());
  it.each([0, 13, 2.5, 'six', -1, '1e1', '0x5'])('front office refuses %p', (value) =>
    expect(numberOfTenants({ value, office: 'FRONT_OFFICE' })).toBe('Number of tenants must be a whole number from 1 to 12'),
  );
  it('back office goes to 14', () => {
    expect(numberOfTenants({ value: 14, office: 'BACK_OFFICE' })).toBeNull();
    expect(numberOfTenants({ value: 15, office: 'BACK_OFFICE' })).toBe('Number of tenants must be a whole number from 1 to 14');
  });
});

describe('customersSharing', () => {
  it('between 1 and the number of bedrooms', () => {
    expect(customersSharing({ value: 1, bedrooms: 4 })).toBeNull();
    expect(customersSharing({ value: 4, bedrooms: 4 })).toBeNull();
    expect(customersSharing({ value: '', bedrooms: 4 })).toBeNull();
    expect(customersSharing({ value: 5, bedrooms: 4 })).toBe('Customers sharing cannot be more than the number of bedrooms (4)');
    expect(customersSharing({ value: 0, bedrooms: 4 })).toBe('Customers sharing must be a whole number of at least 1');
  });
  it('checks only the lower bound while the bedrooms are unknown', () => {
    expect(customersSharing({ value: 9, bedrooms: null })).toBeNull();
  });
});

describe('utilitiesSelection', () => {
  it.each([[['electric', 'water']], [['gas', 'broadband']], [['gas', 'electric']], [['electric', 'gas', 'water', 'tv_licence', 'broadband']], [[]]])(
    'accepts %j',
    (services) => expect(utilitiesSelection(services)).toBeNull(),
  );
  it.each([[['electric']], [['water', 'broadband']], [['gas', 'gas']]])('refuses %j', (services) =>
    expect(utilitiesSelection(services)).toBe('Choose electricity or gas, plus at least one more utility'),
  );
  it('names an unknown utility', () => {
    expect(utilitiesSelection(['electric', 'heat'])).toBe('Unknown utility: heat');
  });
});

describe('planHouseContractsPerTenant', () => {
  const today = '2026-03-15';
  const plan = (id: number, startDate: string, endDate: string | null, extra: Partial<TenantHouseContract> = {}): TenantHouseContract => ({
    id,
    billingType: 'PLAN',
    startDate,
    endDate,
    ...extra,
  });
  const current = plan(1, '2025-09-01', '2026-06-30');
  const future = plan(2, '2026-07-01', '2027-06-30');

  it('allows a second active or future plan contract', () => {
    expect(planHouseContractsPerTenant({ contract: plan(3, '2026-09-01', '2027-08-31'), existing: [current], today })).toBeNull();
  });

  it('refuses a third', () => {
    expect(planHouseContractsPerTenant({ contract: plan(3, '2026-09-01', '2027-08-31'), existing: [current, future], today })).toBe(
      'A tenant can have at most two active or future plan-billing house contracts',
    );
  });

  it('does not count past, closed or BILL contracts, nor the contract being edited', () => {
    const existing = [
      plan(10, '2024-09-01', '2025-06-30'),
      plan(11, '2025-09-01', '2026-08-31', { status: 'CLOSED' }),
      { ...plan(12, '2026-01-01', null), billingType: 'BILL' },
      current,
      future,
    ];
    expect(planHouseContractsPerTenant({ contract: { ...future, endDate: '2027-07-31' }, existing, today })).toBeNull();
    expect(planHouseContractsPerTenant({ contract: { ...plan(3, '2026-09-01', null), billingType: 'BILL' }, existing, today })).toBeNull();
  });

  it('counts a contract ending today as active', () => {
    expect(planHouseContractsPerTenant({ contract: plan(3, '2026-09-01', null), existing: [plan(1, '2025-03-16', today), future], today })).not.toBeNull();
  });
});

describe('houseContractCanClose', () => {
  it('when every service is cancelled or not ordered', () => {
    expect(
      houseContractCanClose({
        services: [
          { utilityType: 'gas', utilityStatus: 'CANCELLED' },
          { utilityType: 'water', utilityStatus: 'NOT_ORDERED' },
        ],
      }),
    ).toBeNull();
    expect(houseContractCanClose({ services: [] })).toBeNull();
  });
  it.each(['ACTIVE', 'PENDING_CANCELLATION', 'TO_CANCEL', 'ORDERED_BY_THE_TENANT'])('not while a service is %s', (utilityStatus) =>
    expect(
      houseContractCanClose({
        services: [
          { utilityType: 'gas', utilityStatus: 'CANCELLED' },
          { utilityType: 'electric', utilityStatus },
        ],
      }),
    ).toBe('A house contract can be closed only when every service is cancelled or not ordered'),
  );
});

describe('electricityOnlyAllowed', () => {
  const withGas = (utilityStatus: string) => [
    { utilityType: 'electric', utilityStatus: 'ACTIVE' },
    { utilityType: 'gas', utilityStatus },
  ];
  it('refuses ELEC_ONLY while gas is active', () => {
    expect(electricityOnlyAllowed({ supplyType: 'ELEC_ONLY', services: withGas('ACTIVE') })).toBe('Electricity Only cannot be chosen while gas is active');
  });
  it.each(['ORDERED_BY_THE_TENANT', 'ACTIONED_BY_SUPPLIER'])('refuses ELEC_ONLY while gas is %s', (status) =>
    expect(electricityOnlyAllowed({ supplyType: 'ELEC_ONLY', services: withGas(status) })).toBe(
      'Electricity Only cannot be chosen while a gas order is pending',
    ),
  );
  it.each(['NOT_ORDERED', 'CANCELLED', 'TO_CANCEL', 'PENDING_CANCELLATION', 'OBJECTED', 'UNCLEAR_INFO'])('allows ELEC_ONLY while gas is %s', (status) =>
    expect(electricityOnlyAllowed({ supplyType: 'ELEC_ONLY', services: withGas(status) })).toBeNull(),
  );
  it('does not restrict other supply types, nor houses without gas', () => {
    expect(electricityOnlyAllowed({ supplyType: 'DUAL', services: withGas('ACTIVE') })).toBeNull();
    expect(electricityOnlyAllowed({ supplyType: 'ELEC_ONLY', services: [{ utilityType: 'electric', utilityStatus: 'ACTIVE' }] })).toBeNull();
  });
});
