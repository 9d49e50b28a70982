/** The static landing page's content: six games and fixed recent winners (a marketing page, no live data). */
export const LANDING_GAMES = [
  { name: 'Lucky 12 Coupon', color: '#e65100' },
  { name: 'Lucky 16', color: '#6a1b9a' },
  { name: 'Triple Chance', color: '#1565c0' },
  { name: 'Roulette', color: '#2e7d32' },
  { name: 'DusKaDum', color: '#c62828' },
  { name: 'Lucky 10 Coupon', color: '#00838f' },
] as const;

export const RECENT_WINNERS = [
  { name: 'Rahul S.', game: 'Lucky 12 Coupon', amount: 1200 },
  { name: 'Priya K.', game: 'Roulette', amount: 3600 },
  { name: 'Amit P.', game: 'Triple Chance', amount: 9000 },
  { name: 'Neha M.', game: 'Lucky 16', amount: 800 },
] as const;
