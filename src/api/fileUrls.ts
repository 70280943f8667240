import { joinUrl } from './http.ts';

/** Kept apart from the uploads (files.ts, a chunk of their own): avatars need these on every open. */
/** Where the service serves an uploaded file (no auth): `GET /files?path=<encoded filename>`. */
export function fileUrl(apiUrl: string, filename: string): string {
  return joinUrl(apiUrl, `/files?path=${encodeURIComponent(filename)}`);
}

/**
 * An agent's or bot's photo, where the official widget looks for it:
 * `{apiUrl}/files?path=uploads/users/{id}/images/photo.jpg`, with a bot's `bot_` prefix stripped.
 * A user without a photo answers 404; the view then shows initials.
 */
export function userPhotoUrl(apiUrl: string, userId: string): string {
  return fileUrl(apiUrl, `uploads/users/${userId.replace(/^bot_/, '')}/images/photo.jpg`);
}
