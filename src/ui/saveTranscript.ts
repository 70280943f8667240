import type { Intents } from './context.ts';

/**
 * Hands the visitor the conversation as a text file (`client.transcript()`): a download of a blob,
 * so it works without a pop-up and without leaving for the service's page. The client reports a
 * failure as an `error` event; the button simply works again on the next click.
 */
export async function saveTranscript(intents: Pick<Intents, 'transcript'>, doc: Document = document): Promise<void> {
  const { text, fileName } = await intents.transcript().catch(() => ({ text: '', fileName: '' }));
  if (!fileName) return;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The download has its own copy once it started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
