import { useWidget } from './context.ts';
import poweredByCss from './PoweredBy.css?inline';
import { SafeHtml } from './SafeHtml.tsx';

/**
 * The project's `poweredBy` line under the conversation: the service's HTML, sanitised (SafeHtml
 * waits for DOMPurify anyway). A view loaded on demand with its styles: most projects set none.
 */
export function PoweredBy({ html }: { html: string }) {
  const widget = useWidget();
  widget.adoptCss(poweredByCss);
  return (
    <footer class="powered-by">
      <SafeHtml html={html} />
    </footer>
  );
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default PoweredBy;
