const REVIEWS = [
  { name: 'Priya, Leeds', stars: 5, text: 'Five of us, one payment each, and nobody chasing anyone for the gas money. Setting it up took ten minutes.' },
  { name: 'Tom, Bristol', stars: 5, text: 'When one housemate moved out early it did not touch my share at all. That alone was worth it.' },
  { name: 'Aisha, Manchester', stars: 4, text: 'Broadband was live the week we moved in. Support answered my meter reading question the same day.' },
  { name: 'Callum, Glasgow', stars: 5, text: 'Fixed monthly cost through the whole winter. Our landlord recommended them and I can see why.' },
  { name: 'Sofia, Nottingham', stars: 5, text: 'Clear statements, friendly team, and the final bill arrived exactly when they said it would.' },
  { name: 'James, Cardiff', stars: 4, text: 'Easy sign-up for the whole house and I like that the electricity comes from wind.' },
] as const;

function Stars({ count }: { count: number }) {
  return (
    <span className="stars" role="img" aria-label={`${count} out of 5 stars`}>
      {'★'.repeat(count)}
      <span className="stars__empty">{'★'.repeat(5 - count)}</span>
    </span>
  );
}

/**
 * Customer reviews (4 and 5 star, in English) in two layouts: a 140 px high strip on desktop and a 500 px
 * high scrolling list on mobile. CSS shows one layout at a time.
 */
export function Reviews() {
  return (
    <section className="reviews" aria-labelledby="reviews-title">
      <div className="container">
        <h2 id="reviews-title">What our housemates say</h2>
        {(['desktop', 'mobile'] as const).map((layout) => (
          <ul key={layout} className={`reviews__list reviews__list--${layout}`} tabIndex={0} aria-label={`Customer reviews (${layout} layout)`}>
            {REVIEWS.map((review) => (
              <li key={review.name} className="review">
                <Stars count={review.stars} />
                <p>“{review.text}”</p>
                <p className="review__name">{review.name}</p>
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
