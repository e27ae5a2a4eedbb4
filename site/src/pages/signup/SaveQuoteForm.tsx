import { useState, type FormEvent } from 'react';
import { fieldMessages, graphqlRequest } from '@app/api/client';
import { toInput, type QuoteForm } from './quote-api';

const SAVE = 'mutation ($input: PublicQuoteInput!, $email: String!) { savePublicQuote(input: $input, email: $email) { email } }';

type Outcome = { status: 'idle' } | { status: 'sending' } | { status: 'sent'; email: string } | { status: 'refused'; message: string };

/**
 * "E-mail me this quote": the server prices the answers again, keeps the quote and sends it to the visitor.
 * It stays while a changed answer is priced (the address typed is kept) but sends only a priced quote.
 */
export function SaveQuoteForm({ form, priced }: { form: QuoteForm; priced: boolean }) {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome({ status: 'sending' });
    const answer = await graphqlRequest<{ savePublicQuote: { email: string } }>(SAVE, { input: toInput(form), email: email.trim() }).catch(() => null);
    if (answer?.data?.savePublicQuote) return setOutcome({ status: 'sent', email: answer.data.savePublicQuote.email });
    const fields = answer ? fieldMessages(answer) : {};
    setOutcome({ status: 'refused', message: fields.email ?? answer?.errors[0]?.message ?? 'We could not send your quote just now. Please try again.' });
  };

  return (
    <form className="save-quote" aria-label="E-mail me this quote" onSubmit={(event) => void send(event)} noValidate>
      <label htmlFor="save-quote-email">E-mail me this quote</label>
      <div className="save-quote__row">
        <input
          id="save-quote-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={outcome.status === 'refused'}
          aria-describedby="save-quote-status"
        />
        <button className="button" type="submit" disabled={!priced || outcome.status === 'sending'}>
          Send
        </button>
      </div>
      <p id="save-quote-status" role="status" className={outcome.status === 'refused' ? 'auth-form__error' : 'quote-results__next'}>
        {outcome.status === 'sent' ? `We have e-mailed your quote to ${outcome.email}.` : outcome.status === 'refused' ? outcome.message : ''}
      </p>
    </form>
  );
}
