import { atLeastOneOf, commentDeletable } from '../../../rules';
import type { RecordRules } from '../record-rules';
import { fieldErrors } from './field-errors';

const Comment: RecordRules = {
  async validate(record) {
    return fieldErrors([['houseContractId', 'atLeastOneOf', atLeastOneOf({ values: record, fields: ['houseContractId', 'tenantContractId'] })]]);
  },
  // Staff write comments as themselves.
  async derive(_record, { user }) {
    return { authorUserId: user.id };
  },
  async beforeDelete(existing, { trx }) {
    const contract = existing.houseContractId ? await trx('house_contracts').where({ id: existing.houseContractId }).first('frozen') : null;
    return fieldErrors([['tiedToFreeze', 'unfrozenFirst', commentDeletable({ tiedToFreeze: existing.tiedToFreeze === true, contractFrozen: contract?.frozen === true })]]);
  },
};

export const COMMENT_RULES: Record<string, RecordRules> = { Comment };
