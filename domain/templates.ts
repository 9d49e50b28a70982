const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A stored text read back through the template that wrote it ('Bet on %{game} #%{draw}'): its
 * parameters, or null when the text is not of that template. Lets texts stored in English before
 * they were stored as codes be rendered in the reader's language.
 */
export function matchTemplate(template: string, text: string): Record<string, string> | null {
  const names: string[] = [];
  const pattern = escape(template).replace(/%\\\{(\w+)\\\}/g, (_m, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  const m = new RegExp(`^${pattern}$`, 's').exec(text);
  return m ? Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])) : null;
}

/** The first template of a catalogue a text matches: its code and parameters. */
export function matchCatalogue<K extends string>(templates: Record<K, string>, text: string): { code: K; params: Record<string, string> } | null {
  for (const code of Object.keys(templates) as K[]) {
    const params = matchTemplate(templates[code], text);
    if (params) return { code, params };
  }
  return null;
}
