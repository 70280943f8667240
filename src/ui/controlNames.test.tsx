import { fireEvent, within } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { defaultLabels } from '../../demo/server/defaultLabels.ts';
import { labelTexts } from '../i18n/translator.ts';
import { widgetHarness } from '../test/mountForTest.ts';
import { until } from '../test/fakeFetch.ts';

/**
 * Every control of the widget has its own accessible name in every state, whatever the service's
 * labels say: the service's stock label set (docs/service.md §5: 92 keys; the demo ships it in
 * demo/server/defaultLabels.ts) in every language the demo serves, the stock texts the reference
 * server is known to ship for the header ("Close chat" for CLOSE_CHAT), and a hostile set that gives
 * every label the same text.
 */
const harness = widgetHarness();

// A menu is named by its button (the menu button pattern): its items are the controls counted.
const ROLES = ['button', 'textbox', 'radio', 'checkbox', 'dialog', 'alertdialog', 'log', 'radiogroup', 'group', 'region', 'menuitem'] as const;
/** Named by what the service or agent sent (quick replies, departments, cards): not ours to name. */
const CONTENT = new Set(['Buy the lamp', 'Buy the chair', 'Track my order', 'Sales', 'Support']);

type Ui = ReturnType<ReturnType<typeof widgetHarness>['start']>['ui'];

/** The accessible names of every visible control, in document order. */
function controlNames(ui: Ui): string[] {
  const names: string[] = [];
  for (const role of ROLES) {
    // Testing Library computes each accessible name (dom-accessibility-api) and hands it to a matcher.
    const found: string[] = [];
    ui.queryAllByRole(role, { name: (accessibleName: string) => (found.push(accessibleName.trim()), true) });
    for (const name of found) {
      // Unnamed groups and regions are plain containers; every other control must have a name.
      if (!name && (role === 'group' || role === 'region')) continue;
      if (CONTENT.has(name)) continue;
      names.push(name || `(unnamed ${role})`);
    }
  }
  return names;
}

function expectUnique(ui: Ui, root: ShadowRoot, state: string) {
  const names = controlNames(ui);
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  expect({ state, unnamed: names.filter((n) => n.startsWith('(unnamed')), repeated }).toEqual({ state, unnamed: [], repeated: [] });
  // No image the widget draws tells its host the page's address.
  for (const img of Array.from(root.querySelectorAll('img'))) expect(img.getAttribute('referrerpolicy'), img.outerHTML).toBe('no-referrer');
}

const stock = defaultLabels();
const LABEL_SETS: Array<{ name: string; lang: string; data: Record<string, string> }> = [
  ...stock.map((entry) => ({ name: `stock ${entry.lang}`, lang: entry.lang.toLowerCase(), data: labelTexts(entry.data) ?? {} })),
  {
    name: 'stock EN with the reference server’s header texts',
    lang: 'en',
    data: {
      ...(labelTexts(stock[0]!.data) ?? {}),
      CLOSE_CHAT: 'Close chat',
      CONFIRM_CLOSE_CHAT: 'Are you sure you wanna close this chat?',
      MINIMIZE: 'Minimize',
      BUTTON_CLOSE_TO_ICON: 'Minimize chat',
      CLOSE: 'Close',
      SUBMIT: 'Send',
    },
  },
  { name: 'every label the same text', lang: 'en', data: Object.fromEntries(Object.keys(stock[0]!.data).map((key) => [key, 'Close chat'])) },
];

const GALLERY = {
  type: 'gallery',
  gallery: [
    { preview: { src: 'https://cdn.example.com/lamp.png' }, title: 'Lamp', buttons: [{ type: 'text', value: 'Buy the lamp' }] },
    { preview: { src: 'https://cdn.example.com/chair.png' }, title: 'Chair', buttons: [{ type: 'text', value: 'Buy the chair' }] },
  ],
};

/** An upload the service answers with a 500. */
class RefusedUpload {
  status = 500;
  responseText = '{}';
  upload: { onprogress: unknown } = { onprogress: null };
  withCredentials = false;
  onload: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  getResponseHeader() {
    return null;
  }
  abort() {}
  send() {
    setTimeout(() => this.onload?.(), 0);
  }
}

describe('unique accessible names under the service’s stock labels', () => {
  it('every language the demo serves ships the full stock key set', () => {
    const keys = Object.keys(stock[0]!.data);
    expect(keys).toHaveLength(92);
    for (const entry of stock) expect(Object.keys(entry.data).sort(), entry.lang).toEqual([...keys].sort());
  });

  for (const set of LABEL_SETS) {
    it(`${set.name}: departments, pre-chat form, conversation, uploads, gallery, viewer, confirm, rating`, async () => {
      const service = harness.service;
      service.setLabels(set.lang.toUpperCase(), set.data);
      service.setWidgets({
        project: {
          _id: 'p',
          name: 'Shop',
          widget: {
            preChatForm: true,
            allowTranscriptDownload: true,
            baloonImage: 'https://cdn.example.com/balloon.png',
            logoChat: 'https://cdn.example.com/logo.png',
          },
        },
        departments: [
          { _id: 'd0', name: 'Default', default: true, status: 1 },
          { _id: 'd1', name: 'Sales', status: 1 },
          { _id: 'd2', name: 'Support', status: 1 },
        ],
      });
      service.setFault((call) => {
        if (call.method === 'PUT' && call.path.endsWith('/closeg')) return { body: { status: 1000 } };
        if (call.method === 'PATCH' && call.path.endsWith('/rating')) return { body: { rating: 4 } };
        return undefined;
      });
      const { ui, widget, root } = start(set.lang);
      await until(() => expect(service.calls.some((c) => c.path.includes('/labels/'))).toBe(true));

      // Closed: the launcher (and its image) only, once its look is shown.
      await until(() => expect(controlNames(ui)).toHaveLength(1));
      widget.open();

      // The visitor writes first; the pre-chat form then comes as a card in the thread, then the departments.
      await until(() => expect(root.querySelector('[part~="input"]')).toBeTruthy());
      const composer = root.querySelector<HTMLTextAreaElement>('[part~="input"]')!;
      fireEvent.input(composer, { target: { value: 'Hello' } });
      fireEvent.keyDown(composer, { key: 'Enter' });
      await until(() => expect(root.querySelector('[part~="prechat-form"]')).toBeTruthy());
      expectUnique(ui, root, 'prechat');
      const [nameField, emailField] = within(root.querySelector<HTMLElement>('[part~="prechat-form"]')!).getAllByRole<HTMLInputElement>('textbox');
      fireEvent.input(nameField!, { target: { value: 'Ada Lovelace' } });
      fireEvent.input(emailField!, { target: { value: 'ada@example.com' } });
      fireEvent.click(ui.getAllByRole('button').find((b) => b.getAttribute('type') === 'submit')!);
      await until(() => expect(ui.getByRole('button', { name: 'Support' })).toBeTruthy());
      expectUnique(ui, root, 'departments');
      fireEvent.click(ui.getByRole('button', { name: 'Support' }));

      // The conversation, with a gallery, an image and quick replies from the agent.
      await until(() => expect(ui.queryByRole('log')).toBeTruthy());
      await widget.sendMessage('Where is my order?');
      const rid = [...service.messages.keys()][0]!;
      service.agentSays(rid, 'Pick one', { attributes: { attachment: GALLERY } });
      service.agentSays(rid, '', { type: 'image', metadata: { src: 'https://cdn.example.com/photo.png', width: 300, height: 200, name: 'photo.png' } });
      service.agentSays(rid, 'Anything else?', { attributes: { attachment: { buttons: [{ type: 'text', value: 'Track my order' }] } } });
      // The widget looks at once when the network comes back, instead of at the next poll (2 s):
      // what is checked here is names, not the schedule (poller.test.ts).
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
      await until(() => expect(ui.getAllByRole('button', { name: /photo/ })).toHaveLength(1));
      await until(() => expect(ui.getByRole('button', { name: 'Track my order' })).toBeTruthy());
      expectUnique(ui, root, 'conversation with gallery');

      // An upload the service refuses: the item offers retry and dismiss.
      const file = new File(['x'.repeat(10)], 'notes.pdf', { type: 'application/pdf' });
      vi.stubGlobal('XMLHttpRequest', RefusedUpload);
      const fileInput = root.querySelector('input[type=file]') as HTMLInputElement;
      fireEvent.change(fileInput, { target: { files: [file] } });
      await until(() => expect(ui.getAllByRole('alert').length).toBeGreaterThan(0));
      expectUnique(ui, root, 'uploads');

      // The image viewer over the conversation.
      fireEvent.click(ui.getByRole('button', { name: /photo/ }));
      await until(() => expect(ui.getAllByRole('dialog')).toHaveLength(2));
      expectUnique(ui, root, 'viewer');
      fireEvent.keyDown(ui.getAllByRole('dialog')[1]!, { key: 'Escape' });
      await until(() => expect(ui.getAllByRole('dialog')).toHaveLength(1));

      // Ending: the confirmation, then the rating.
      // The header's options menu: save the conversation (allowTranscriptDownload), then end it.
      fireEvent.click(ui.getAllByRole('button').find((b) => b.getAttribute('aria-haspopup') === 'menu')!);
      await until(() => expect(ui.getAllByRole('menuitem')).toHaveLength(2));
      expectUnique(ui, root, 'options menu');
      fireEvent.click(ui.getAllByRole('menuitem').pop()!);
      await until(() => expect(ui.getByRole('alertdialog')).toBeTruthy());
      const confirm = ui.getByRole('alertdialog');
      expectUnique(ui, root, 'confirm');
      const [, yes] = within(confirm).getAllByRole('button');
      fireEvent.click(yes!);
      await until(() => expect(ui.getAllByRole('radio')).toHaveLength(5));
      expectUnique(ui, root, 'rating');
    }, 20_000);
  }

  function start(lang: string) {
    return harness.start({ lang, persistence: 'none' });
  }
});
