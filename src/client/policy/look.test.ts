import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatClientsOnFakeService } from '../../test/chatClientOnFakeService.ts';
import { until } from '../../test/fakeFetch.ts';
import { createFakeService } from '../../test/fakeService.ts';
import { createMemoryStore } from '../platform/storage.ts';

const startClient = chatClientsOnFakeService();

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

/** Resolves once the client has kept the labels the service answered for `lang` (look.ts `loadLabels`). */
function labelsKept(projectId: string, lang: string): Promise<void> {
  const setItem = vi.spyOn(localStorage, 'setItem');
  return until(() => expect(setItem).toHaveBeenCalledWith(`porchlight:labels:${projectId}:${lang}`, expect.any(String)));
}

describe("the service's labels", () => {
  it('render views again only when they change what the last visit showed', async () => {
    const service = createFakeService();
    service.setLabels('EN', { LABEL_PLACEHOLDER: 'Ask the shop anything' });
    const first = startClient({ persistence: 'session' }, createMemoryStore(), service);
    await labelsKept(service.projectId, 'en');
    // A first visit: the service's labels replace the shipped texts, and views read them.
    expect(first.client.ui.labelsVersion.value).toBeGreaterThan(0);
    expect(first.client.t('LABEL_PLACEHOLDER')).toBe('Ask the shop anything');
    first.client.dispose();
    vi.restoreAllMocks();

    // The next page: the same labels as kept, so nothing renders again (a parked window with a
    // long history would re-render in one long task for nothing).
    const again = startClient({ persistence: 'session' }, createMemoryStore(), service);
    expect(again.client.t('LABEL_PLACEHOLDER')).toBe('Ask the shop anything');
    await labelsKept(service.projectId, 'en');
    expect(again.client.ui.labelsVersion.value).toBe(0);
    again.client.dispose();
    vi.restoreAllMocks();

    // The project changed a label since: views read it.
    service.setLabels('EN', { LABEL_PLACEHOLDER: 'Write to the shop' });
    const changed = startClient({ persistence: 'session' }, createMemoryStore(), service);
    await labelsKept(service.projectId, 'en');
    expect(changed.client.ui.labelsVersion.value).toBeGreaterThan(0);
    expect(changed.client.t('LABEL_PLACEHOLDER')).toBe('Write to the shop');
  });
});
