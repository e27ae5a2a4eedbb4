/** What each plan means for the house, in a sentence (the quote page and the agent portal's Bills package). */
export const PLAN_SUMMARIES: Record<string, string> = {
  GREENSAVER: 'Our most popular plan: a fixed share with an energy allowance sized for a typical house like yours.',
  LITE: 'The lowest fixed share, with a smaller energy allowance for a careful house.',
  UNLIMITED: 'No allowance to watch: your share stays the same however much energy the house uses, within fair use.',
};
