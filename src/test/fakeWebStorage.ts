/** A Web Storage (sessionStorage, localStorage) over a Map the test can look into; `overrides` make it fail. */
export function fakeWebStorage(overrides: Partial<Storage> = {}): { storage: Storage; map: Map<string, string> } {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
    ...overrides,
  } as Storage;
  return { storage, map };
}
