import { ESLint } from 'eslint';

/** The lint step's import boundaries refuse what they exist to refuse (a rule that never fires proves nothing). */
describe('import boundaries', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const errorsOf = async (code: string, filePath: string) =>
    (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === '@typescript-eslint/no-restricted-imports');

  it('keep the server out of the client, the client out of the server and both out of domain/', async () => {
    expect(await errorsOf(`import { buildApp } from '../server/app';\nexport const x = buildApp;\n`, 'src/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { en } from '../../src/i18n/en';\nexport const x = en;\n`, 'server/games/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n`, 'domain/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { move } from '../server/credit/ledger';\nexport const x = move;\n`, 'domain/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { TIERS } from '../resources.config';\nexport const x = TIERS;\n`, 'domain/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { winCents } from '../../domain/games';\nexport const x = winCents;\n`, 'server/games/x.ts')).toHaveLength(0);
    // The client's calls read the endpoint declarations' types: a type import passes, a value import of the same file does not.
    expect(await errorsOf(`import type { REPORT_ENDPOINTS } from '../server/reports/endpoints';\nexport type X = typeof REPORT_ENDPOINTS;\n`, 'src/x.ts')).toHaveLength(0);
    expect(await errorsOf(`import { REPORT_ENDPOINTS } from '../server/reports/endpoints';\nexport const x = REPORT_ENDPOINTS;\n`, 'src/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import { type REPORT_ENDPOINTS, reportQuery } from '../server/reports/endpoints';\nexport const x: typeof REPORT_ENDPOINTS | typeof reportQuery = reportQuery;\n`, 'src/x.ts')).toHaveLength(1);
    expect(await errorsOf(`import type { FastifyInstance } from 'fastify';\nexport type X = FastifyInstance;\n`, 'src/x.ts')).toHaveLength(1);
    // ESLint loads the whole typed config first: ~3 s alone, several times that on a busy machine.
  }, 60_000);
});
