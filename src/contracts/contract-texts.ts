// The contracts' English texts (zod messages, message tables) are plain strings, some built from
// values (`${label} is required`, `Only ${left} tickets are left`). Their catalog holds each as
// an ICU message with placeholders (scripts/lingui-contracts-extractor.mjs); this matches a text
// back to its message and values, so the server and the web can say it in another language.
// Decision 049.

type Values = Record<string, string | number>;

/** Says a catalog message (its id is the English source) with values, in the active language. */
type Say = (id: string, values: Values) => string;

type Template = { id: string; pattern: RegExp; names: string[]; fixed: number };

const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const unescapeIcu = (text: string) => text.replace(/'([{}])'/g, '$1');

function templateOf(id: string): Template | null {
  const names: string[] = [];
  let pattern = '';
  let fixed = 0;
  let last = 0;
  for (const match of id.matchAll(PLACEHOLDER)) {
    const literal = unescapeIcu(id.slice(last, match.index));
    pattern += escapeRegExp(literal) + '(.+?)';
    fixed += literal.length;
    names.push(match[1] ?? '');
    last = match.index + match[0].length;
  }
  if (names.length === 0) return null;
  const tail = unescapeIcu(id.slice(last));
  return {
    id,
    pattern: new RegExp(`^${pattern}${escapeRegExp(tail)}$`, 's'),
    names,
    fixed: fixed + tail.length,
  };
}

/**
 * A function that says a contracts text in the language `say` speaks: a text the catalog holds
 * as is, or one a template of it matches (its values said in that language too, numbers kept as
 * numbers for plurals). Any other text comes back unchanged.
 */
export function contractTextTranslator(ids: Iterable<string>, say: Say): (text: string) => string {
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const id of ids) {
    const template = templateOf(id);
    if (template) templates.push(template);
    else exact.set(unescapeIcu(id), id);
  }
  // The most specific template first: "{label} is required" must not take "Title is too long".
  templates.sort((a, b) => b.fixed - a.fixed);

  const translate = (text: string, depth: number): string => {
    const id = exact.get(text);
    if (id !== undefined) return say(id, {});
    if (depth > 1) return text;
    for (const template of templates) {
      const match = template.pattern.exec(text);
      if (!match) continue;
      const values: Values = {};
      template.names.forEach((name, i) => {
        const value = match[i + 1] ?? '';
        values[name] = /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : translate(value, depth + 1);
      });
      return say(template.id, values);
    }
    return text;
  };
  return (text) => translate(text, 0);
}
