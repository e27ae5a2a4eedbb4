import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CARD_ADD_STARTED } from '@app/api/rules';
import { tenantMutation } from './tenant-api';
import { DirectDebitForm } from './DirectDebitForm';


const OPEN_CHECKOUT = `mutation ($input: StripeCheckoutSessionInput!) { session: cardCreateCheckoutSession(input: $input) { sessionUrl } }`;
const ADD_CARD = `mutation ($input: AddCardInput!) { added: addCard(input: $input) { message paymentMethod { cardLast4 } } }`;
const CANCEL_DD = `mutation ($id: ID!) { cancelDirectDebit(tenantId: $id) }`;

/** How long the page keeps looking for the new card while the provider's tab is open. */
const WATCH_MS = 5 * 60_000;
const WATCH_EVERY_MS = 3_000;

interface Props {
  contractId: number;
  /** The ids of the cards in use: a new card replaces the old one, so the new id is what tells it arrived. */
  activeCardIds: number[];
  hasDirectDebit: boolean;
  /** Reads the account again (the methods list). */
  reload(): void;
}

/**
 * The payment methods' actions (specification §4 "add card in a new tab"): the group's card provider's page
 * opens in a new tab; this tab says the card is on its way and looks again every few seconds until it shows.
 * The provider's tab comes back to this page with the session id, which attaches the card. A Direct Debit is
 * set up here, or cancelled; a payment now is its own page.
 */
export function PaymentMethodActions({ contractId, activeCardIds, hasDirectDebit, reload }: Props) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const watching = useRef<{ known: number[]; until: number } | null>(null);
  const cardKey = activeCardIds.join(',');

  // Back from the provider's page: attach the card of that checkout session to the contract it was opened for.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const sessionId = params.get('session_id');
    if (!sessionId || params.get('contract') !== String(contractId)) return;
    history.replaceState(null, '', location.pathname);
    void tenantMutation<{ added: { message: string; paymentMethod: { cardLast4: string } } }>(ADD_CARD, { input: { tenantId: String(contractId), sessionId } }).then(({ answer }) => {
      const added = answer.data?.added;
      setMessage(added ? { ok: true, text: `Card ending ${added.paymentMethod.cardLast4} saved.` } : { ok: false, text: answer.errors[0]?.message ?? 'The card could not be saved.' });
      reload();
    });
  }, [contractId, reload]);

  // While the provider's tab is open, look for the new card now and then.
  useEffect(() => {
    const timer = setInterval(() => {
      const watch = watching.current;
      if (!watch) return;
      if (cardKey.split(',').some((id) => id !== '' && !watch.known.includes(Number(id)))) {
        watching.current = null;
        setMessage({ ok: true, text: 'Your new card is saved.' });
      } else if (Date.now() > watch.until) watching.current = null;
      else reload();
    }, WATCH_EVERY_MS);
    return () => clearInterval(timer);
  }, [cardKey, reload]);

  const addCard = async () => {
    // Opened at the click (a tab opened after an answer arrives is blocked), then sent to the provider's page.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    const successUrl = `${location.origin}/tenant-profile/payments/info?contract=${contractId}`;
    const { answer } = await tenantMutation<{ session: { sessionUrl: string } }>(OPEN_CHECKOUT, { input: { tenantId: String(contractId), successUrl } });
    setBusy(false);
    const url = answer.data?.session.sessionUrl;
    if (!url) {
      tab?.close();
      setMessage({ ok: false, text: answer.errors[0]?.message ?? 'The card page could not be opened.' });
      return;
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else location.href = url;
    watching.current = { known: activeCardIds, until: Date.now() + WATCH_MS };
    setMessage({ ok: true, text: CARD_ADD_STARTED });
  };

  const cancel = async () => {
    if (!window.confirm('Cancel your Direct Debit? Your payments will then be taken from your card, or you pay each statement yourself.')) return;
    const { answer } = await tenantMutation<{ cancelDirectDebit: number }>(CANCEL_DD, { id: String(contractId) });
    setMessage(answer.errors.length ? { ok: false, text: answer.errors[0]!.message } : { ok: true, text: 'Your Direct Debit is cancelled.' });
    reload();
  };

  return (
    <div className="tenant-actions">
      <div className="tenant-actions__buttons">
        <button type="button" className="button button--small" onClick={() => void addCard()} disabled={busy}>
          Add a card
        </button>
        {hasDirectDebit ? (
          <button type="button" className="button button--small button--secondary" onClick={() => void cancel()}>
            Cancel Direct Debit
          </button>
        ) : (
          <button type="button" className="button button--small button--secondary" onClick={() => setSettingUp((open) => !open)} aria-expanded={settingUp}>
            Set up a Direct Debit
          </button>
        )}
        <Link className="button button--small button--secondary" to="/tenant-profile/payments/single-payment">
          Make a payment
        </Link>
      </div>
      {message ? (
        <p className={message.ok ? 'tenant-success' : 'tenant-field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
      {settingUp && !hasDirectDebit ? (
        <DirectDebitForm
          contractId={contractId}
          onDone={(text) => {
            setSettingUp(false);
            setMessage({ ok: true, text });
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
