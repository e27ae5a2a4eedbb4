import { formatDisplayDate, formatPounds as money, labelFor, PLAN_TYPES } from '@app/api/rules';
import { useSiteInfo } from '../../config/ConfigContext';
import { PhoneLink } from '../../ui/PhoneLink';
import { PLAN_SUMMARIES } from './plan-summaries';
import type { PublicQuote, QuoteOption } from './quote-api';

const KWH = new Intl.NumberFormat('en-GB');

/** The energy an option's allowance covers, for the house and for each tenant, or that there is none to watch. */
function allowanceText(option: QuoteOption, tenants: number): string | null {
  const energy = option.lines.filter((line) => line.service === 'electric' || line.service === 'gas');
  if (!energy.length) return null;
  if (option.planType === 'UNLIMITED') return 'No energy allowance: use what the house needs.';
  const covered = energy.filter((line) => line.allowanceKwh !== null);
  if (!covered.length) return null;
  const parts = covered.map((line) => `${KWH.format(line.allowanceKwh!)} kWh of ${line.service === 'electric' ? 'electricity' : 'gas'}`);
  const each = covered.map((line) => `${KWH.format(Math.round(line.allowanceKwh! / tenants))} kWh`);
  return `Covers ${parts.join(' and ')} a year for the house (${each.join(' and ')} each). Any use beyond it is on your final statement.`;
}

/** The plans side by side: a tenant's share a week and a month, what it is made of, and what it covers. */
export function QuoteOptions({ quote, onChoose, choosing }: { quote: PublicQuote; onChoose?: (planType: string) => void; choosing?: boolean }) {
  const { phone } = useSiteInfo();
  return (
    <>
      <p>
        For {quote.numberOfTenants} {quote.numberOfTenants === 1 ? 'tenant' : 'tenants'} at {quote.postcode} ({quote.regionName}), {formatDisplayDate(quote.startDate)} to{' '}
        {formatDisplayDate(quote.endDate)}. Each tenant pays only their own share.
      </p>
      <ul className="quote-options">
        {quote.options.map((option) => {
          const name = option.planType ? labelFor(option.planType, PLAN_TYPES) : 'Pay for what you use';
          const id = `plan-${option.planType ?? 'bill'}`;
          const allowance = allowanceText(option, quote.numberOfTenants);
          return (
            <li key={id}>
              <article className="quote-option" aria-labelledby={id}>
                <h3 id={id}>{name}</h3>
                <p className="quote-option__price">
                  <strong>{money(option.weeklyPerTenantPence)}</strong> a week each
                </p>
                <p className="quote-option__monthly">{money(option.monthlyPerTenantPence)} a month each</p>
                {option.planType && <p>{PLAN_SUMMARIES[option.planType]}</p>}
                <table className="quote-option__lines">
                  <caption className="visually-hidden">What {name} is made of, a month each</caption>
                  <tbody>
                    {option.lines.map((line) => (
                      <tr key={line.service}>
                        <th scope="row">{labelFor(line.service)}</th>
                        <td>{money(line.monthlyPerTenantPence)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {allowance && <p className="quote-option__allowance">{allowance}</p>}
                {onChoose && option.planType && (
                  <button type="button" className="button quote-option__choose" onClick={() => onChoose(option.planType!)} disabled={choosing} aria-describedby={id}>
                    Sign up with {name}
                  </button>
                )}
              </article>
            </li>
          );
        })}
      </ul>
      <p className="quote-results__next">
        Monthly amounts are a year’s cost in twelve equal payments.{' '}
        {onChoose ? (
          <>Choose a plan to sign up online in a few minutes, or call us on <PhoneLink phone={phone} />.</>
        ) : (
          <>To sign up your house with this quote, call us on <PhoneLink phone={phone} />.</>
        )}
      </p>
    </>
  );
}
