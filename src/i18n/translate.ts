import { en } from './en';

/**
 * A dependency-free translate over the same messages, for the screens shown before
 * react-admin loads (login, signup, landing): keeps ra-core out of the login bundle.
 */
type Vars = Record<string, string | number> & { _?: string };

const lookup = (key: string): string | undefined => {
  let node: unknown = en;
  for (const part of key.split('.')) {
    if (node && typeof node === 'object' && part in node) node = (node as Record<string, unknown>)[part];
    else return undefined;
  }
  return typeof node === 'string' ? node : undefined;
};

export const interpolate = (text: string, vars: Vars = {}): string =>
  text.replace(/%\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));

export function translate(key: string, vars: Vars = {}): string {
  return interpolate(lookup(key) ?? vars._ ?? key, vars);
}

/** Every leaf of the messages as [key, text]. */
function leaves(node: unknown, prefix: string, out: [string, string][]): [string, string][] {
  if (typeof node === 'string') out.push([prefix, node]);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

let patterns: { key: string; re: RegExp; names: string[] }[] | null = null;

/**
 * Domain rules (domain/*.ts) return English text so the server can answer with it too.
 * The client finds the message key whose text matches, so a locale other than English
 * can still replace it; an unknown text is shown as is.
 */
export function keyOfMessage(text: string): { key: string; vars: Record<string, string> } | null {
  patterns ??= leaves(en, '', []).map(([key, msg]) => {
    const names: string[] = [];
    const source = msg
      .split(/(%\{\w+\})/)
      .map((part) => {
        const m = /^%\{(\w+)\}$/.exec(part);
        if (m) {
          names.push(m[1]);
          return '(.+?)';
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('');
    return { key, re: new RegExp(`^${source}$`), names };
  });
  for (const p of patterns) {
    const m = p.re.exec(text);
    if (m) return { key: p.key, vars: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}
