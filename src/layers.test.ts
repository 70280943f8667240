// @vitest-environment node
/**
 * The layer boundaries of docs/architecture.md, as eslint.config.js encodes them: each case is a
 * module that imports across a boundary (or legitimately does not), linted as if it lived there.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
// The boundary rules need no type information; without it the snippets need no files on disk.
// `ignore: false`: the temporary ignore block must not hide a layer from this test.
const eslint = new ESLint({ cwd: root, ignore: false, overrideConfig: [tseslint.configs.disableTypeChecked] });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId?.endsWith('no-restricted-imports')).map((m) => m.message);
}

const cases: Array<[layer: string, file: string, code: string, allowed: boolean]> = [
  ['api', 'src/api/probe.ts', "import { createUi } from '../client/ui-state/ui.ts';", false],
  ['api', 'src/api/probe.ts', "import { signal } from '@preact/signals';", false],
  ['api', 'src/api/probe.ts', "import { createChatClient } from '../client/index.ts';", false],
  ['api', 'src/api/probe.ts', "import { createHttp } from './http.ts';", true],
  ['state', 'src/state/probe.ts', "import { App } from '../ui/App.tsx';", false],
  ['state', 'src/state/probe.ts', "import { useEffect } from 'preact/hooks';", false],
  ['state', 'src/state/probe.ts', "import { signal } from '@preact/signals';", false],
  ['state', 'src/state/probe.ts', "import { computed } from '@preact/signals-core';", false],
  ['state', 'src/state/probe.ts', "import { createSession } from '../client/session/session.ts';", false],
  ['state', 'src/state/probe.ts', "import { postMessage } from '../api/messages.ts';", false],
  ['state', 'src/state/probe.ts', "import { isRecord } from '../api/normalize/guards.ts';", false],
  ['state', 'src/state/probe.ts', "export { isRecord } from '../api/normalize/guards.ts';", false],
  ['state', 'src/state/probe.ts', "import type { WireMessage } from '../api/wire.ts';", true],
  ['state', 'src/state/probe.ts', "import { type WireMessage } from '../api/wire.ts';", true],
  ['state', 'src/state/probe.ts', "import { isInfo } from './chatMessage.ts';", true],
  ['client', 'src/client/probe.ts', "import { h } from 'preact';", false],
  ['client', 'src/client/probe.ts', "import { translator } from '../ui/context.ts';", false],
  ['client', 'src/client/probe.ts', "import { createSession } from '../client/session/session.ts';", true],
  ['client wings', 'src/client/delivery/probe.ts', "import type { ConversationModel } from '../conversation/conversation.ts';", false],
  ['client wings', 'src/client/session/probe.ts', "import { createOutbox } from '../delivery/outbox.ts';", false],
  ['client wings', 'src/client/platform/probe.ts', "import { createUi } from '../ui-state/ui.ts';", false],
  ['client wings', 'src/client/live/probe.ts', "import { createChatClient } from '../client.ts';", false],
  ['client wings', 'src/client/conversation/probe.ts', "import { createChatWindow } from '../policy/chatWindow.ts';", false],
  ['client wings', 'src/client/delivery/probe.ts', "import { openStore } from '../platform/storage.ts';", true],
  ['client wings', 'src/client/conversation/probe.ts', "import { createOutbox } from '../delivery/outbox.ts';", true],
  ['client wings', 'src/client/policy/probe.ts', "import { createUi } from '../ui-state/ui.ts';", true],
  ['client wings', 'src/client/probe.ts', "import { createChatWindow } from './policy/chatWindow.ts';", true],
  ['ui', 'src/ui/Probe.tsx', "import { postMessage } from '../api/messages.ts';", false],
  ['ui', 'src/ui/Probe.tsx', "import type { WireMessage } from '../api/wire.ts';", true],
  ['ui', 'src/ui/Probe.tsx', "import { createChatClient } from '../client/index.ts';", true],
  ['ui', 'src/ui/Probe.tsx', "import { createWidget } from '../widget.ts';", false],
  ['loader', 'embed/probe.ts', "import { mount } from '../src/index.ts';", false],
  ['loader', 'embed/probe.ts', "import type { WidgetSettings } from '../src/state/settings.ts';", true],
  ['loader', 'embed/probe.ts', "import { h } from 'preact';", false],
];

describe('layer boundaries (eslint.config.js)', () => {
  it.each(cases)('%s: %s `%s` allowed: %s', async (_layer, file, code, allowed) => {
    const errors = await boundaryErrors(file, code);
    expect(errors.length === 0).toBe(allowed);
  });

  it('tests may reach across layers', async () => {
    expect(await boundaryErrors('src/api/probe.test.ts', "import { createUi } from '../client/ui-state/ui.ts';")).toEqual([]);
  });
});
