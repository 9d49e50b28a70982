/** The seven games of the live consoles, with the spec's ids. */
export const GAMES = [
  { gameId: 'MNOQqWWi', gameName: 'Fun Target', nodigit: 10, time: 60 },
  { gameId: 'vwRORrGO', gameName: 'Fun Roullet', nodigit: 38, time: 60 },
  { gameId: 'zuuhVbBM', gameName: 'Triple Fun', nodigit: 1000, time: 120 },
  { gameId: 'qZicXikM', gameName: 'Andhar Bahar', nodigit: 13, time: 60 },
  { gameId: 'qZicXikT', gameName: 'Titli Sorrat', nodigit: 12, time: 60 },
  { gameId: 'qZicXibb', gameName: 'Bingo', nodigit: 25, time: 60 },
  { gameId: 'acqOpdff', gameName: 'Fun Timer', nodigit: 10, time: 60 },
] as const;

