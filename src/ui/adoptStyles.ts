/**
 * Puts our stylesheet into the shadow root without any inline `<style>` where the browser has
 * constructable stylesheets (they are not subject to `style-src`, so a strict CSP is fine).
 * Older browsers get a `<style>` carrying the page's nonce.
 */
export function adoptStyles(root: ShadowRoot, cssText: string, nonce: string): () => void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    try {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(cssText);
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
      return () => {
        root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
      };
    } catch {
      // fall through to the element
    }
  }
  const style = root.ownerDocument.createElement('style');
  if (nonce) style.nonce = nonce;
  style.textContent = cssText;
  // After our earlier sheets (a view's own file overrides the shared ones), before the content.
  const last = [...root.querySelectorAll(':scope > style')].pop();
  if (last) last.after(style);
  else root.prepend(style);
  return () => style.remove();
}
