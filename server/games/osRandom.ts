import { randomBytes, randomInt } from 'node:crypto';
import { checkRange, type RandomSource } from '../../domain/games';

/**
 * The engine's source in production: the OS generator. No player can predict a result or the
 * booster's gap from earlier rounds.
 */
export const osRandom: RandomSource = {
  int(n) {
    checkRange(n);
    return randomInt(n);
  },
  // 53 random bits, the precision of a double: 27 from one word and 26 from the next.
  unit() {
    const b = randomBytes(8);
    return ((b.readUInt32BE(0) >>> 5) * 2 ** 26 + (b.readUInt32BE(4) >>> 6)) / 2 ** 53;
  },
};
