/**
 * `porchlight/client`'s `createChatClient`: the client with its settings checked for the page. Its
 * own module, so that the widget's entries (which check their settings their own way, the script
 * tag not at all) do not carry the check in their first open.
 */
import { unknownSettingKeys } from '../state/settings.ts';
import { createChatClient as createUncheckedChatClient } from './client.ts';
import type { ChatClient, ChatClientOptions } from './types.ts';

/**
 * Tells the page of the settings it gave that name none (a typo it would otherwise never hear of):
 * one `error` `{type: 'config'}` naming them, once start-up is done, so a listener added right
 * after the call hears it. The console stays quiet.
 */
export function reportUnknownSettings(client: Pick<ChatClient, 'ready' | 'reportError'>, names: readonly string[]): void {
  if (names.length) void client.ready.then(() => client.reportError({ type: 'config', message: `Porchlight: no such setting: ${names.join(', ')}` }));
}

/**
 * A live chat with the service, without a UI: the models, and the policy between them — which tab
 * leads, when to poll and push, when to sign in, unread counting, start-up and teardown. A key of
 * `settings` that names no setting is one `error` `{type: 'config'}` once start-up is done.
 * @throws when `settings.projectid` is missing.
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const client = createUncheckedChatClient(options);
  reportUnknownSettings(client, unknownSettingKeys(options.settings));
  return client;
}
