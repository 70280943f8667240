// @vitest-environment node
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_CHUNKS, sharedChunkOf } from './chunks.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the chunk registry', () => {
  it('names modules that exist, each in one chunk at most', () => {
    const named = Object.values(SHARED_CHUNKS).flat();
    for (const path of named) expect(existsSync(root + path), path).toBe(true);
    expect(new Set(named).size).toBe(named.length);
  });

  it('has the later commands in the chunk the client prefetches by them once the window is open', () => {
    expect(sharedChunkOf('src/client/laterCommands.ts')).toBe('later');
  });

  it('tells the bundler the chunk of a module by its id (an absolute path)', () => {
    expect(sharedChunkOf(`${root}src/client/laterCommands.ts`)).toBe('later');
    expect(sharedChunkOf(`${root}src/client/conversation/journalRecovery.ts`)).toBe('returning');
    expect(sharedChunkOf(`${root}src/client/live/realtime.ts`)).toBe('realtime');
    expect(sharedChunkOf(`${root}src/client/client.ts`)).toBeUndefined();
  });
});
