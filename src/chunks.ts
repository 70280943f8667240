/**
 * Which code comes on demand in which chunk, declared once (plain data, paths from the repository's
 * root): vite.config.ts makes the chunks from it (`manualChunks`), and src/firstOpen.test.ts checks that
 * none of it is in a first open.
 *
 * A module that some code imports with `import()` and that is named nowhere here is a chunk of its
 * own, with what only it imports. The modules of one chunk below come in one request and one gzip
 * stream, whichever of them is asked for first: each stays loaded on demand where it is used.
 */
export const SHARED_CHUNKS = {
  /**
   * The client's code that a first open and send do not run: refused credentials, files, unread
   * replies, the later commands (a reset, a sign-in, a rating…), what a message retried or a
   * conversation left needs. Fetched at idle once the window is open (client/policy/prefetch.ts),
   * so it is there when the visitor needs it.
   */
  later: [
    'src/client/session/sessionRefusal.ts',
    'src/client/delivery/uploads.ts',
    'src/client/ui-state/attention.ts',
    'src/client/conversation/conversationLeave.ts',
    'src/api/requests.ts',
    'src/client/laterCommands.ts',
    'src/client/conversation/ratingRecall.ts',
    'src/client/conversation/identityFromMessages.ts',
    'src/state/identityUpdate.ts',
    'src/client/conversation/splitParts.ts',
    'src/client/conversation/messageRecovery.ts',
  ],
  /**
   * The clock of the message list's times and days (ChatState.clock): Intl's, and the names a device
   * keeps of it so that later page views write without Intl. Asked for once a window shows a
   * message; a first visit's first open has none. The home screen's times use Intl's too.
   */
  clock: ['src/client/ui-state/keptClock.ts', 'src/state/clockNames.ts', 'src/state/intlClock.ts'],
  /**
   * What only a returning visit runs (storage holds what an earlier page or another tab left):
   * fetched at start-up when storage shows it, never by a new visitor's first open and send.
   */
  returning: ['src/state/outboxRepair.ts', 'src/client/conversation/journalRecovery.ts'],
  /**
   * The push channel, for a project whose `realtime` setting names a socket; who is typing comes
   * with the first typing frame, which only the push channel brings.
   */
  realtime: ['src/client/live/realtime.ts', 'src/client/conversation/typing.ts', 'src/client/live/realtimeEndpoint.ts', 'src/api/socketUrl.ts'],
  /**
   * Chat21's push channel (issue 24): what push means for the chat (client/policy/chat21Link.ts,
   * with the rule that makes the setting an endpoint), the model, the token call and the rules only
   * it uses. Fetched at start-up by a page that names a broker (`mqttEndpoint`); most name none.
   */
  push: [
    'src/client/policy/chat21Link.ts',
    'src/client/live/chat21Push.ts',
    'src/api/chat21Token.ts',
    'src/api/chat21Topics.ts',
    'src/api/normalize/chat21.ts',
    'src/state/pushPolicy.ts',
  ],
  /**
   * The MQTT client of that channel, once the service has given a Chat21 token: a deployment
   * without Chat21 refuses the token call, and its visitors never download it.
   */
  mqtt: ['src/api/mqtt/mqttClient.ts', 'src/api/mqtt/packets.ts'],
} as const satisfies Record<string, readonly string[]>;

export type SharedChunk = keyof typeof SHARED_CHUNKS;

/** The shared chunk that module `id` (a path or a bundler's id ending in one) goes in, if any. */
export function sharedChunkOf(id: string): SharedChunk | undefined {
  return (Object.keys(SHARED_CHUNKS) as SharedChunk[]).find((chunk) => SHARED_CHUNKS[chunk].some((path) => id.endsWith(path)));
}
