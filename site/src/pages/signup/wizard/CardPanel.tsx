import { useEffect, useState } from 'react';
import { CARD_ADD_STARTED } from '@app/api/rules';
import type { WizardFlow } from './flows';
import { openSignupCheckout, readPaymentStatus } from './signup-api';

const WATCH_EVERY_MS = 3_000;

/**
 * Adding the card (specification §4 "add card in a new tab"): the group's card provider's page opens in a new
 * tab; this tab says the card is on its way and asks the server every few seconds until the card is on file,
 * then moves on. The provider's tab comes back to this same page, which sees the card too.
 */
export function CardPanel({ flow, token, returnPath, onDone }: { flow: WizardFlow; token: string; returnPath: string; onDone(): void }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (saved) return;
    let live = true;
    const look = () =>
      void readPaymentStatus(token).then((status) => {
        if (live && status.ok && status.value.cardOnFile) setSaved(true);
      });
    look();
    const timer = setInterval(look, WATCH_EVERY_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, saved]);

  const open = async () => {
    // Opened at the click (a tab opened after an answer arrives is blocked), then sent to the provider's page.
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    const outcome = await openSignupCheckout(token, `${window.location.origin}${returnPath}`);
    setBusy(false);
    if (!outcome.ok) {
      tab?.close();
      return setMessage({ ok: false, text: outcome.message ?? Object.values(outcome.fields)[0] ?? 'The card page could not be opened.' });
    }
    if (tab) {
      tab.opener = null;
      tab.location.href = outcome.value.sessionUrl;
    } else window.location.href = outcome.value.sessionUrl;
    setMessage({ ok: true, text: CARD_ADD_STARTED });
  };

  if (saved) {
    return (
      <div>
        <p className="wizard-success" role="status">
          Your card is saved.
        </p>
        <div className="wizard-actions wizard-back">
          <button type="button" className="button" onClick={onDone}>
            Finish
          </button>
        </div>
      </div>
    );
  }
  return (
    <div>
      <p>Your card details go straight to our card provider on a secure page in a new tab. {flow === 'ENERGY_BILL' ? 'Each bill is charged to it when it is due.' : 'Your share is charged to it on your payment day.'}</p>
      <div className="wizard-actions">
        <button type="button" className="button" onClick={() => void open()} disabled={busy}>
          Add your card
        </button>
      </div>
      {message && (
        <p className={message.ok ? 'wizard-success' : 'auth-alert'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
    </div>
  );
}
