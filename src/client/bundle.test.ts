// @vitest-environment node
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

describe('porchlight/client', () => {
  it('bundles without Preact: a React or Vue app gets no second UI framework', async () => {
    const result = await build({ entryPoints: ['src/client/index.ts'], bundle: true, format: 'esm', write: false, metafile: true, logLevel: 'silent' });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('src/client/client.ts'))).toBe(true);
    expect(inputs.filter((path) => /node_modules\/(preact|@preact\/signals\/)/.test(path))).toEqual([]);
    expect(inputs.filter((path) => /src\/ui\//.test(path))).toEqual([]);
  }, 30_000);
});
