// Smart mode's search run over an exact score function, with every quality it probed, in order.
import { lowestReaching } from '#codec-core/modes/lowest-reaching';

export async function reach(scoreAt: (q: number) => number, target: number, lo = 10, hi = 80) {
  const probed: number[] = [];
  const answer = await lowestReaching(
    async (q) => {
      probed.push(q);
      return scoreAt(q);
    },
    target,
    lo,
    hi,
  );
  return { answer, probed };
}
