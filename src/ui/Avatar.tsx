import { WidgetContext, type WidgetView } from './context.ts';

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
 * A photo that fails hides itself (the initials under it show); keyed by its address, another
 * photo is a new image, shown until it fails in turn.
 */
export function Avatar({ id, name, class: className = '' }: { id: string; name: string; class?: string }, { photoUrl }: WidgetView) {
  const src = id ? photoUrl(id) : '';
  return (
    <span class={`avatar ${className}`} aria-hidden="true">
      {initials(name)}
      {src && <img key={src} src={src} alt="" loading="lazy" referrerpolicy="no-referrer" onError={(e) => (e.currentTarget.hidden = true)} />}
    </span>
  );
}
Avatar.contextType = WidgetContext;
