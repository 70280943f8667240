// Compiled by `tsc` only (no page loads it): the declarations are real types, not `any`, and the
// internal modules are not part of the package. Each `@ts-expect-error` fails the check if the
// line below it type-checks.
import { mount, type MountSettings } from 'porchlight';
import { PorchlightElement } from 'porchlight/element';

const element = document.createElement('div');
// @ts-expect-error settings are required
mount(element);
// @ts-expect-error a setting of the wrong type
mount(element, { projectid: 42 });
const settings: MountSettings = { projectid: 'p', apiUrl: 'https://api.example.com/v3', themeColor: '#123456' };
const chat = mount(element, settings);
const unsubscribe: () => void = chat.on('open', () => {});
unsubscribe();
// @ts-expect-error not a command of the instance
chat.explode();
export const elementClass: typeof HTMLElement = PorchlightElement;
// @ts-expect-error internal modules are not exported
export type Internal = typeof import('porchlight/dist-npm/index.js');

// Issue 23 §3: settings are one closed type, every type a consumer needs is exported, and nothing
// internal of the headless client is reachable.
import type { VisitorDetails, WidgetEventName as EventName } from 'porchlight';
import { createChatClient, type ChatClient, type ConversationModel, type ReadonlySignal, type UiModel } from 'porchlight/client';
import { Porchlight, type ChatListener, type PorchlightProps, type WidgetEventName } from 'porchlight/react';
import { createElement } from 'react';

// @ts-expect-error a key that is no setting (themeColor)
mount(element, { projectid: 'p', themeColour: 'red' });
// @ts-expect-error the same for the React wrapper's props
export const reactProps: PorchlightProps = { projectid: 'p', themeColour: 'red' };
export const reactElement = createElement(Porchlight, { projectid: 'p', themeColor: '#123456' });
export const visitor: VisitorDetails = { fullname: 'Ada', email: 'ada@example.com' };
export const listener: ChatListener<'unread:change'> = (count: number) => void count;
export const eventNames: Array<WidgetEventName | EventName> = ['open', 'unread:change'];

export function headless(client: ChatClient): void {
  const conversation: ConversationModel = client.conversation;
  const ui: UiModel = client.ui;
  const isOpen: ReadonlySignal<boolean> = ui.isOpen;
  const unread: number = client.unreadCount;
  // @ts-expect-error the client's own: a UI never takes over the outbox
  conversation.takeOver();
  // @ts-expect-error nor reaches the session's authorised calls
  void client.session.authorized(async () => 1);
  // @ts-expect-error signals are read-only
  ui.isOpen.value = true;
  // @ts-expect-error a signal's value has its own type, never `any`
  const wrong: ReadonlySignal<number> = client.conversation.requestId;
  void [isOpen, unread, wrong, createChatClient];
}

// Issue 23 §3: the Vue component's types are written out, with no `any` of Vue's in them.
import { Porchlight as VuePorchlight, type PorchlightProps as VueProps } from 'porchlight/vue';
import type { ChatMessage as EventMessage } from 'porchlight';

// @ts-expect-error a key that is no setting, as a Vue prop
export const vueProps: VueProps = { projectid: 'p', themeColour: 'red' };
export const vueListener: VueProps['onInstance'] = (instance) => void instance?.open();
type VuePublicInstance = InstanceType<typeof VuePorchlight>;
// @ts-expect-error the root element is the component's <div>, not `any`
export const vueRoot: number = null as unknown as VuePublicInstance['$el'];
// @ts-expect-error a prop's type is the setting's, not `any`
export const vueTitle: number = null as unknown as VuePublicInstance['$props']['widgetTitle'];
// The `message:*` events carry the shape of `conversation.messages`.
export const sentText = (message: EventMessage): string => `${message.senderName}: ${message.text}`;
// @ts-expect-error a key that is no setting, in the headless client's settings too
export const typoClient = () => createChatClient({ settings: { projectid: 'p', themeColour: 'red' } });
