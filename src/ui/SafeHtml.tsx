import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * HTML that comes from the service (the dashboard's `poweredBy`, the privacy-terms label):
 * sanitized by DOMPurify to a few inline tags with http(s) links, and inserted as a DOM fragment —
 * no `innerHTML` on our side, so Trusted Types pages need no policy of ours. DOMPurify is loaded
 * only when such HTML is shown (most windows never need it); until then nothing is rendered.
 */
const CONFIG = {
  ALLOWED_TAGS: ['a', 'b', 'strong', 'i', 'em', 'br', 'span', 'img'],
  ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'width', 'height'],
  ALLOWED_URI_REGEXP: /^https?:/i,
  RETURN_DOM_FRAGMENT: true as const,
};

export async function sanitizeToFragment(html: string, doc: Document): Promise<DocumentFragment> {
  const { default: DOMPurify } = await import('dompurify');
  const purify = DOMPurify(doc.defaultView ?? window);
  purify.addHook('afterSanitizeAttributes', (node: Element) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
  });
  return purify.sanitize(html, CONFIG);
}

export function SafeHtml({ html, class: className }: { html: string; class?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let current = true;
    void sanitizeToFragment(html, el.ownerDocument).then(
      (fragment) => current && el.replaceChildren(fragment),
      () => current && el.replaceChildren(),
    );
    return () => {
      current = false;
    };
  }, [html]);
  return <span ref={ref} class={className} />;
}
