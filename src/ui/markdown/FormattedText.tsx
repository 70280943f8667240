import { useWidget } from '../context.ts';
import { Markdown } from './Markdown.tsx';
import markdownCss from './Markdown.css?inline';

/** A message's text formatted (the chunk with the markdown parser and its styles). */
export function FormattedText({ text }: { text: string }) {
  const widget = useWidget();
  widget.adoptCss(markdownCss);
  return <Markdown text={text} />;
}

/** Loaded on demand (lazyView.tsx): the view is the module's default export. */
export default FormattedText;
