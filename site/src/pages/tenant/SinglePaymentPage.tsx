import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ContractPicker } from './ContractPicker';
import { methodText, TENANT_ACCOUNT, type TenantAccount } from './account-query';
import { money, tenantMutation, useTenantQuery } from './tenant-api';
import { BalancePanel } from './BalancePanel';
import { Loading, Panel, TenantPage } from './TenantPage';

const PAY = `mutation ($input: TenantCardPaymentInput!) { payment: payByCard(input: $input) { collectionStatus failureReason amountPence } }`;

/** "12.50", "£12.50" or "12" → pence; anything else → null. */
function pence(text: string): number | null {
  const match = /^£?\s*(\d{1,5})(?:\.(\d{1,2}))?$/.exec(text.trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

/**
 * /tenant-profile/payments/single-payment: pay what is owed, or any amount, by the card on file. The payment
 * carries a reference made once per payment, so pressing Pay twice (or again after a lost answer) pays once.
 */
export function SinglePaymentPage() {
  return (
    <TenantPage title="Make a payment">
      <SinglePayment />
    </TenantPage>
  );
}

function SinglePayment() {
  const [contractId, setContractId] = useState<number | null>(null);
  const { data, error, reload } = useTenantQuery<{ tenantAccount: TenantAccount }>(TENANT_ACCOUNT, { id: contractId });
  const [amount, setAmount] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const a = data?.tenantAccount;
  if (!a) return <Loading error={error} />;
  const card = a.paymentMethods.find((method) => method.kind === 'CARD' && method.isActive);
  const owed = Math.max(0, a.balancePence);
  const typed = amount ?? (owed > 0 ? (owed / 100).toFixed(2) : '');

  const pay = async () => {
    const value = pence(typed);
    if (value === null || value < 1) {
      setFieldError('Enter an amount in pounds and pence, for example 25.00');
      return;
    }
    setBusy(true);
    setFieldError(null);
    const { answer, fields } = await tenantMutation<{ payment: { collectionStatus: string; failureReason: string | null; amountPence: number } }>(PAY, {
      input: { tenantId: String(a.contract.id), amountPence: value, idempotencyKey: key },
    });
    setBusy(false);
    const payment = answer.data?.payment;
    if (fields.amountPence) setFieldError(fields.amountPence);
    else if (payment?.collectionStatus === 'SETTLED') {
      setResult({ ok: true, text: `Thank you: we received ${money(payment.amountPence)}.` });
      setAmount(null);
      setKey(crypto.randomUUID());
      reload();
    } else if (payment) {
      setResult({ ok: false, text: `Your card was not charged: ${payment.failureReason ?? 'your bank declined the payment'}.` });
      setKey(crypto.randomUUID());
    } else setResult({ ok: false, text: answer.errors[0]?.message ?? 'The payment could not be made.' });
  };

  return (
    <>
      <ContractPicker value={contractId} onChange={setContractId} />
      <div className="tenant-grid">
        <BalancePanel balancePence={a.balancePence} />
        <Panel title="Pay by card" id="pay">
          {card ? (
            <form
              className="tenant-form"
              onSubmit={(event) => {
                event.preventDefault();
                void pay();
              }}
            >
              <p>{methodText(card)}</p>
              <label>
                Amount (£)
                <input value={typed} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" required aria-invalid={Boolean(fieldError)} aria-describedby={fieldError ? 'amount-error' : undefined} />
                {fieldError ? (
                  <span className="tenant-field-error" id="amount-error">
                    {fieldError}
                  </span>
                ) : null}
              </label>
              <button type="submit" className="button" disabled={busy}>
                {pence(typed) ? `Pay ${money(pence(typed)!)}` : 'Pay'}
              </button>
              {result ? (
                <p className={result.ok ? 'tenant-success' : 'tenant-field-error'} role={result.ok ? 'status' : 'alert'}>
                  {result.text}
                </p>
              ) : null}
            </form>
          ) : (
            <p>
              You have no card on file. <Link to="/tenant-profile/payments/info#methods">Add a card</Link> first, then come back to pay.
            </p>
          )}
        </Panel>
      </div>
    </>
  );
}
