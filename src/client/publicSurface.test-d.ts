// Type tests of `porchlight/client`'s published surface, checked by `tsc` (`npm run lint`), never
// run: each `@ts-expect-error` fails the check the day the line below it compiles, that is the day
// an internal of the models is reachable again, or a signal writable, from a UI.
/* eslint-disable @typescript-eslint/no-unsafe-call -- the calls below are meant not to resolve: that is what is tested */
import { createChatClient, type ChatClient, type ReadonlySignal } from './index.ts';

export function internalsAreNotPublished(client: ChatClient): void {
  // @ts-expect-error the leading tab's takeover of a closed tab's outbox is the client's own
  client.conversation.takeOver();
  // @ts-expect-error messages pushed by the socket or another tab go through the client only
  client.conversation.receive([]);
  // @ts-expect-error restoring from storage is start-up's
  void client.conversation.restore();
  // @ts-expect-error forgetting the visitor is `reset`/`logout`
  void client.conversation.forget();
  // @ts-expect-error the client disposes its models (`client.dispose`)
  client.conversation.dispose();
  // @ts-expect-error authorised calls are the client's
  void client.session.authorized(async () => 1);
  // @ts-expect-error the window opens through `open`, never around it
  client.ui.setOpen(true);
  // @ts-expect-error a UI reads the chat's signals and never writes them
  client.conversation.requestId.value = 'x';
  // @ts-expect-error not even the launcher's count
  client.unread.value = 0;
}

export function signalsHaveConcreteTypes(client: ChatClient): void {
  const requestId: ReadonlySignal<string | null> = client.conversation.requestId;
  // @ts-expect-error a signal's value is its own type, never `any`
  const wrong: ReadonlySignal<number> = client.conversation.requestId;
  const count: number = client.unreadCount;
  void [requestId, wrong, count];
}

export function settingsAreClosed(): void {
  createChatClient({ settings: { projectid: 'p', themeColor: '#123456', jwt: null } });
  // @ts-expect-error a misspelt setting (themeColor) does not compile
  createChatClient({ settings: { projectid: 'p', themeColour: 'red' } });
  // @ts-expect-error a setting of the wrong type does not compile either
  createChatClient({ settings: { projectid: 'p', nativeRating: 'yes' } });
}
