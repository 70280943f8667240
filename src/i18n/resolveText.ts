/**
 * Reads a text from the widget's resource bundles exactly as i18next would (our configuration:
 * `fallbackLng: 'en'`, no escaping, `skipOnVariables`, `_` plural suffixes from `Intl.PluralRules`),
 * for the shapes the widget's own texts take: keys of letters, digits and `_`, templates whose only
 * markup is `{{variable}}`. It lets the first paint show i18next's texts before i18next itself has
 * been downloaded (translator.ts loads it at idle); `resolveText.test.ts` proves both give the same
 * string for every key of every shipped locale. Anything else (nesting `$t(…)`, formats, paths,
 * i18next's own options) is answered as well as this can, with `exact: false`: the caller then asks
 * for i18next and shows its answer once it is there.
 */
export type Bundles = Record<string, Record<string, string> | undefined>;

export interface ResolvedText {
  text: string;
  /** False: i18next might answer differently; the text is the best guess meanwhile. */
  exact: boolean;
}

const PLAIN_KEY = /^\w+$/;
const VARIABLE = /{{(.+?)}}/g;
const PLAIN_VARIABLE = /^\w+$/;
/** Options that change i18next's lookup or output; the widget passes none of them. */
const ENGINE_OPTIONS = new Set([
  'lng',
  'lngs',
  'ns',
  'context',
  'ordinal',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'replace',
  'postProcess',
  'interpolation',
  'skipInterpolation',
  'keySeparator',
  'nsSeparator',
  'joinArrays',
  'fallbackLng',
  'missingInterpolationHandler',
  'nest',
]);

const own = (bundle: Record<string, string> | undefined, key: string): string | undefined =>
  bundle && Object.prototype.hasOwnProperty.call(bundle, key) ? bundle[key] : undefined;

function pluralSuffix(code: string, count: unknown): string {
  try {
    return `_${new Intl.PluralRules(code).select(count as number)}`;
  } catch {
    // An odd language tag: i18next falls back to the same rule set without it.
    return `_${new Intl.PluralRules('en').select(count as number)}`;
  }
}

/** i18next's `Interpolator.interpolate` with `escapeValue: false` and `skipOnVariables: true`. */
function interpolate(template: string, options: Record<string, unknown>): ResolvedText {
  let text = template;
  let exact = true;
  const pattern = new RegExp(VARIABLE.source, 'g');
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text))) {
    const name = (match[1] ?? '').trim();
    if (!PLAIN_VARIABLE.test(name)) exact = false;
    const raw = options[name];
    // i18next reads a truthy inherited property (`toString`) as missing.
    const value = raw && !Object.prototype.hasOwnProperty.call(options, name) ? undefined : raw;
    let replacement: string;
    if (value === undefined) {
      if (!Object.prototype.hasOwnProperty.call(options, name)) continue;
      replacement = '';
    } else {
      // i18next's `makeString`: an object becomes "[object Object]" there too.
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      replacement = typeof value === 'string' ? value : value === null ? '' : String(value);
    }
    const whole = match[0];
    text = text.replace(whole, () => replacement);
    pattern.lastIndex += replacement.length - whole.length;
  }
  return { text, exact };
}

export function resolveText(bundles: Bundles, language: string, key: string, options: Record<string, unknown> = {}): ResolvedText {
  let exact = PLAIN_KEY.test(key) && !Object.keys(options).some((name) => ENGINE_OPTIONS.has(name));
  const plural = options.count !== undefined && typeof options.count !== 'string';
  const codes = language === 'en' ? ['en'] : [language, 'en'];
  let found: string | undefined;
  for (const code of codes) {
    const bundle = bundles[code];
    // Tried last to first, as i18next pops them: `_zero` for 0, then the plural form, then the key.
    const candidates = [key];
    if (plural) {
      candidates.push(key + pluralSuffix(code, options.count));
      if (options.count === 0) candidates.push(`${key}_zero`);
    }
    for (const candidate of candidates.reverse()) {
      const value = own(bundle, candidate);
      if (value !== undefined && value !== null) {
        found = value;
        break;
      }
    }
    if (found !== undefined) break;
  }
  const template = found ?? key;
  if (template.includes('$t(')) exact = false;
  const result = interpolate(template, options);
  return { text: result.text, exact: exact && result.exact };
}
