import { useId } from 'react';
import { day, USER_CONTRACTS, useTenantQuery, type UserContracts } from './tenant-api';

/** Chooses which of the tenant's own contracts a page shows (null: the server's choice, the current one). */
export function ContractPicker({ value, onChange }: { value: number | null; onChange(id: number | null): void }) {
  const id = useId();
  const { data } = useTenantQuery<UserContracts>(USER_CONTRACTS);
  const contracts = (data?.getUserContracts.contracts ?? []).filter((contract) => contract.period !== 'FUTURE');
  if (contracts.length < 2) return null;
  return (
    <form className="tenant-form tenant-picker" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id}>Contract</label>
      <select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}>
        <option value="">Current contract</option>
        {contracts.map((contract) => (
          <option key={contract.id} value={contract.id}>
            {contract.period === 'CURRENT' ? 'Current' : 'Previous'}: {day(contract.startDate)} to {day(contract.endDate)}
          </option>
        ))}
      </select>
    </form>
  );
}
