import { useState } from 'react';
import { money, useTenantQuery } from './tenant-api';
import { Loading, Panel, TenantPage } from './TenantPage';

const REFERRAL = `query { tenantReferral { code link usedCount rewardPence rewardsEarnedPence } }`;
interface ReferralAnswer {
  tenantReferral: { code: string; link: string; usedCount: number; rewardPence: number; rewardsEarnedPence: number } | null;
}

/** /tenant-profile/refer-friend: the tenant's referral code and link, and the rewards it has earned. */
export function ReferFriendPage() {
  return (
    <TenantPage title="Refer a Friend" intro="Know another shared house? Send them your link: when they sign up, you both get a reward.">
      <Referral />
    </TenantPage>
  );
}

function Referral() {
  const { data, error } = useTenantQuery<ReferralAnswer>(REFERRAL);
  const [copied, setCopied] = useState(false);
  if (!data) return <Loading error={error} />;
  const referral = data.tenantReferral;
  if (!referral) return <p>You do not have a referral code yet. Please contact us and we will set one up for you.</p>;
  return (
    <div className="tenant-grid">
      <Panel title="Your code" id="code">
        <p className="tenant-figure">{referral.code}</p>
        <p>
          Your link: <a href={referral.link}>{referral.link}</a>
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(referral.link).then(() => setCopied(true));
          }}
        >
          Copy link
        </button>
        {copied ? <p role="status">Link copied.</p> : null}
      </Panel>
      <Panel title="Rewards" id="rewards">
        <p className="tenant-figure">{money(referral.rewardsEarnedPence)}</p>
        <p>
          earned from {referral.usedCount} {referral.usedCount === 1 ? 'friend' : 'friends'} who signed up ({money(referral.rewardPence)} each).
        </p>
      </Panel>
    </div>
  );
}
