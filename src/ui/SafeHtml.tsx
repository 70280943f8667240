import DOMPurify from 'dompurify';
import { useLayoutEffect, useRef } from 'preact/hooks';

/**
 * HTML that comes from the service (the dashboard's `poweredBy`, the privacy-terms label):
 * sanitized by DOMPurify to a few inline tags with http(s) links, and inserted as a DOM fragment —
 * no `innerHTML` on our side, so Trusted Types pages need no policy of ours.
 */
const CONFIG = {
  ALLOWED_TAGS: ['a', 'b', 'strong', 'i', 'em', 'br', 'span', 'img'],
  ALLOWED_ATTR: ['href', 'title', 'src', 'alt', 'width', 'height'],
  ALLOWED_URI_REGEXP: /^https?:/i,
  RETURN_DOM_FRAGMENT: true as const,
};

export function sanitizeToFragment(html: string, doc: Document): DocumentFragment {
  const purify = DOMPurify(doc.defaultView ?? window);
  const hook = (node: Element) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
  };
  purify.addHook('afterSanitizeAttributes', hook);
  try {
    return purify.sanitize(html, CONFIG);
  } finally {
    purify.removeAllHooks();
  }
}

export function SafeHtml({ html, class: className }: { html: string; class?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.replaceChildren(sanitizeToFragment(html, el.ownerDocument));
  }, [html]);
  return <span ref={ref} class={className} />;
}
