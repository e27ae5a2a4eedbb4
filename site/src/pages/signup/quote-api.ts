import { useEffect, useState } from 'react';
import { fieldMessages, graphqlRequest } from '@app/api/client';

export type QuoteLine = { service: string; weeklyPerTenantPence: number; monthlyPerTenantPence: number; estimatedAnnualKwh: number | null; allowanceKwh: number | null };
export type QuoteOption = { planType: string | null; weeklyPerTenantPence: number; monthlyPerTenantPence: number; lines: QuoteLine[] };
export type PublicQuote = { postcode: string; regionName: string; numberOfTenants: number; startDate: string; endDate: string; options: QuoteOption[] };

/** The services a house can have, in the order the quote and the wizard offer them. */
export const OFFERED_SERVICES = ['electric', 'gas', 'water', 'broadband', 'tv_licence'] as const;

export interface QuoteForm {
  postcode: string;
  numberOfTenants: string;
  bedrooms: string;
  services: string[];
  broadbandSpeed: string;
  startDate: string;
  endDate: string;
  /** BILL for My Energy Bill's estimate; the plans side by side when absent. */
  billingType?: 'BILL';
}

export type QuoteState =
  | { status: 'idle' }
  | { status: 'pricing'; quote: PublicQuote | null }
  | { status: 'priced'; quote: PublicQuote }
  | { status: 'invalid'; fields: Record<string, string> }
  | { status: 'failed'; message: string };

const PUBLIC_QUOTE = /* GraphQL */ `
  query PublicQuote($input: PublicQuoteInput!) {
    publicQuote(input: $input) {
      postcode regionName numberOfTenants startDate endDate
      options { planType weeklyPerTenantPence monthlyPerTenantPence lines { service weeklyPerTenantPence monthlyPerTenantPence estimatedAnnualKwh allowanceKwh } }
    }
  }
`;

/** Waits this long after the last change before asking: one request per pause in typing, not per key. */
const PAUSE_MS = 300;

/** The form as the quote operations take it (an empty choice is no answer). */
export function toInput(form: QuoteForm): Record<string, unknown> {
  const whole = (text: string) => (text === '' ? null : Number(text));
  return {
    postcode: form.postcode.trim(),
    numberOfTenants: whole(form.numberOfTenants),
    bedrooms: whole(form.bedrooms),
    services: form.services,
    broadbandSpeed: form.services.includes('broadband') ? form.broadbandSpeed : null,
    startDate: form.startDate || null,
    endDate: form.endDate || null,
    ...(form.billingType ? { billingType: form.billingType } : {}),
  };
}

type Answer = Exclude<QuoteState, { status: 'idle' } | { status: 'pricing' }>;

/**
 * Prices the form as it changes (no submit): asks after a pause, and an answer counts only for the form it
 * was asked for, so a slow reply to an older form never replaces a newer price. While a new price is on
 * its way the last one stays on screen. Nothing is asked until a postcode is typed.
 */
export function useLiveQuote(form: QuoteForm, enabled: boolean): QuoteState {
  const [answer, setAnswer] = useState<{ input: string; state: Answer } | null>(null);
  const [lastQuote, setLastQuote] = useState<PublicQuote | null>(null);
  const input = JSON.stringify(toInput(form));
  const active = enabled && form.postcode.trim() !== '';

  useEffect(() => {
    if (!active) return;
    let current = true;
    const timer = setTimeout(() => {
      void graphqlRequest<{ publicQuote: PublicQuote }>(PUBLIC_QUOTE, { input: JSON.parse(input) as Record<string, unknown> }).then(
        (reply) => {
          if (!current) return;
          if (reply.data?.publicQuote) {
            setLastQuote(reply.data.publicQuote);
            return setAnswer({ input, state: { status: 'priced', quote: reply.data.publicQuote } });
          }
          // A price for answers since found wrong must not show again while the corrected ones are priced.
          setLastQuote(null);
          const fields = fieldMessages(reply);
          if (Object.keys(fields).length) return setAnswer({ input, state: { status: 'invalid', fields } });
          setAnswer({ input, state: { status: 'failed', message: reply.errors[0]?.message ?? 'We could not price this house just now. Please try again.' } });
        },
        () => {
          if (!current) return;
          setLastQuote(null);
          setAnswer({ input, state: { status: 'failed', message: 'We could not reach our prices. Check your connection and try again.' } });
        },
      );
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [input, active]);

  if (!active) return { status: 'idle' };
  if (answer?.input === input) return answer.state;
  return { status: 'pricing', quote: lastQuote };
}
