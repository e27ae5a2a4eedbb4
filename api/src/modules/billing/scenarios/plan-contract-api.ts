import { SAMPLES, type SampleContext } from '@app/fixtures';
import { resourceSpec } from '../../../rules';
import type { ApiHarness } from '../../../testing';
import { GRAPHQL_TYPE } from '../../records/records.graphql';

/*
 * Test support: PLAN contracts made and signed the way staff do it, through the back office's GraphQL
 * (createX / updateX of the records module, whose rules give each tenant contract its schedule on signing).
 */

type Result = { data?: Record<string, Record<string, unknown>>; errors?: unknown[] };
/** Unique names and e-mails across every helper of the test file (one database). */
let counter = 0;

export interface PlanContractApi {
  /** A PLAN house contract (electricity and broadband) from `start` to `end` with one tenant on `paymentDay`, not signed yet. */
  planHouse(options: { start: string; end: string; paymentDay: number; weeklyPricePence: number }): Promise<{ houseContractId: string; tenantContractId: string }>;
  /** Signs the house contract (status ACTIVE). */
  sign(houseContractId: string): Promise<void>;
}

/** `token` is a back-office sign-in with WRITE on contracts; `today` feeds the samples' dates. */
export function planContractApi(api: ApiHarness, token: string, today: string): PlanContractApi {
  async function write(kind: 'create' | 'update', resource: string, input: Record<string, unknown>): Promise<string> {
    const spec = resourceSpec(resource);
    const names = Object.keys(input).filter((name) => name !== 'id');
    const declarations = [...(kind === 'update' ? ['$id: ID!'] : []), ...names.map((name) => `$${name}: ${GRAPHQL_TYPE[spec.fields[name]!.kind]}`)];
    const args = [...(kind === 'update' ? ['id: $id'] : []), ...names.map((name) => `${name}: $${name}`)];
    const query = `mutation(${declarations.join(', ')}) { result: ${kind}${resource}(${args.join(', ')}) { id } }`;
    const result = (await api.graphql(query, input, token, { 'X-Group-ID': '1' })).body as Result;
    if (result.errors) throw new Error(`${kind}${resource}: ${JSON.stringify(result.errors)}`);
    return String(result.data!.result!.id);
  }
  const create = async (resource: string, overrides: Record<string, unknown> = {}) => write('create', resource, { ...(await SAMPLES[resource]!.create!(context)), ...overrides });
  const context: SampleContext = { today, unique: () => ++counter, create };

  return {
    async planHouse({ start, end, paymentDay, weeklyPricePence }) {
      const houseContractId = await create('HouseContract', { signUpDate: start, endDate: end, billingType: 'PLAN', planType: 'GREENSAVER', paymentFrequency: 'MONTHLY', weeklyPricePence });
      await create('Service', { houseContractId, utilityType: 'electric', broadbandSpeed: null, utilityStatus: 'ACTIVE' });
      await create('Service', { houseContractId, utilityType: 'broadband', broadbandSpeed: '600' });
      const tenantContractId = await create('TenantContract', { houseContractId, tenantId: await create('Tenant'), startDate: start, endDate: end, paymentDay });
      return { houseContractId, tenantContractId };
    },
    async sign(houseContractId) {
      await write('update', 'HouseContract', { id: houseContractId, status: 'ACTIVE' });
    },
  };
}
