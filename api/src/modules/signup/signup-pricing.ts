import type { Knex } from '@app/db';
import { DomainError, type FieldError } from '../../errors/domain-error';
import { SIGNUP_MESSAGES, type FeatureFlag } from '../../rules';
import { pricePlans, type PublicQuoteOption } from '../quotes/public-quote.service';
import type { Quote } from '../quotes/quotes.service';
import type { SignupForm } from './signup-form';

/*
 * A new house's price, asked again of the quote service the public quote uses (never taken from the browser):
 * the option of the chosen plan (or the BILL estimate), and the whole quote to keep as the house contract's
 * weekly quote. The quote's own field names become the form's (postcode → house.postcode, … → quote.…).
 */

export interface SignupPrice {
  option: PublicQuoteOption;
  quote: Quote;
}

const FORM_FIELD: Record<string, string> = { postcode: 'house.postcode', bedrooms: 'house.bedrooms' };

export const notAccepting = (): DomainError => DomainError.invalid([{ field: 'signup', rule: 'acceptingNewCustomers', message: SIGNUP_MESSAGES.notAccepting }]);

export async function priceNewHouse(db: Knex, form: SignupForm, features: readonly FeatureFlag[], today: string): Promise<SignupPrice> {
  // Without online quoting no new house can be priced online: the site shows the phone number instead.
  if (!features.includes('quotingFO')) throw notAccepting();
  const quote = form.quote!;
  const house = form.house!;
  let priced;
  try {
    priced = await pricePlans(
      db,
      {
        postcode: house.postcode,
        bedrooms: house.bedrooms,
        numberOfTenants: quote.numberOfTenants,
        services: quote.services,
        broadbandSpeed: quote.broadbandSpeed,
        billingType: form.billing,
        startDate: quote.startDate,
        endDate: quote.endDate,
        paymentFrequency: form.paymentFrequency ?? 'MONTHLY',
      },
      features,
      today,
    );
  } catch (error) {
    if (error instanceof DomainError && error.details.fields) {
      throw DomainError.invalid(error.details.fields.map((field: FieldError) => ({ ...field, field: FORM_FIELD[field.field] ?? (field.field === 'paymentFrequency' ? 'finishingTouches.paymentFrequency' : `quote.${field.field}`) })));
    }
    throw error;
  }
  const index = form.billing === 'PLAN' ? priced.answer.options.findIndex((option) => option.planType === quote.planType) : 0;
  if (index < 0) throw DomainError.invalid([{ field: 'quote.planType', rule: 'offered', message: 'This plan is not offered online at the moment' }]);
  return { option: priced.answer.options[index]!, quote: priced.quotes[index]! };
}
