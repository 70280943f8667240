import { useState } from 'preact/hooks';
import { useWidget } from './context.ts';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => [...p][0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A person's face: their photo where the service has one, their initials when it has none (the
 * image fails) or the id is unknown. Decorative: the name is always said in text beside it.
 */
export function Avatar({ id, name, class: className = '' }: { id: string; name: string; class?: string }) {
  const { photoUrl } = useWidget();
  const [failed, setFailed] = useState<string | null>(null);
  const src = id ? photoUrl(id) : '';
  return (
    <span class={`avatar ${className}`} aria-hidden="true">
      {initials(name)}
      {src && failed !== src && <img src={src} alt="" loading="lazy" referrerpolicy="no-referrer" onError={() => setFailed(src)} />}
    </span>
  );
}
