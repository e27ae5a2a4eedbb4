import { Link } from 'react-router-dom';
import rates from '../../content/tariff-rates.json';
import { tariffTitle } from '../../content/tariff-periods';

type Rate = readonly number[];

function rows(period: { electric: Rate; gas: Rate; electricOnly: Rate }): string[][] {
  const format = (rate: Rate) => [`${rate[0]!.toFixed(2)}p`, `${rate[1]!.toFixed(2)}p`];
  return [
    ['Electricity (homes with gas)', ...format(period.electric)],
    ['Gas', ...format(period.gas)],
    ['Electricity (electric-only homes)', ...format(period.electricOnly)],
  ];
}

/** One dated tariff page under /legals/our-terms/…, drawn from the same rates as the downloadable sheets. */
export function tariffPage(slug: string) {
  const period = rates.periods.find((entry) => entry.slug === slug);
  if (!period) throw new Error(`No tariff period ${slug}`);
  const TariffPage = () => (
    <article className="article">
      <header className="article__header">
        <div className="container">
          <h1>{tariffTitle(period.label)}</h1>
          <p className="article__intro">
            These are the rates we used to work out the energy part of each house’s monthly share for {period.label}. Your
            share is fixed for your contract; the rates matter when your usage is reconciled at the end of it.
          </p>
        </div>
      </header>
      <div className="container article__body">
        <section aria-labelledby="rates-title">
          <h2 id="rates-title">Unit rates and standing charges</h2>
          <div className="table-scroll">
            <table>
              <caption>{period.label}</caption>
              <thead>
                <tr>
                  <th scope="col">Fuel</th>
                  <th scope="col">Unit rate (per kWh)</th>
                  <th scope="col">Standing charge (per day)</th>
                </tr>
              </thead>
              <tbody>
                {rows(period).map(([fuel, unit, standing]) => (
                  <tr key={fuel}>
                    <th scope="row">{fuel}</th>
                    <td>{unit}</td>
                    <td>{standing}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>{rates.vatNote}</p>
        </section>
        <section aria-labelledby="about-title">
          <h2 id="about-title">How these rates are used</h2>
          <p>
            Unit rates are regional averages for Great Britain. Houses on Economy 7 or prepayment meters, and houses in
            Northern Ireland, have their own rates, which we confirm in writing before your contract starts. The terms
            that apply to every tariff are in <Link to="/legals/our-terms">our terms</Link> and the{' '}
            <Link to="/legals/domestic-terms">domestic terms and conditions</Link>.
          </p>
          <p>
            Earlier and later periods are listed on the <Link to="/legals/historic-tariffs">historic tariffs</Link> page.
          </p>
        </section>
      </div>
    </article>
  );
  return TariffPage;
}
