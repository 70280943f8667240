/**
 * The pre-chat form: `preChatForm` asks for name and email; `preChatFormJson` (when set) defines
 * the fields, as the service's dashboard writes them: `{name, type: text|textarea|checkbox|static,
 * mandatory, label, errorLabel, regex}`. Labels are label keys, plain text, or `{lang: text}`.
 */
import { EMAIL_ADDRESS } from './emailAddress.ts';

export type PreChatFieldType = 'text' | 'textarea' | 'checkbox' | 'static';

export interface PreChatField {
  name: string;
  type: PreChatFieldType;
  mandatory: boolean;
  label: unknown;
  errorLabel: unknown;
  pattern: RegExp | null;
}

/** The pre-chat form's answers, by field name (`submitPreChat`). */
export type PreChatValues = Record<string, string | boolean>;

const MAX_PATTERN = 500;
const MAX_VALUE = 500;

/** A regex from the service, `/…/flags` or bare; never one that is too long to be a sane field check. */
export function compilePattern(source: unknown): RegExp | null {
  if (typeof source !== 'string' || !source || source.length > MAX_PATTERN) return null;
  const literal = /^\/(.*)\/([gimsuy]*)$/s.exec(source);
  try {
    return literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, '')) : new RegExp(source);
  } catch {
    return null;
  }
}

export const DEFAULT_FIELDS: PreChatField[] = [
  { name: 'userFullname', type: 'text', mandatory: true, label: 'LABEL_FIELD_NAME', errorLabel: 'LABEL_ERROR_FIELD_NAME', pattern: null },
  { name: 'userEmail', type: 'text', mandatory: true, label: 'LABEL_FIELD_EMAIL', errorLabel: 'LABEL_ERROR_FIELD_EMAIL', pattern: EMAIL_ADDRESS },
];

export function parseFields(json: unknown): PreChatField[] {
  let list = json;
  if (typeof json === 'string') {
    try {
      list = JSON.parse(json);
    } catch {
      return DEFAULT_FIELDS;
    }
  }
  if (!Array.isArray(list) || !list.length) return DEFAULT_FIELDS;
  const fields = list.slice(0, 20).flatMap((raw, index): PreChatField[] => {
    if (!raw || typeof raw !== 'object') return [];
    const f = raw as Record<string, unknown>;
    const type = (['text', 'textarea', 'checkbox', 'static'] as const).find((t) => t === f.type);
    if (!type) return [];
    const name = typeof f.name === 'string' && f.name ? f.name.slice(0, 60) : `field${index}`;
    const pattern = compilePattern(f.regex) ?? (name === 'userEmail' ? EMAIL_ADDRESS : null);
    return [{ name, type, mandatory: type !== 'static' && f.mandatory === true, label: f.label, errorLabel: f.errorLabel, pattern }];
  });
  return fields.length ? fields : DEFAULT_FIELDS;
}

/** Field name → error label key (or true for "required"), for the fields that do not pass. */
export function validate(fields: readonly PreChatField[], values: PreChatValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.type === 'static') continue;
    const value = values[field.name];
    const text = typeof value === 'string' ? value.trim().slice(0, MAX_VALUE) : '';
    const empty = field.type === 'checkbox' ? value !== true : !text;
    const errorKey = typeof field.errorLabel === 'string' && field.errorLabel ? field.errorLabel : 'LABEL_ERROR_FIELD_REQUIRED';
    if (empty) {
      if (field.mandatory) errors[field.name] = field.type === 'checkbox' || typeof field.errorLabel !== 'string' ? 'LABEL_ERROR_FIELD_REQUIRED' : errorKey;
      continue;
    }
    if (field.pattern && field.type !== 'checkbox' && !field.pattern.test(text)) errors[field.name] = errorKey;
  }
  return errors;
}
