import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_FILE_SIZE } from './files.ts';
import { readFileSync } from 'node:fs';
import { type Kit, PID, putDemo, startKit } from './testkit.ts';

/** A real PNG: the demo's sample picture. */
const samplePng = () => readFileSync(new URL('../assets/sample.png', import.meta.url));

let kit: Kit;
let token: string;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(() => kit.demo.close());
beforeEach(async () => {
  await kit.reset();
  token = (await kit.guest()).token;
});

function upload(file: Blob, name: string, field = 'file', auth: string | null = token): Promise<Response> {
  const form = new FormData();
  form.append(field, file, name);
  return kit.call(`/${PID}/files/chat`, { method: 'POST', body: form, token: auth ?? undefined });
}

const png = () => new Blob([new Uint8Array(samplePng())], { type: 'image/png' });

describe('POST /:pid/files/chat', () => {
  it('stores a file: 201 with the repository path, readable without auth', async () => {
    const res = await upload(png(), 'porch light.png');
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: string; filename: string };
    expect(body.message).toBe('File uploaded successfully');
    expect(body.filename).toMatch(/^uploads\/users\/[0-9a-f-]{36}\/files\/[0-9a-f-]{36}\/porch light\.png$/);
    const read = await kit.call(`/files?path=${encodeURIComponent(body.filename)}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await read.arrayBuffer()).equals(samplePng())).toBe(true);
    const download = await kit.call(`/files/download?path=${encodeURIComponent(body.filename)}`);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="porch light.png"');
  });

  it('answers 404 {"success":false,"error":"File not found."} for an unknown path', async () => {
    for (const path of ['/files?path=uploads%2Fnope.png', '/files/download?path=nope', '/files']) {
      const res = await kit.call(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ success: false, error: 'File not found.' });
    }
    expect(await (await kit.call('/images?path=x')).json()).toEqual({ success: false, msg: 'Image not found.' });
  });

  it('answers 413 past 1,024,000 bytes', async () => {
    const big = new Blob([new Uint8Array(MAX_UPLOAD_FILE_SIZE + 1)], { type: 'text/plain' });
    const res = await upload(big, 'big.txt');
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, error: 'File too large', code: 'LIMIT_FILE_SIZE' });
    const far = new Blob([new Uint8Array(3 * MAX_UPLOAD_FILE_SIZE)], { type: 'text/plain' });
    expect((await upload(far, 'far.txt')).status).toBe(413);
  });

  it('answers 403 for an extension outside the allow-list, unless the widget allows it', async () => {
    const exe = new Blob(['MZ...'], { type: 'application/x-msdownload' });
    const res = await upload(exe, 'tool.exe');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ success: false, error: 'File extension .exe is not allowed' });
    await putDemo(kit, 'project', { widget: { allowedUploadExtentions: '.exe' } });
    expect((await upload(exe, 'tool.exe')).status).toBe(201);
    expect((await upload(png(), 'a.png')).status).toBe(403);
  });

  it('answers 403 when the declared type or the content does not match', async () => {
    const declared = await upload(new Blob(['hello'], { type: 'image/png' }), 'note.txt');
    expect(declared.status).toBe(403);
    expect(await declared.json()).toEqual({ success: false, error: 'File content does not match mimetype. Detected: image/png, provided: text/plain' });
    const content = await upload(new Blob(['not a png'], { type: 'image/png' }), 'fake.png');
    expect(content.status).toBe(403);
    expect(await content.json()).toEqual({ success: false, error: 'File content does not match mimetype. Detected: unknown, provided: image/png' });
    expect((await upload(new Blob(['plain text'], { type: 'text/plain' }), 'note.txt')).status).toBe(201);
  });

  it('answers 400 for another field name, 500 with no file, 401 without a token', async () => {
    const wrong = await upload(png(), 'a.png', 'attachment');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ success: false, error: 'Unexpected field', code: 'LIMIT_UNEXPECTED_FILE' });
    const form = new FormData();
    form.append('note', 'no file');
    const none = await kit.call(`/${PID}/files/chat`, { method: 'POST', body: form, token });
    expect(none.status).toBe(500);
    expect(await none.json()).toEqual({ success: false, error: 'Error updating file chunks' });
    expect((await upload(png(), 'a.png', 'file', null)).status).toBe(401);
  });
});
