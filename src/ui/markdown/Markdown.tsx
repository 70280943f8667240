import type { ComponentChildren } from 'preact';
import { useMemo } from 'preact/hooks';
import { safeLinkUrl } from '../../state/safeUrl.ts';
import { isEmojiOnly, parseMarkdown, type MdBlock, type MdInline } from './parseMarkdown.ts';

/**
 * Renders a hostile message as markdown. Every string from the tree is passed as a Preact child,
 * i.e. becomes a text node; no HTML string is ever built, so there is nothing to sanitise.
 */
export function Markdown({ text }: { text: string }) {
  const blocks = useMemo(() => parseMarkdown(text), [text]);
  const emojiOnly = useMemo(() => isEmojiOnly(text), [text]);
  return <div class={emojiOnly ? 'md emoji-only' : 'md'}>{blocks.map(renderBlock)}</div>;
}

function renderBlock(block: MdBlock, key: number) {
  switch (block.type) {
    case 'paragraph':
      return <p key={key}>{renderInlines(block.children)}</p>;
    case 'code':
      return (
        <pre key={key}>
          <code class={block.lang ? `language-${block.lang}` : undefined}>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{renderInlines(item)}</li>);
      return block.ordered ? (
        <ol key={key} start={block.start !== 1 ? block.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
  }
}

function renderInlines(nodes: MdInline[]): ComponentChildren {
  return nodes.map(renderInline);
}

function renderInline(node: MdInline, key: number): ComponentChildren {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'br':
      return <br key={key} />;
    case 'strong':
      return <strong key={key}>{renderInlines(node.children)}</strong>;
    case 'em':
      return <em key={key}>{renderInlines(node.children)}</em>;
    case 'strike':
      return <s key={key}>{renderInlines(node.children)}</s>;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'link': {
      // Checked again here: the tree is plain data and could come from somewhere other than our parser.
      const href = safeLinkUrl(node.href);
      if (!href) return renderInlines(node.children);
      // mailto:/tel: hand off to another app; a new browsing context would only leave an empty tab.
      const web = href.startsWith('http:') || href.startsWith('https:');
      return (
        <a key={key} href={href} target={web ? '_blank' : undefined} rel="noopener noreferrer">
          {renderInlines(node.children)}
        </a>
      );
    }
  }
}
