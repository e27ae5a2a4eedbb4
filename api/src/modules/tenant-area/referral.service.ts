import type { Knex } from '@app/db';

/** Refer a Friend: the caller's referral code, how often it was used and the rewards earned (pence). */
export async function tenantReferral(db: Knex, userId: number, baseUrl: string) {
  const code: { code: string; reward_pence: number; used_count: number } | undefined = await db('referral_codes').where({ tenant_id: userId }).orderBy('id').first('code', 'reward_pence', 'used_count');
  if (!code) return null;
  return {
    code: code.code,
    link: `${baseUrl.replace(/\/$/, '')}/signup/quote?referral=${encodeURIComponent(code.code)}`,
    usedCount: code.used_count,
    rewardPence: code.reward_pence,
    rewardsEarnedPence: code.reward_pence * code.used_count,
  };
}
