/** `pt-BR` → `pt`, `ar_EG` → `ar`. */
export function baseLanguage(tag: string): string {
  return (tag || 'en').toLowerCase().split(/[-_]/)[0] || 'en';
}
