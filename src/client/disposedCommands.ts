import type { ChatCommands } from './types.ts';

/** What a command called after `dispose()` rejects with. */
export class ChatDisposedError extends Error {
  /** The command that was called. */
  readonly command: string;
  constructor(command: string) {
    super(`Porchlight: \`${command}\` after dispose()`);
    this.name = 'ChatDisposedError';
    this.command = command;
  }
}

/** The commands that answer with a promise: `Record` so that a new one must be named here to compile. */
type AnsweringCommand = { [K in keyof ChatCommands]: ReturnType<ChatCommands[K]> extends Promise<unknown> ? K : never }[keyof ChatCommands];
const ANSWERING: Record<AnsweringCommand, 1> = { send: 1, rate: 1, reset: 1, signInWithCustomToken: 1, logout: 1, transcript: 1 };

/**
 * `commands` until the client is disposed; after it, a command that answers with a promise rejects
 * with ChatDisposedError (a message sent then is neither sent nor kept: the caller must know), and
 * the others do nothing (a view's or page's late click is no error).
 */
export function untilDisposed(commands: ChatCommands, disposed: () => boolean): ChatCommands {
  const guarded: Record<string, unknown> = {};
  for (const [name, command] of Object.entries(commands) as Array<[string, (...args: unknown[]) => unknown]>)
    guarded[name] = (...args: unknown[]) => (!disposed() ? command(...args) : name in ANSWERING ? Promise.reject(new ChatDisposedError(name)) : undefined);
  return guarded as unknown as ChatCommands;
}
