import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The SQL functions of the money path (td_move, td_bet_batch, …), one file each in functions/, each
 * the function's current body: applied with CREATE OR REPLACE after every migration run, so a
 * function is read and changed in one place. The migrations keep the bodies they had when they ran
 * (history); a function's signature or return type that changes needs a migration that drops the
 * old one first, since CREATE OR REPLACE cannot change those.
 */
export const FUNCTIONS_DIR = fileURLToPath(new URL('./functions', import.meta.url));

/** The triggers that call those functions, one file each (CREATE OR REPLACE TRIGGER), applied after them. */
export const TRIGGERS_DIR = fileURLToPath(new URL('./triggers', import.meta.url));

const statementsIn = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => readFileSync(`${dir}/${f}`, 'utf8'));

/** The statements, one per function, in file name order (plpgsql bodies resolve names when called). */
export const functionStatements = (dir = FUNCTIONS_DIR): string[] => statementsIn(dir);

/** What every migration run ends with: the functions' current bodies, then the triggers that call them. */
export const programStatements = (): string[] => [...functionStatements(), ...statementsIn(TRIGGERS_DIR)];
