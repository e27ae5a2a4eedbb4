const ADVANTAGES = [
  {
    title: 'Split liability',
    text: 'Each housemate is responsible only for their own share. If someone else does not pay, it never lands on you or your credit score.',
    icon: 'M12 3 4 7v6c0 4 3.4 7.4 8 8 4.6-.6 8-4 8-8V7z',
  },
  {
    title: 'One fixed monthly payment',
    text: 'Energy, water, broadband and TV licence in one payment that stays the same every month, so you can budget with confidence.',
    icon: 'M4 6h16v12H4zM4 10h16M8 15h3',
  },
  {
    title: 'Fast broadband, set up for you',
    text: 'Broadband from 400Mbps, with 600, 800 and 1000Mbps (1 GB) options, installed and ready for the whole house.',
    icon: 'M2 9a15 15 0 0 1 20 0M5 13a10 10 0 0 1 14 0M8.5 16.5a5 5 0 0 1 7 0M12 20h0',
  },
  {
    title: 'A real team to talk to',
    text: 'UK customer service Monday to Friday, 9am to 5pm, who handle suppliers, meter readings and moving out for you.',
    icon: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v5H4zM17 14h3v5h-3z',
  },
] as const;

export function Advantages() {
  return (
    <section className="advantages" aria-labelledby="advantages-title">
      <div className="container">
        <h2 id="advantages-title">Why housemates choose us</h2>
        <ul className="card-grid">
          {ADVANTAGES.map((advantage) => (
            <li key={advantage.title} className="card">
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false" className="card__icon">
                <path d={advantage.icon} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <h3>{advantage.title}</h3>
              <p>{advantage.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
