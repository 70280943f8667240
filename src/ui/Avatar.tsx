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
 * A photo that fails hides itself (the initials under it show) and is not asked for again while the
 * widget lives (`missingPhotos`): the same face appears in the header, the welcome, the home screen
 * and beside every run of messages. Keyed by its address, another photo is a new image.
 */
export function Avatar({ id, name, class: className = '' }: { id: string; name: string; class?: string }) {
  const { photoUrl, missingPhotos } = useWidget();
  const src = id ? photoUrl(id) : '';
  return (
    <span class={`avatar ${className}`} aria-hidden="true">
      {initials(name)}
      {src && !missingPhotos.has(src) && (
        <img
          key={src}
          src={src}
          alt=""
          loading="lazy"
          referrerpolicy="no-referrer"
          onError={(e) => {
            missingPhotos.add(src);
            e.currentTarget.hidden = true;
          }}
        />
      )}
    </span>
  );
}
