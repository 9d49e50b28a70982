import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that wait on the wall clock for minutes (rounds of 5 s, a frozen process, a walk of every
 * page): started first, so that they run beside the short files instead of after them, when one
 * worker would be left alone with a long file at the end of the run.
 */
const LONG = [/soak\.test\.ts$/, /hindi-every-page\.test\.ts$/, /frozen-instance\.test\.ts$/, /backup-stream\.test\.ts$/];

const rank = (spec: TestSpecification) => {
  const i = LONG.findIndex((r) => r.test(spec.moduleId));
  return i < 0 ? LONG.length : i;
};

export default class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map((x) => x.spec);
  }
}
