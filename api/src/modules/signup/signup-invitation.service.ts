import { HouseContract, SignupInvitation, TenantContract, type Knex } from '@app/db';
import { consumeAttempt } from '../../auth/rate-limit';
import { DomainError } from '../../errors/domain-error';
import { shortenAddress, SIGNUP_MESSAGES, signupEmail, weeklyToMonthly } from '../../rules';
import { billEstimate } from './create-signup-records';

/*
 * The join step: a housemate opens the link of their invitation e-mail and sees the house they were invited
 * to (its address shortened as §5 says, plan, their share, dates, services and "3 of 5 signed"). Only the pair
 * of house contract and invited e-mail opens it; a wrong pair, an unknown contract and an invitation already
 * used all get the same answer, so the query cannot be used to find contracts or invited addresses.
 */

/** Per visitor address an hour: enough for a house of twelve and their typos, too few to guess pairs. */
export const SIGNUP_INVITATION_LIMIT = { limit: 60, windowMinutes: 60 };

export interface SignupInvitationView {
  houseContractId: number;
  address: string;
  planType: string | null;
  weeklyPerTenantPence: number;
  monthlyPerTenantPence: number;
  startDate: string;
  endDate: string;
  signedCount: number;
  expectedCount: number;
  services: string[];
}

// The specification's message as the error's own (not prefixed by the field), with the field for forms.
const invalid = () => new DomainError('BAD_USER_INPUT', SIGNUP_MESSAGES.invalidInvitation, { fields: [{ field: 'houseContractId', rule: 'invitation', message: SIGNUP_MESSAGES.invalidInvitation }] });

/** Tenants who have signed a house contract (its live tenant contracts). */
export async function signedCount(db: Knex, houseContractId: number): Promise<number> {
  const row = (await TenantContract.query(db).where({ house_contract_id: houseContractId }).whereNot({ status: 'CLOSED' }).count({ n: '*' }).first()) as unknown as { n: number };
  return Number(row.n);
}

export async function signupInvitation(db: Knex, input: { houseContractId: unknown; email: unknown }, ip: string | null): Promise<SignupInvitationView> {
  await consumeAttempt(db, { key: `signup-invitation:ip:${ip ?? 'unknown'}`, ...SIGNUP_INVITATION_LIMIT });
  const id = input.houseContractId;
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647 || signupEmail(input.email)) throw invalid();
  const invitation = await SignupInvitation.query(db).where('house_contract_id', id as number).whereRaw('lower(email) = lower(?)', [String(input.email).trim()]).first();
  if (!invitation || invitation.tenantContractId !== null) throw invalid();
  const contract = (await HouseContract.query(db).findById(invitation.houseContractId).withGraphFetched('[house, services]'))!;
  const house = contract.house!;
  const weekly = contract.billingType === 'PLAN' ? (contract.weeklyPricePence ?? 0) : await billEstimate(db, contract.id);
  return {
    houseContractId: contract.id,
    address: shortenAddress(`${house.streetName}, ${house.cityName}, ${house.postCode}`),
    planType: contract.planType,
    weeklyPerTenantPence: weekly,
    monthlyPerTenantPence: weeklyToMonthly(weekly),
    startDate: contract.signUpDate,
    endDate: contract.endDate,
    signedCount: await signedCount(db, contract.id),
    expectedCount: contract.numberOfTenants,
    services: (contract.services ?? []).filter((service) => service.utilityStatus !== 'CANCELLED').map((service) => service.utilityType),
  };
}
